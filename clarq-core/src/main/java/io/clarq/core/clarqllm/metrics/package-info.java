/**
 * ClarQ-LLM's metrics as pure functions (docs/protocol/clarq-llm.md §5): success (verbatim stages, then the judge for
 * what they cannot decide), AQD and AQL exactly as the reference computes them, each with a per-dialogue breakdown.
 * Start with {@link io.clarq.core.clarqllm.metrics.ClarqMetrics} (the functions) and
 * {@link io.clarq.core.clarqllm.metrics.ClarqSummary} (the figures of a run).
 */
package io.clarq.core.clarqllm.metrics;
