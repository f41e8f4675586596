/**
 * The reference ClarQ-LLM code (github.com/ygan/ClarQ-LLM, MIT), fetched as the {@code clarq-llm-reference} data
 * set, and what clarq derives from it: the reference prompt pack and the GPT-4o judge's verdicts. The prompt
 * templates are read out of the Python sources by a small reader of the Python they are written in; the verdicts
 * out of the judge's pickled cache with Pyrolite. No Python runs, and no prompt text is held here.
 * Start with {@link io.clarq.datasets.clarqllm.reference.ClarqLlmReference}.
 */
package io.clarq.datasets.clarqllm.reference;
