/**
 * Reports of ClarQ-LLM runs: the figures with their intervals as JSON, the per-dialogue score breakdowns that
 * make a run directory self-describing, and the self-contained HTML report ({@link io.clarq.eval.report.RunReport}).
 */
package io.clarq.eval.report;
