/**
 * Clarifying-question generation and judging: the template baseline, the facet-constrained LLM generator, the LLM
 * rubric judge, and the runs that score generated questions (overlap, rubric shares, ClariQ document relevance).
 */
package io.clarq.eval.cq;
