/** {@code clarq cq}: clarifying-question generation: generating questions from facets, rubric judging, and merging shards. */
package io.clarq.examples.cli.cq;
