/**
 * The ClarQ-LLM judge backed by a language model: the evaluator's step-4 question in English and Chinese, read as
 * {@code {analysis, match}}, with unreadable replies recorded as unparsed.
 * Start with {@link io.clarq.core.clarqllm.judge.llm.LlmJudge}.
 */
package io.clarq.core.clarqllm.judge.llm;
