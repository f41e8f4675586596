/**
 * The ClarQ-LLM judge backed by a language model: the evaluator's step-4 question in English and Chinese, read as
 * {@code {analysis, match}}, with unreadable replies recorded as unparsed.
 */
package io.clarq.core.clarqllm.judge.llm;
