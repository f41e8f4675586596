/**
 * One asking agent for every interactive benchmark: an {@link io.clarq.core.asking.AskingAgent} sees a
 * benchmark-neutral {@link io.clarq.core.asking.AskingTurn} (the task statement, the conversation as role-tagged
 * {@link io.clarq.core.asking.Message}s, the actions allowed) and returns one {@link io.clarq.core.asking.AskingAction}.
 * Adapters in each benchmark's package make it a ClarQ-LLM seeker, a MediQ expert, a TOA asker and a CQ generator;
 * {@link io.clarq.core.asking.AskingAgents} makes one from a command-line spec. Start at {@code AskingAgent}.
 */
package io.clarq.core.asking;
