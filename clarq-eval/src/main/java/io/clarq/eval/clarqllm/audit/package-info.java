/**
 * The provider audit: replays a provider on the recorded turns of the published ClarQ-LLM runs, with the tree state
 * the GPT-4o provider had, and measures how often it makes the same choice (docs/protocol/clarq-llm.md §7).
 * Start with {@link io.clarq.eval.clarqllm.audit.ProviderAudit}.
 */
package io.clarq.eval.clarqllm.audit;
