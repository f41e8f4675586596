/**
 * Internal: used by clarq's modules, not part of its API (left out of the javadoc; may change in any release).
 * Lucene analysis chains shared by question ranking and document retrieval: the English chain Anserini uses
 * (standard tokenizer, possessives, lower case, Lucene's English stopwords, Porter stemming).
 */
package io.clarq.retrieval.analysis;
