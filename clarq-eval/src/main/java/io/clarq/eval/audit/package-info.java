/**
 * The provider audit: replays a provider on the recorded turns of the published ClarQ-LLM runs, with the tree state
 * the GPT-4o provider had, and measures how often it makes the same choice (clarq-llm-protocol.md §7).
 */
package io.clarq.eval.audit;
