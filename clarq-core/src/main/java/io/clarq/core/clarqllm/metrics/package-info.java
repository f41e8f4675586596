/**
 * ClarQ-LLM's metrics as pure functions (docs/protocol/clarq-llm.md §5): success (verbatim stages, then the judge for
 * what they cannot decide), AQD and AQL exactly as the reference computes them, each with a per-dialogue breakdown.
 */
package io.clarq.core.clarqllm.metrics;
