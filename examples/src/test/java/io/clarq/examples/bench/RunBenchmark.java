package io.clarq.examples.bench;

import com.sun.management.GarbageCollectionNotificationInfo;
import com.sun.management.OperatingSystemMXBean;
import io.clarq.core.clarqllm.provider.llm.LlmProviderAgent;
import io.clarq.core.clarqllm.seeker.llm.LlmSeeker;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.core.clarqllm.transcript.TurnRecord;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmClients;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.prompt.PromptPack;
import io.clarq.core.testing.SharedData;
import io.clarq.eval.clarqllm.ClarqEvaluator;
import io.clarq.eval.clarqllm.RunConfig;
import io.clarq.eval.clarqllm.RunListener;
import io.clarq.eval.clarqllm.RunProgress;
import io.clarq.eval.clarqllm.RunResult;
import io.clarq.eval.clarqllm.TaskSelection;
import io.clarq.eval.clarqllm.TurnUsage;
import java.io.IOException;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * The runner's throughput, CPU and memory: the 260 English test tasks (or a selection), the Completion-mode seeker
 * and the standard provider against the simulated model ({@link SimulatedModelServer}) served over loopback by a
 * separate process, so the harness's CPU (this JVM's process CPU time) is measured apart from the server's (the
 * child's). Options:
 *
 * <ul>
 *   <li>{@code [IN_FLIGHT] [SERVERS]} (16 and 1): dialogues in flight (also each server's in-flight bound in the
 *       client) and how many servers serve the model;
 *   <li>{@code --latency MS} (50): each server's latency; with {@code --graded}, server k answers after k x MS, so
 *       with two servers one is twice as fast and the calls should split 2:1;
 *   <li>{@code --select SPEC}: a task selection ({@code 1-3}), to keep runs at long latencies short;
 *   <li>{@code --runs N} (1): the run repeated N times in this JVM on the same servers (each into a fresh directory),
 *       e.g. 10 runs of 260 dialogues to measure the heap 2,600 dialogues need;
 *   <li>{@code --goals}: the goals in one run: 2,600 dialogues (10 x 260 at 64 in flight, which also warm
 *       the JIT up), then 64 in flight on one server and 256 in flight over 4 servers, each stated as a ratio to its
 *       goal.
 * </ul>
 *
 * For every run: wall time against the ideal (the calls divided by the servers' combined rate at that many calls in
 * flight, never less than the longest dialogue's chain of calls at the fastest latency), the harness's and the
 * server's CPU per model call, the live heap's high-water mark (after each collection), and the reference harness's
 * time for the same calls (sequential, with a 0.5 s sleep after every call: calls x (latency + 0.5 s)) as a ratio to
 * clarq's wall time.
 *
 * <pre>
 * MAVEN_OPTS=-Xmx512m mvn -B -q -pl examples -am test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=io.clarq.examples.bench.RunBenchmark -Dexec.args="--goals"
 * </pre>
 */
public final class RunBenchmark {
  /** The reference harness sleeps this long after every model call. */
  static final Duration REFERENCE_SLEEP = Duration.ofMillis(500);

  private static final List<String> SERVER_JVM = List.of("-Xmx256m", "-XX:+UseSerialGC", "-Xss512k");

  private RunBenchmark() {}

  /** One measured run. */
  record Measured(int dialogues, long calls, long tokens, long providerCalls, long providerTurns,
      int longestChain, double wallSeconds, double dialogueWallSeconds, double idealSeconds,
      double harnessCpuSeconds, double dialogueCpuSeconds, double serverCpuSeconds,
      List<ModelServerProcess.Stats> stats, double referenceSeconds, long liveHeapPeakBytes, long heapAfterBytes,
      Map<String, Double> cpuByThreads) {
    /** Wall time of the whole run (dialogues, then scoring and reports) against the ideal. */
    double ratio() {
      return wallSeconds / idealSeconds;
    }

    /** Wall time until the last dialogue ended against the ideal. */
    double dialogueRatio() {
      return dialogueWallSeconds / idealSeconds;
    }

    /** The harness's CPU while dialogues were played, per model call. */
    double harnessMsPerCall() {
      return 1000 * dialogueCpuSeconds / calls;
    }

    /** The part of {@link #harnessMsPerCall()} the JIT compiler threads took (0 where threads cannot be read). */
    double jitMsPerCall() {
      return 1000 * cpuByThreads.getOrDefault("CN CompilerThre", 0.0) / calls;
    }

    /** The harness's CPU for the whole run (scoring and reports included), per model call. */
    double harnessAllMsPerCall() {
      return 1000 * harnessCpuSeconds / calls;
    }

    double serverMsPerCall() {
      return 1000 * serverCpuSeconds / calls;
    }
  }

  public static void main(String[] args) throws Exception {
    int inFlight = 16;
    int servers = 1;
    long latencyMs = 50;
    boolean graded = false;
    boolean goals = false;
    int runs = 1;
    TaskSelection selection = TaskSelection.ALL;
    List<Integer> positional = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--latency" -> latencyMs = Long.parseLong(value(args, ++i, "--latency"));
        case "--graded" -> graded = true;
        case "--goals" -> goals = true;
        case "--runs" -> runs = Integer.parseInt(value(args, ++i, "--runs"));
        case "--select" -> selection = TaskSelection.parse(value(args, ++i, "--select"));
        default -> {
          try {
            positional.add(Integer.parseInt(args[i]));
          } catch (NumberFormatException e) {
            throw new IllegalArgumentException("unknown argument '" + args[i] + "': expected [IN_FLIGHT] [SERVERS]"
                + " --latency MS --graded --select SPEC --runs N --goals", e);
          }
        }
      }
    }
    if (!positional.isEmpty()) {
      inFlight = positional.get(0);
    }
    if (positional.size() > 1) {
      servers = positional.get(1);
    }
    Path tasks = SharedData.root().resolve("clarq-llm/tasks");
    if (!Files.isDirectory(tasks)) {
      throw new IllegalStateException("ClarQ-LLM tasks not found at " + tasks + " (set -Dclarq.data.dir)");
    }
    BenchmarkProbe.main(args);
    System.out.printf(Locale.ROOT, "load average %.2f%n", ManagementFactory.getOperatingSystemMXBean()
        .getSystemLoadAverage());
    LiveHeap heap = LiveHeap.watch();
    if (goals) {
      goals(tasks, heap);
      return;
    }
    List<Duration> latencies = new ArrayList<>();
    for (int k = 0; k < servers; k++) {
      latencies.add(Duration.ofMillis(latencyMs * (graded ? k + 1 : 1)));
    }
    try (ModelServerProcess model = ModelServerProcess.start(latencies, SERVER_JVM)) {
      List<Measured> all = new ArrayList<>();
      for (int run = 1; run <= runs; run++) {
        Measured m = measure(model, tasks, selection, inFlight, heap);
        all.add(m);
        System.out.printf(Locale.ROOT, "%n-- run %d of %d --%n", run, runs);
        report(m, model, inFlight);
      }
      if (runs > 1) {
        summary(all);
      }
    }
  }

  private static void goals(Path tasks, LiveHeap heap) throws Exception {
    Measured one;
    Measured four;
    List<Measured> many = new ArrayList<>();
    // first the 2,600 dialogues (10 x the 260 tasks, 64 in flight), which also warm the JIT up: on a loaded 2-core
    // machine its compiler threads take several runs to settle, and the speed goals are about the steady state
    try (ModelServerProcess model = ModelServerProcess.start(List.of(Duration.ofMillis(50)), SERVER_JVM)) {
      for (int run = 1; run <= 10; run++) {
        Measured m = measure(model, tasks, TaskSelection.ALL, 64, heap);
        many.add(m);
        System.out.printf(Locale.ROOT, "2,600 dialogues: run %d of 10: %d dialogues, wall %.1f s = %.2fx, harness"
            + " CPU %.3f ms per call (JIT compiler threads %.3f), server %.3f ms per call, live heap peak %.0f MiB,"
            + " after the run %.0f MiB%n", run, m.dialogues(), m.wallSeconds(), m.dialogueRatio(),
            m.harnessMsPerCall(), m.jitMsPerCall(), m.serverMsPerCall(), mib(m.liveHeapPeakBytes()),
            mib(m.heapAfterBytes()));
      }
      summary(many);
      System.out.printf(Locale.ROOT, "%n-- 64 in flight, 1 server --%n");
      one = measure(model, tasks, TaskSelection.ALL, 64, heap);
      report(one, model, 64);
    }
    try (ModelServerProcess model = ModelServerProcess.start(Collections.nCopies(4, Duration.ofMillis(50)),
        SERVER_JVM)) {
      System.out.printf(Locale.ROOT, "%n-- 256 in flight over 4 servers: warm-up of the new server process (not"
          + " scored) --%n");
      report(measure(model, tasks, TaskSelection.ALL, 256, heap), model, 256);
      System.out.printf(Locale.ROOT, "%n-- 256 in flight over 4 servers --%n");
      four = measure(model, tasks, TaskSelection.ALL, 256, heap);
      report(four, model, 256);
    }
    long manyCalls = many.stream().mapToLong(Measured::calls).sum();
    double manyCpu = many.stream().mapToDouble(Measured::dialogueCpuSeconds).sum();
    long peak = many.stream().mapToLong(Measured::liveHeapPeakBytes).max().orElseThrow();
    long maxHeap = Runtime.getRuntime().maxMemory();
    System.out.printf(Locale.ROOT, "%n== goals (one run of this benchmark; load average now %.2f) ==%n",
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    goal("harness CPU per model call, 64 in flight", one.harnessMsPerCall(), 0.2, "ms");
    goal("  the same, JIT compiler threads left out", one.harnessMsPerCall() - one.jitMsPerCall(), 0.2, "ms");
    goal("harness CPU per model call, 256 in flight, 4 servers", four.harnessMsPerCall(), 0.2, "ms");
    goal("harness CPU per model call, 2,600 dialogues (cold start)", 1000 * manyCpu / manyCalls, 0.2, "ms");
    goal("64 in flight, 1 server: dialogues' wall / ideal", one.dialogueRatio(), 1.2, "x");
    goal("  the same with scoring and reports", one.ratio(), 1.2, "x");
    goal("256 in flight over 4 servers: dialogues' wall / ideal", four.dialogueRatio(), 1.5, "x");
    goal("  the same with scoring and reports", four.ratio(), 1.5, "x");
    System.out.printf(Locale.ROOT, "  %-56s %8.0f MiB live at most (%d dialogues, none kept: %.0f MiB after each"
        + " run), max heap %.0f MiB%n", "2,600 dialogues: heap needed", mib(peak),
        many.stream().mapToInt(Measured::dialogues).sum(),
        mib(many.stream().mapToLong(Measured::heapAfterBytes).max().orElseThrow()), mib(maxHeap));
    System.out.printf(Locale.ROOT, "  server CPU per call (its own process): %.3f ms at 64, %.3f ms at 256%n",
        one.serverMsPerCall(), four.serverMsPerCall());
  }

  private static void goal(String what, double value, double bound, String unit) {
    System.out.printf(Locale.ROOT, "  %-56s %8.3f %-2s goal <= %.1f %s: %.2f of the goal, %s%n", what, value, unit,
        bound, unit, value / bound, value <= bound ? "met" : "NOT met");
  }

  private static Measured measure(ModelServerProcess model, Path tasks, TaskSelection selection, int inFlight,
      LiveHeap heap) throws Exception {
    List<ModelServerProcess.Server> servers = model.servers();
    LlmSpec spec = LlmSpec.parse(servers.get(0).baseUrl().toString())
        .withBaseUrls(servers.stream().map(ModelServerProcess.Server::baseUrl).toList()).withModel("simulated")
        .withSettings(LlmSettings.DEFAULT.withMaxInFlight(inFlight));
    Path out = Files.createTempDirectory("clarq-run-bench");
    OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    try {
      model.reset();
      System.gc();
      heap.resetPeak();
      RunResult r;
      long cpu0;
      long cpu1;
      Duration server0;
      Duration server1;
      long t0;
      long t1;
      // the moment the last dialogue ended, before scoring and reports: the harness's CPU and the server's then
      long[] played = new long[2];
      Duration[] serverPlayed = new Duration[1];
      ThreadCpu.Snapshot[] threads = new ThreadCpu.Snapshot[2];   // listener calls are serialized by the run
      RunListener atEnd = new RunListener() {
        @Override
        public void dialogueDone(DialogueRecord record, RunProgress progress) {
          if (progress.done() == progress.total()) {
            threads[1] = ThreadCpu.take();   // while the dialogue threads are still there to be counted
          }
        }

        @Override
        public void finished(RunProgress progress) {
          played[0] = System.nanoTime();
          played[1] = os.getProcessCpuTime();
          serverPlayed[0] = model.cpuTime();
          if (threads[1] == null) {
            threads[1] = ThreadCpu.take();
          }
        }
      };
      try (LlmClient client = LlmClients.fromSpec(spec, name -> null, TurnUsage.listener())) {
        threads[0] = ThreadCpu.take();
        server0 = model.cpuTime();
        cpu0 = os.getProcessCpuTime();
        t0 = System.nanoTime();
        r = ClarqEvaluator.run(RunConfig.builder()
            .tasks(tasks)
            .prompts(PromptPack.clarq())   // the simulated model reads clarq's own prompts
            .language(Language.ENGLISH)
            .selection(selection)
            .seeker(LlmSeeker.builder(client.withModel("simulated")).mode(LlmSeeker.Mode.COMPLETION).build())
            .provider(LlmProviderAgent.builder(client.withModel("simulated")).build())
            .concurrency(inFlight)
            .output(out)
            .listener(atEnd)
            .build());
        t1 = System.nanoTime();
        cpu1 = os.getProcessCpuTime();
        server1 = model.cpuTime();
      }
      long live = heap.peak();
      List<ModelServerProcess.Stats> stats = model.stats();
      long calls = 0;
      long providerCalls = 0;
      long providerTurns = 0;
      long tokens = 0;
      for (DialogueRecord d : r.finished()) {
        calls += d.totalLlmCalls();
        tokens += d.totalUsage().totalTokens();
        for (TurnRecord t : d.turns()) {
          if (t.replyKind().isPresent()) {
            providerTurns++;
            providerCalls += t.llmCalls().orElse(0);
          }
        }
      }
      double rate = 0;
      double reference = 0;
      long fastest = Long.MAX_VALUE;
      for (int k = 0; k < servers.size(); k++) {
        long ms = servers.get(k).latency().toMillis();
        fastest = Math.min(fastest, ms);
        rate += 1000.0 / Math.max(ms, 1);
        reference += stats.get(k).calls() * (ms + REFERENCE_SLEEP.toMillis()) / 1000.0;
      }
      double meanRate = rate / servers.size();
      int longest = r.finished().stream().mapToInt(DialogueRecord::totalLlmCalls).max().orElse(0);
      double ideal = Math.max(calls / (inFlight * meanRate), longest * fastest / 1000.0);
      int dialogues = r.finished().size();
      r = null;   // the records are counted: what the heap holds after the run is the runner's, not this method's
      System.gc();
      long after = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
      double dialogueCpu = (played[1] - cpu0) / 1e9;
      return new Measured(dialogues, calls, tokens, providerCalls, providerTurns, longest, (t1 - t0) / 1e9,
          (played[0] - t0) / 1e9, ideal, (cpu1 - cpu0) / 1e9, dialogueCpu,
          serverPlayed[0].minus(server0).toNanos() / 1e9, stats, reference, Math.max(live, heap.peak()), after,
          ThreadCpu.byGroup(threads[0], threads[1], (played[1] - cpu0) / 1e9));
    } finally {
      deleteTree(out);
    }
  }

  private static void report(Measured m, ModelServerProcess model, int inFlight) {
    List<ModelServerProcess.Server> servers = model.servers();
    int served = m.stats().stream().mapToInt(ModelServerProcess.Stats::calls).sum();
    double rate = servers.stream().mapToDouble(s -> 1.0 / Math.max(s.latency().toMillis(), 1)).sum();
    System.out.printf(Locale.ROOT, "dialogues %d finished; %d in flight, %d server(s) in process %d%n",
        m.dialogues(), inFlight, servers.size(), model.pid());
    for (int k = 0; k < servers.size(); k++) {
      ModelServerProcess.Stats s = m.stats().get(k);
      double fair = (1.0 / Math.max(servers.get(k).latency().toMillis(), 1)) / rate;
      System.out.printf(Locale.ROOT, "  server %d (%d ms): %d calls = %.1f%% (share by speed %.1f%%), most at once"
          + " %d%n", k + 1, servers.get(k).latency().toMillis(), s.calls(), 100.0 * s.calls() / served, 100 * fair,
          s.mostAtOnce());
    }
    System.out.printf(Locale.ROOT, "model calls %d: %.1f per dialogue, %.2f per provider turn (%d provider turns)"
        + "; longest dialogue %d calls%n", m.calls(), (double) m.calls() / m.dialogues(),
        (double) m.providerCalls() / m.providerTurns(), m.providerTurns(), m.longestChain());
    System.out.printf(Locale.ROOT, "tokens %,d (%,.0f per dialogue)%n", m.tokens(),
        (double) m.tokens() / m.dialogues());
    System.out.printf(Locale.ROOT, "wall: dialogues %.2f s = %.2fx the ideal %.2f s; with scoring and reports"
        + " %.2f s = %.2fx%n", m.dialogueWallSeconds(), m.dialogueRatio(), m.idealSeconds(), m.wallSeconds(),
        m.ratio());
    int cores = Runtime.getRuntime().availableProcessors();
    System.out.printf(Locale.ROOT, "CPU while dialogues ran: harness %.2f s = %.3f ms per call (JIT compiler threads"
        + " %.3f), server process %.2f s = %.3f ms per call, both %.0f%% of %d cores; scoring and reports after:"
        + " %.2f s%n", m.dialogueCpuSeconds(), m.harnessMsPerCall(), m.jitMsPerCall(), m.serverCpuSeconds(),
        m.serverMsPerCall(),
        100 * (m.dialogueCpuSeconds() + m.serverCpuSeconds()) / (cores * m.dialogueWallSeconds()), cores,
        m.harnessCpuSeconds() - m.dialogueCpuSeconds());
    if (!m.cpuByThreads().isEmpty()) {
      StringBuilder b = new StringBuilder("  harness CPU by thread while dialogues ran:");
      m.cpuByThreads().entrySet().stream().limit(8).forEach(e -> b.append(String.format(Locale.ROOT,
          " %s %.2f s;", e.getKey(), e.getValue())));
      System.out.println(b);
    }
    System.out.printf(Locale.ROOT, "heap: live at most %.0f MiB during the run, %.0f MiB after it (max %.0f MiB)%n",
        mib(m.liveHeapPeakBytes()), mib(m.heapAfterBytes()), mib(Runtime.getRuntime().maxMemory()));
    System.out.printf(Locale.ROOT, "reference harness (one call at a time, 0.5 s sleep after each): %d calls x"
        + " (latency + 0.5 s) = %.1f s; clarq %.2f s: %.1fx faster%n", served, m.referenceSeconds(),
        m.wallSeconds(), m.referenceSeconds() / m.wallSeconds());
  }

  private static void summary(List<Measured> all) {
    List<Measured> warm = all.size() > 1 ? all.subList(1, all.size()) : all;
    System.out.printf(Locale.ROOT, "%n%d runs, %d dialogues, %d calls; runs 2-%d (median, range): dialogues' wall /"
        + " ideal %s, with scoring and reports %s; harness CPU per call %s ms; server CPU per call %s ms; live heap at"
        + " most %.0f MiB%n", all.size(),
        all.stream().mapToInt(Measured::dialogues).sum(), all.stream().mapToLong(Measured::calls).sum(), all.size(),
        range(warm.stream().map(Measured::dialogueRatio).toList(), "%.2fx"),
        range(warm.stream().map(Measured::ratio).toList(), "%.2fx"),
        range(warm.stream().map(Measured::harnessMsPerCall).toList(), "%.3f"),
        range(warm.stream().map(Measured::serverMsPerCall).toList(), "%.3f"),
        mib(all.stream().mapToLong(Measured::liveHeapPeakBytes).max().orElseThrow()));
  }

  private static String range(List<Double> values, String format) {
    double min = values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    double max = values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    List<Double> sorted = values.stream().sorted().toList();
    double median = sorted.get(sorted.size() / 2);
    return String.format(Locale.ROOT, format + " (" + format + "-" + format + ")", median, min, max);
  }

  private static double mib(long bytes) {
    return bytes / (1024.0 * 1024.0);
  }

  private static String value(String[] args, int i, String option) {
    if (i >= args.length) {
      throw new IllegalArgumentException(option + " needs a value");
    }
    return args[i];
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  /** The heap's live high-water mark: the most in use just after a collection, summed over the heap's pools. */
  static final class LiveHeap {
    private final AtomicLong peak = new AtomicLong();

    static LiveHeap watch() {
      LiveHeap h = new LiveHeap();
      for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
        ((NotificationEmitter) gc).addNotificationListener((n, handback) -> {
          if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(n.getType())) {
            GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from(
                (CompositeData) n.getUserData());
            long used = info.getGcInfo().getMemoryUsageAfterGc().values().stream()
                .mapToLong(MemoryUsage::getUsed).sum();
            h.peak.accumulateAndGet(used, Math::max);
          }
        }, null, null);
      }
      return h;
    }

    void resetPeak() {
      peak.set(0);
    }

    long peak() {
      return peak.get();
    }
  }
}
