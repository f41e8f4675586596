/**
 * The offline TOA oracle: BM25 (Lucene) over one example's candidate responses, with English analysis; answers
 * questions without any language model.
 * Start with {@link io.clarq.retrieval.toa.Bm25Oracle}.
 */
package io.clarq.retrieval.toa;
