/**
 * The judge the ClarQ-LLM evaluator asks about gold lines the verbatim check cannot decide
 * (docs/protocol/clarq-llm.md §5 step 4), and its verdicts.
 * Start with {@link io.clarq.core.clarqllm.judge.Judge}, the SPI.
 */
package io.clarq.core.clarqllm.judge;
