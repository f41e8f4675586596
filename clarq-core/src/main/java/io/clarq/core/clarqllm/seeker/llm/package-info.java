/**
 * The paper's two baseline LLM seekers (docs/protocol/clarq-llm.md §3): Completion mode (one user message holding the
 * briefing and the transcript) and Chat mode (the briefing as system message, the dialogue as chat turns).
 * Start with {@link io.clarq.core.clarqllm.seeker.llm.LlmSeeker}.
 */
package io.clarq.core.clarqllm.seeker.llm;
