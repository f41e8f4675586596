/**
 * Scoring recorded dialogues: a published results file or a clarq JSONL transcript is read, matched with its
 * tasks and scored with core's ClarQ-LLM metrics; the verdict-cache judge replays recorded judge verdicts.
 * Start with {@link io.clarq.eval.clarqllm.evaluate.ClarqEvaluation}.
 */
package io.clarq.eval.clarqllm.evaluate;
