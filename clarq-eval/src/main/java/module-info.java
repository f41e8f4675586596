/**
 * clarq-eval: running the benchmarks: the kernel under every benchmark, each benchmark's play, scoring, reports and
 * conformance, paired comparison and leaderboards. Start with {@link io.clarq.eval.clarqllm.ClarqEvaluator}; a
 * consumer's module needs only {@code requires io.clarq.eval;} (it brings clarq-core, clarq-datasets and
 * clarq-retrieval).
 */
module io.clarq.eval {
  requires transitive io.clarq.core;
  requires transitive io.clarq.datasets;
  requires transitive io.clarq.retrieval;
  requires java.desktop;
  requires org.jfree.jfreechart;
  requires org.jfree.svg;
  requires org.jsoup;
  requires org.slf4j;

  exports io.clarq.eval.clariq;
  exports io.clarq.eval.clariq.retrieval;
  exports io.clarq.eval.clarqllm;
  exports io.clarq.eval.clarqllm.audit;
  exports io.clarq.eval.clarqllm.conformance;
  exports io.clarq.eval.clarqllm.evaluate;
  exports io.clarq.eval.compare;
  exports io.clarq.eval.cq;
  exports io.clarq.eval.kernel;
  exports io.clarq.eval.leaderboard;
  exports io.clarq.eval.mediq;
  exports io.clarq.eval.report;
  exports io.clarq.eval.results;
  exports io.clarq.eval.scorecard;
  exports io.clarq.eval.suite;
  exports io.clarq.eval.toa;

  uses io.clarq.eval.compare.OutcomeSource;

  // as META-INF/services/io.clarq.eval.compare.OutcomeSource lists them (for the class path); ModuleServicesTest
  // keeps the two in step
  provides io.clarq.eval.compare.OutcomeSource with
      io.clarq.eval.mediq.MediqOutcomeSource,
      io.clarq.eval.toa.ToaOutcomeSource,
      io.clarq.eval.cq.CqOutcomeSource;
}
