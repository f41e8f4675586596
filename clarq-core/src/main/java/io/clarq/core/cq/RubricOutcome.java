package io.clarq.core.cq;

/**
 * What a rubric judge returned for one candidate question: a rating on both scales, or a reply it could not read.
 * An unparsed reply is never read as a grade; summaries count it on its own.
 */
public sealed interface RubricOutcome permits RubricRating, UnparsedRating {}
