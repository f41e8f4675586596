/**
 * The LLM-backed TOA agents, each talking to a model through {@link io.clarq.core.llm.LlmClient}: the asker (our
 * prompt templates, or a prompt text such as the paper's), the yes/no-scoring and the numbered-choice oracles, and
 * the primary model.
 */
package io.clarq.core.toa.llm;
