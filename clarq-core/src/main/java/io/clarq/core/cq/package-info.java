/**
 * Clarifying-question generation from a request and one of its facets (ClariQ-FKw; Wang et al., WWW 2023): the
 * generation request and result types, the {@link io.clarq.core.cq.QuestionGenerator} and
 * {@link io.clarq.core.cq.RubricJudge} SPIs, and the overlap metrics (BLEU-4, ROUGE-L) as pure functions.
 */
package io.clarq.core.cq;
