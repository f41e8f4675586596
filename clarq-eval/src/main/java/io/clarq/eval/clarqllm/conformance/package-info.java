/**
 * Conformance with the paper's code: replays the reference traces (every LLM request the reference ClarQ-LLM code
 * made, with the reply it got) against clarq's agents and prompt pack, serving each recorded reply only for a
 * byte-identical request, and checks every utterance, transcript, stop and judge result.
 * Start with {@link io.clarq.eval.clarqllm.conformance.ConformanceCheck}.
 */
package io.clarq.eval.clarqllm.conformance;
