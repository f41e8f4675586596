/**
 * Prompt packs: every prompt and fixed utterance the LLM-backed agents (ClarQ-LLM provider, multi-info merge, seekers
 * and judge; TOA asker, oracles and primary model; CQ generator and rubric judge) send or say, loaded at run time from
 * template files in one layout per benchmark ({@link io.clarq.core.prompt.PackLayout}). clarq's own packs live in this
 * module's resources; the papers' words are data, read at run time. {@link io.clarq.core.prompt.AgentBuilder} is the
 * one way the agents are made: a client (which carries the model) and a pack.
 */
package io.clarq.core.prompt;
