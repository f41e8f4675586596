/**
 * Clarifying-question selection for ClariQ: Lucene BM25 (optionally with RM3) over the question bank for a request,
 * multi-turn selection that never repeats a question and knows when to ask nothing, and a clarification-need
 * predictor.
 * Start with {@link io.clarq.retrieval.clariq.question.QuestionRanker}.
 */
package io.clarq.retrieval.clariq.question;
