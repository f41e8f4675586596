/**
 * Lucene analysis chains shared by question ranking and document retrieval: the English chain Anserini uses
 * (standard tokenizer, possessives, lower case, Lucene's English stopwords, Porter stemming).
 */
package io.clarq.retrieval.analysis;
