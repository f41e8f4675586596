/**
 * ClariQ's files: the labelled TSVs, test.tsv, the question bank, the human-generated multi-turn data, and the
 * clarification-need and multi-turn run formats, read with text preserved exactly.
 * Start with {@link io.clarq.datasets.clariq.ClariqDataDir}.
 */
package io.clarq.datasets.clariq;
