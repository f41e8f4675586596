/**
 * A rule-based seeker without a language model, for demos and smoke tests: it asks about its task, follows up on
 * the things the provider's replies mention and on the briefing items it has no use for yet, then says goodbye.
 * Start with {@link io.clarq.core.clarqllm.seeker.rule.RuleBasedSeeker}.
 */
package io.clarq.core.clarqllm.seeker.rule;
