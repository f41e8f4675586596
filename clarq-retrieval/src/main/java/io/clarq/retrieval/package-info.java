/** Everything Lucene: question ranking, document retrieval, the offline provider and oracle, language analyzers. */
package io.clarq.retrieval;
