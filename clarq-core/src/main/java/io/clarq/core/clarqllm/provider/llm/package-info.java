/**
 * The LLM-backed provider agent of ClarQ-LLM (docs/protocol/clarq-llm.md §4): the relevance gate, the six-way intent
 * classifier, tree-gated node matching in three passes, Response II generation and the multi-info merge.
 * Start with {@link io.clarq.core.clarqllm.provider.llm.LlmProviderAgent}.
 */
package io.clarq.core.clarqllm.provider.llm;
