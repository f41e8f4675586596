/**
 * Paired comparisons of ClarQ-LLM runs on the dialogues they share: McNemar's exact test on success and paired
 * bootstrap intervals for the differences in success, AQD and AQL, overall and per task type.
 */
package io.clarq.eval.compare;
