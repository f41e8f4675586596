package io.clarq.examples.bench;

import io.clarq.core.clarqllm.provider.ProviderAgent;
import io.clarq.core.clarqllm.provider.ProviderTurn;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskSet;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.clarqllm.ClarqLlmTasks;
import io.clarq.datasets.clarqllm.PublishedRun;
import io.clarq.datasets.clarqllm.PublishedRuns;
import io.clarq.eval.clarqllm.audit.ProviderAudit;
import io.clarq.eval.clarqllm.audit.RecordedTurn;
import io.clarq.retrieval.clarqllm.OfflineProvider;
import io.clarq.retrieval.clarqllm.OfflineProviderSettings;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Per-turn latency of the offline provider over the provider-audit turns of the six published runs, task types 1-13
 * (goal: under 5 ms median). The first pass uses a fresh provider, so each task's first turn includes building its
 * term statistics ("cold"); the next passes reuse them ("warm").
 *
 * <pre>
 * mvn -B -q -pl examples -am test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=io.clarq.examples.bench.OfflineProviderBenchmark
 * </pre>
 */
public final class OfflineProviderBenchmark {
  private static final int WARM_PASSES = 5;

  private OfflineProviderBenchmark() {}

  public static void main(String[] args) throws Exception {
    Path data = SharedData.require("clarq-llm");
    Map<Language, TaskSet> tasks = new EnumMap<>(Language.class);
    List<RecordedTurn> turns = new ArrayList<>();
    try (Stream<Path> files = Files.list(data.resolve("transcripts"))) {
      for (Path f : files.sorted().toList()) {
        PublishedRun run = PublishedRuns.load(f);
        TaskSet set = tasks.computeIfAbsent(run.language(), l -> ClarqLlmTasks.load(data.resolve("tasks"), l));
        turns.addAll(ProviderAudit.turns(run, set, type -> type <= 13));
      }
    }
    List<ProviderTurn> asked = turns.stream().map(RecordedTurn::providerTurn).toList();
    ProviderAgent single = new OfflineProvider();
    ProviderAgent multi = new OfflineProvider(OfflineProviderSettings.DEFAULTS.withMultiInfo(true));
    System.out.printf("offline provider, %d audit turns (6 published runs, types 1-13), %d cores%n", asked.size(),
        Runtime.getRuntime().availableProcessors());
    report("cold (first pass, term statistics built on each task's first turn)", time(turns, asked, single, multi));
    long[] warm = new long[0];
    for (int p = 0; p < WARM_PASSES; p++) {
      warm = time(turns, asked, single, multi);
    }
    report("warm (pass " + (WARM_PASSES + 1) + ")", warm);
  }

  private static long[] time(List<RecordedTurn> turns, List<ProviderTurn> asked, ProviderAgent single,
      ProviderAgent multi) throws Exception {
    long[] nanos = new long[asked.size()];
    for (int i = 0; i < asked.size(); i++) {
      ProviderAgent p = turns.get(i).run().contains("multi_info") ? multi : single;
      long t0 = System.nanoTime();
      p.reply(asked.get(i));
      nanos[i] = System.nanoTime() - t0;
    }
    return nanos;
  }

  private static void report(String label, long[] nanos) {
    long[] s = nanos.clone();
    Arrays.sort(s);
    System.out.printf("  %-70s median %.3f ms, p95 %.3f ms, max %.3f ms%n", label, ms(s[s.length / 2]),
        ms(s[(int) Math.ceil(s.length * 0.95) - 1]), ms(s[s.length - 1]));
  }

  private static double ms(long nanos) {
    return nanos / 1e6;
  }
}
