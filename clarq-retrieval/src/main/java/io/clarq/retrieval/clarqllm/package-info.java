/**
 * The offline provider: a deterministic ClarQ-LLM provider without a language model. It reads the intent of a seeker
 * turn with rules and picks among the available response-tree nodes by TF-IDF cosine over node text and purpose.
 * Start with {@link io.clarq.retrieval.clarqllm.OfflineProvider}.
 */
package io.clarq.retrieval.clarqllm;
