/**
 * MediQ without a model: the offline patient ({@link io.clarq.retrieval.mediq.OfflinePatient}), which answers from
 * a case's atomic facts ranked by BM25.
 */
package io.clarq.retrieval.mediq;
