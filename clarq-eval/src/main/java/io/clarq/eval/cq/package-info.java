/**
 * Clarifying-question generation and judging: the template baseline, the facet-constrained LLM generator, the LLM
 * rubric judge, and the runs that score generated questions (overlap, rubric shares, ClariQ document relevance).
 * Start with {@link io.clarq.eval.cq.CqGenerationRun}.
 */
package io.clarq.eval.cq;
