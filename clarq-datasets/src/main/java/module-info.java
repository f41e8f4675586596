/**
 * clarq-datasets: the file formats of the benchmarks' data sets, transcripts and runs, and fetching public data into
 * a local cache. Start with {@link io.clarq.datasets.clarqllm.demo.DemoTasks} (ClarQ-LLM tasks shipped in the jar)
 * and {@link io.clarq.datasets.fetch.DataCatalog} (what {@code clarq data fetch} can get).
 */
@SuppressWarnings({"requires-automatic"})
module io.clarq.datasets {
  requires transitive io.clarq.core;
  requires java.net.http;
  requires org.apache.commons.csv;
  requires org.slf4j;
  // Pyrolite's unpickler (the reference code's judge cache): its jar names no module, so the name comes from the file
  requires pickle;

  exports io.clarq.datasets.clariq;
  exports io.clarq.datasets.clarqllm;
  exports io.clarq.datasets.clarqllm.demo;
  exports io.clarq.datasets.clarqllm.reference;
  exports io.clarq.datasets.clarqllm.transcript;
  exports io.clarq.datasets.clarqllm.verdict;
  exports io.clarq.datasets.cq;
  exports io.clarq.datasets.fetch;
  exports io.clarq.datasets.jsonl;
  exports io.clarq.datasets.mediq;
  exports io.clarq.datasets.toa;
  exports io.clarq.datasets.trec;
}
