/**
 * A ClarQ-LLM judge that needs no model: it answers the reference judge's question from the text alone, and
 * deliberately errs towards "no".
 * Start with {@link io.clarq.core.clarqllm.judge.offline.OfflineJudge}.
 */
package io.clarq.core.clarqllm.judge.offline;
