/**
 * ClariQ (Aliannejadi et al. 2021) as immutable types: topics and their initial requests, facets, clarifying
 * questions and the question bank, clarification-need labels, and the contexts of multi-turn conversations.
 * Start with {@link io.clarq.core.clariq.ClariqTopics} and {@link io.clarq.core.clariq.QuestionBank}.
 */
package io.clarq.core.clariq;
