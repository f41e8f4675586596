/**
 * Paired comparisons of ClarQ-LLM runs on the dialogues they share, one language at a time: McNemar's exact test on
 * success (per task type with Holm's adjustment beside it), the minimum detectable difference, and paired bootstrap
 * intervals for the differences in success, AQD and AQL; runs of different setups are refused unless allowed. Runs
 * of the other benchmarks are compared on their per-item outcomes ({@link io.clarq.eval.compare.ItemOutcome}, read
 * through each benchmark's {@link io.clarq.eval.compare.OutcomeSource}) under the same rules.
 */
package io.clarq.eval.compare;
