/**
 * ClariQ (Aliannejadi et al. 2021) as immutable types: topics and their initial requests, facets, clarifying
 * questions and the question bank, clarification-need labels, and the contexts of multi-turn conversations.
 */
package io.clarq.core.clariq;
