/**
 * Document retrieval with Lucene, configured to reproduce Anserini's published regressions: an index of a TREC-style
 * collection (read from a tar.gz of HTML files), bag-of-words queries, BM25, query likelihood with Dirichlet
 * smoothing, and RM3 feedback.
 * Start with {@link io.clarq.retrieval.clariq.document.DocumentIndex} and
 * {@link io.clarq.retrieval.clariq.document.DocumentSearcher}.
 */
package io.clarq.retrieval.clariq.document;
