/**
 * The seeker side of ClarQ-LLM: {@link io.clarq.core.clarqllm.seeker.SeekerAgent}, the extension point for the agent under
 * test, which sees only its briefing and the dialogue so far.
 */
package io.clarq.core.clarqllm.seeker;
