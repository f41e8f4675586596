package io.clarq.examples.bench;

import io.clarq.core.clariq.ClariqRequest;
import io.clarq.core.clariq.ClariqSplit;
import io.clarq.core.clariq.QuestionBank;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.clariq.ClarificationNeedRun;
import io.clarq.datasets.clariq.ClariqDataDir;
import io.clarq.datasets.trec.RunFile;
import io.clarq.eval.clariq.ClarificationNeedBaseline;
import io.clarq.eval.clariq.ClariqEvaluator;
import io.clarq.eval.clariq.ClariqTask;
import io.clarq.eval.clariq.QuestionRanking;
import io.clarq.eval.clariq.retrieval.CacmExperiment;
import io.clarq.eval.clariq.retrieval.RetrievalScores;
import io.clarq.eval.clariq.retrieval.RetrievalSetup;
import io.clarq.retrieval.clariq.question.QuestionRanker;
import io.clarq.retrieval.clariq.question.QuestionRankerConfig;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Times ClariQ question ranking (all dev topics), the evaluation of a run, and the CACM retrieval runs, and prints
 * the effectiveness figures they produce. Run: see docs/benchmarks.md.
 */
public final class ClariqBenchmark {
  private static final int REPEATS = 10;

  private ClariqBenchmark() {}

  public static void main(String[] args) {
    BenchmarkProbe.main(args);
    Path data = SharedData.root().resolve("clariq");
    ClariqDataDir dir = new ClariqDataDir(data);
    QuestionBank bank = dir.questionBank();
    List<ClariqRequest> dev = QuestionRanking.requests(dir, ClariqSplit.DEV);

    long t0 = System.nanoTime();
    QuestionRanker ranker = new QuestionRanker(bank, QuestionRankerConfig.DEFAULT);
    System.out.printf("index the question bank (%d questions): %.1f ms%n", bank.size(), ms(t0));
    double rankMs = median(() -> QuestionRanking.rank(ranker, dev, 30, "bench").size());
    System.out.printf("rank all %d dev topics (BM25+RM3, depth 30): median %.1f ms over %d runs%n", dev.size(), rankMs, REPEATS);
    Path devBm25 = data.resolve("sample_runs/dev_bm25");
    double evalMs = median(() -> ClariqEvaluator.evaluate(data, ClariqTask.QUESTION_RELEVANCE, ClariqSplit.DEV, devBm25,
        false, null).means().size());
    System.out.printf("evaluate a run (question_relevance, dev_bm25, files read and parsed): median %.1f ms%n", evalMs);

    for (QuestionRankerConfig c : List.of(QuestionRankerConfig.DEFAULT, QuestionRankerConfig.DEFAULT.withRm3(null))) {
      try (QuestionRanker r = new QuestionRanker(bank, c)) {
        for (ClariqSplit split : List.of(ClariqSplit.DEV, ClariqSplit.TEST)) {
          RunFile run = new RunFile(Path.of("in-memory"),
              QuestionRanking.rank(r, QuestionRanking.requests(dir, split), 30, "bench"), List.of());
          Map<String, Double> m = ClariqEvaluator.questionRelevance(dir.topics(split), run, false).means();
          System.out.printf("question ranking %s rm3=%s, %s: %s%n", c.bm25(), c.rm3() != null, split.id(), m);
        }
      }
    }
    ranker.close();

    var predictor = ClarificationNeedBaseline.train(dir);
    for (ClariqSplit split : List.of(ClariqSplit.DEV, ClariqSplit.TEST)) {
      Map<Integer, Integer> labels = ClarificationNeedBaseline.predict(predictor, QuestionRanking.requests(dir, split));
      var report = ClariqEvaluator.clarificationNeed(dir.topics(split),
          new ClarificationNeedRun(Path.of("in-memory"), labels, labels, List.of()), false);
      System.out.printf("clarification need baseline, %s: %s%n", split.id(), report.officialLines());
    }

    t0 = System.nanoTime();
    try (CacmExperiment cacm = CacmExperiment.open(SharedData.root().resolve("cacm"))) {
      System.out.printf("CACM: read and index %d documents: %.0f ms%n", cacm.index().documentCount(), ms(t0));
      for (RetrievalSetup s : RetrievalSetup.values()) {
        long t1 = System.nanoTime();
        RetrievalScores scores = cacm.evaluate(s.id(), s.model(), s.rm3(), Map.of());
        System.out.printf("CACM %-8s MAP %.4f P@30 %.4f (64 topics searched and scored in %.0f ms)%n", s.id(),
            scores.mean("map"), scores.mean("P_30"), ms(t1));
      }
    }
  }

  private static double median(Supplier<Integer> work) {
    for (int i = 0; i < 3; i++) {
      work.get();
    }
    double[] times = new double[REPEATS];
    for (int i = 0; i < REPEATS; i++) {
      long t = System.nanoTime();
      work.get();
      times[i] = ms(t);
    }
    Arrays.sort(times);
    return times[REPEATS / 2];
  }

  private static double ms(long start) {
    return (System.nanoTime() - start) / 1e6;
  }
}
