/**
 * clarq-retrieval: everything Lucene does for the benchmarks: question ranking and document retrieval for ClariQ,
 * the offline provider of ClarQ-LLM, the offline patient of MediQ and the offline oracle of TOA. Start with
 * {@link io.clarq.retrieval.clarqllm.OfflineProvider}.
 */
@SuppressWarnings({"module"})
module io.clarq.retrieval {
  requires transitive io.clarq.core;
  requires org.apache.lucene.core;
  requires org.apache.lucene.analysis.common;
  requires org.apache.commons.compress;
  requires org.jsoup;

  exports io.clarq.retrieval.clariq.document;
  exports io.clarq.retrieval.clariq.question;
  exports io.clarq.retrieval.clarqllm;
  exports io.clarq.retrieval.mediq;
  exports io.clarq.retrieval.toa;

  // internal: the analyzer chains, shared with clarq-eval's ClariQ runs
  exports io.clarq.retrieval.analysis to io.clarq.eval;
}
