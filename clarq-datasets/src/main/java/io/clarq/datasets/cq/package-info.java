/**
 * ClariQ-FKw (Sekulić et al., ICTIR 2021): requests with facet keywords and a reference clarifying question, and the
 * JSONL files clarq writes for generated questions and their rubric ratings.
 * Start with {@link io.clarq.datasets.cq.FkwDataset}.
 */
package io.clarq.datasets.cq;
