package io.clarq.eval.clarqllm;

import io.clarq.core.clarqllm.provider.llm.SimulatedClarqModel;
import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.datasets.clarqllm.transcript.TranscriptReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * The kill-anywhere scenario: a run of the 260 English test tasks against the loopback server with a share of
 * injected faults ({@link FaultyModel}), in a child JVM SIGKILLed when its transcript reaches seeded random sizes,
 * resumed each time (the last resume in this JVM), then replayed from the response cache alone. Used by
 * {@code KillAnywhereTest} (few kills) and, as a main class, for longer runs:
 *
 * <p>Run from the examples module as {@code io.clarq.examples.bench.KillAnywhereBench} (see docs/benchmarks.md's benchmark
 * section).
 */
public final class KillAnywhere {
  /** What happened; the caller checks it. */
  record Outcome(List<Long> childPids, List<String> lockRefusals, List<Integer> recordsAtKill,
      List<Integer> failedAtKill, RunResult resumed, RunResult replayed, byte[] transcript, byte[] replayTranscript,
      int faults, int serverCallsDuringReplay, List<String> timeline) {}

  private final Path tasks;
  private final Path dir;

  KillAnywhere(Path tasks, Path dir) {
    this.tasks = tasks;
    this.dir = dir;
  }

  Outcome run(int kills, double faultRate, long seed, int concurrency) throws Exception {
    Path out = dir.resolve("run");
    Path cache = dir.resolve("cache.jsonl");
    Random random = new Random(seed);
    List<Integer> moments = new ArrayList<>();
    for (int i = 0; i < kills; i++) {
      moments.add(5 + random.nextInt(240));
    }
    moments.sort(null);
    FaultyModel model = new FaultyModel(new SimulatedClarqModel(Duration.ZERO)::reply, faultRate, seed);
    List<Long> pids = new ArrayList<>();
    List<String> refusals = new ArrayList<>();
    List<Integer> recordsAtKill = new ArrayList<>();
    List<Integer> failedAtKill = new ArrayList<>();
    List<String> timeline = new ArrayList<>();
    long t0 = System.nanoTime();
    try (FakeOpenAiServer server = FakeOpenAiServer.start(model)) {
      String url = server.baseUrl().toString();
      for (int moment : moments) {
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp", classPath(), LoopbackRunMain.class.getName(), url, tasks.toString(),
            out.toString(), String.valueOf(concurrency), cache.toString())
            .redirectErrorStream(true).redirectOutput(dir.resolve("child-" + pids.size() + ".log").toFile()).start();
        pids.add(child.pid());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        boolean triedSecondWriter = false;
        // kill once the transcript has reached the moment and a second writer was tried while the child held the lock
        while ((lines(out.resolve(ClarqEvaluator.TRANSCRIPT)) < moment || !triedSecondWriter) && child.isAlive()
            && System.nanoTime() < deadline) {
          if (!triedSecondWriter && holds(out, child.pid())) {
            // the child holds the directory: a second writer must be refused, naming it
            triedSecondWriter = true;
            try {
              LoopbackRunMain.run(new LoopbackRunMain.Options(url, tasks, out, 1));
              refusals.add("not refused");
            } catch (IllegalStateException e) {
              refusals.add(e.getMessage());
            }
          }
          Thread.sleep(2);
        }
        if (!child.isAlive()) {
          throw new IllegalStateException("child ended before the kill at " + moment + " records: "
              + Files.readString(dir.resolve("child-" + (pids.size() - 1) + ".log")));
        }
        child.destroyForcibly();
        child.waitFor(30, TimeUnit.SECONDS);
        List<DialogueRecord> records = TranscriptReader.read(out.resolve(ClarqEvaluator.TRANSCRIPT)).records();
        recordsAtKill.add(records.size());
        failedAtKill.add((int) records.stream().filter(r -> !r.finished()).count());
        timeline.add(String.format(java.util.Locale.ROOT, "killed at %d records: %.1f s", records.size(),
            (System.nanoTime() - t0) / 1e9));
      }
      RunResult resumed = LoopbackRunMain.run(new LoopbackRunMain.Options(url, tasks, out, concurrency)
          .cache(cache, false));
      timeline.add(String.format(java.util.Locale.ROOT, "resumed to the end: %.1f s", (System.nanoTime() - t0) / 1e9));
      int before = server.callCount();
      RunResult replayed = LoopbackRunMain.run(new LoopbackRunMain.Options(url, tasks, dir.resolve("replayed"),
          concurrency).cache(cache, true).listener(LlmListener.NONE));
      return new Outcome(pids, refusals, recordsAtKill, failedAtKill, resumed, replayed,
          Files.readAllBytes(resumed.transcript()), Files.readAllBytes(replayed.transcript()), model.faults(),
          server.callCount() - before, timeline);
    }
  }

  /**
   * The class path for the child JVM: this class's loader's URLs when it has its own (a main class run by Maven's exec
   * plugin), then the JVM's class path (a test run by surefire).
   */
  private static String classPath() throws java.net.URISyntaxException {
    List<String> parts = new ArrayList<>();
    for (ClassLoader c = KillAnywhere.class.getClassLoader(); c != null; c = c.getParent()) {
      if (c instanceof java.net.URLClassLoader u) {
        for (java.net.URL url : u.getURLs()) {
          parts.add(Path.of(url.toURI()).toString());
        }
      }
    }
    parts.add(System.getProperty("java.class.path"));
    return String.join(java.io.File.pathSeparator, parts);
  }

  /** Whether the directory's lock file names this process (it has taken the lock). */
  private static boolean holds(Path out, long pid) throws IOException {
    Path lock = out.resolve(io.clarq.core.files.OutputLock.FILE);
    try {
      return Files.exists(lock) && Files.readString(lock).strip().equals(String.valueOf(pid));
    } catch (java.nio.charset.MalformedInputException e) {
      return false;
    }
  }

  private static int lines(Path file) throws IOException {
    if (!Files.exists(file)) {
      return 0;
    }
    int n = 0;
    for (byte b : Files.readAllBytes(file)) {
      if (b == '\n') {
        n++;
      }
    }
    return n;
  }

  /** Arguments: kills, fault rate, seed, concurrency (defaults 10, 0.2, 42, 8). */
  public static void main(String[] args) throws Exception {
    Path tasks = io.clarq.core.testing.SharedData.root().resolve("clarq-llm/tasks");
    Path dir = Files.createTempDirectory("clarq-kill-anywhere");
    long start = System.nanoTime();
    Outcome o = new KillAnywhere(tasks, dir).run(args.length > 0 ? Integer.parseInt(args[0]) : 10,
        args.length > 1 ? Double.parseDouble(args[1]) : 0.2, args.length > 2 ? Long.parseLong(args[2]) : 42L,
        args.length > 3 ? Integer.parseInt(args[3]) : 8);
    boolean same = java.util.Arrays.equals(o.transcript(), o.replayTranscript());
    System.out.printf(java.util.Locale.ROOT, "kills at records %s (failed records then: %s); lock refusals %d/%d;"
        + " faults %d; resumed %d, finished %d, failed %d; replay: %d server calls, transcript %s; %.1f s%n",
        o.recordsAtKill(), o.failedAtKill(), o.lockRefusals().stream().filter(m -> m.contains("process")).count(),
        o.lockRefusals().size(), o.faults(), o.resumed().resumed(), o.resumed().finished().size(),
        o.resumed().failed().size(), o.serverCallsDuringReplay(), same ? "byte-identical" : "DIFFERENT",
        (System.nanoTime() - start) / 1e9);
  }
}
