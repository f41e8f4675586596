/**
 * The judge-verdict file: one JSON object a line (language, gold, purpose, generated, match, analysis), in the exact
 * layout of the released {@code judge-verdicts.jsonl}, read and appended.
 * Start with {@link io.clarq.datasets.clarqllm.verdict.VerdictFile}.
 */
package io.clarq.datasets.clarqllm.verdict;
