/**
 * The LLM-backed TOA agents, each talking to a model through {@link io.clarq.core.llm.LlmClient} and speaking from a
 * prompt pack ({@link io.clarq.core.prompt.PackLayout#TOA}): the asker (our templates, or a prompt such as the
 * paper's in a {@link io.clarq.core.prompt.PackLayout#TOA_ASKER} pack), the yes/no-scoring and the numbered-choice
 * oracles, and the primary model.
 */
package io.clarq.core.toa.llm;
