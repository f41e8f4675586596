package io.clarq.examples.bench;

import io.clarq.core.testing.SharedData;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

/**
 * The wall time of {@code clarq run --dry-run} as a shell user sees it: each sample is a fresh {@code java -jar
 * examples/target/clarq.jar} process, JVM start included. Cases, {@value #SAMPLES} samples each:
 * <ul>
 *   <li>{@code clarq --version}: the JVM and the command line alone, the floor;</li>
 *   <li>the 260 English test tasks with a model seeker and provider, the forecast cache ({@code $CLARQ_CACHE}) empty
 *       before every sample: the published runs, the reference traces and the 31 task files are all read;</li>
 *   <li>the same with the cache filled beforehand: a repeated dry run;</li>
 *   <li>both languages, three trials and a model judge, the cache filled.</li>
 * </ul>
 * Goal (issue "Trials"): a dry run prints its forecast in under a second. Build the jar first:
 *
 * <pre>
 * mvn -B -q package -DskipTests
 * mvn -B -q -pl examples -am test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=io.clarq.examples.bench.DryRunBenchmark
 * </pre>
 */
public final class DryRunBenchmark {
  private static final int SAMPLES = 7;

  private DryRunBenchmark() {}

  public static void main(String[] args) throws Exception {
    Path jar = locate(Path.of("examples/target/clarq.jar"));
    Path tasks = SharedData.root().resolve("clarq-llm/tasks");
    if (!Files.isDirectory(tasks)) {
      throw new IllegalStateException("ClarQ-LLM tasks not found at " + tasks + " (set -Dclarq.data.dir)");
    }
    BenchmarkProbe.main(args);
    System.out.printf(Locale.ROOT, "load average %.2f; %s%n",
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(), jar);
    Path scratch = Files.createTempDirectory("clarq-dry-run-bench");
    Path out = scratch.resolve("never-written");
    List<String> english = List.of("run", "--dry-run", "--seeker", "openai:gpt-4o", "--provider", "openai:gpt-4o",
        "--tasks", tasks.toString(), "--out", out.toString());
    List<String> both = new ArrayList<>(english);
    both.addAll(List.of("--lang", "both", "--trials", "3", "--judge", "openai:gpt-4o"));

    double[] version = new double[SAMPLES];
    double[] empty = new double[SAMPLES];
    double[] filled = new double[SAMPLES];
    double[] wide = new double[SAMPLES];
    Path kept = scratch.resolve("cache");
    seconds(jar, english, kept);   // fills the kept cache for both filled cases before any sample
    seconds(jar, both, kept);
    for (int i = 0; i < SAMPLES; i++) {
      version[i] = seconds(jar, List.of("--version"), kept);
      empty[i] = seconds(jar, english, scratch.resolve("cache-empty-" + i));
      filled[i] = seconds(jar, english, kept);
      wide[i] = seconds(jar, both, kept);
    }
    if (Files.exists(out)) {
      throw new IllegalStateException("a dry run wrote " + out);
    }
    report("clarq --version", version);
    report("dry run, 260 English tasks, cache empty", empty);
    report("dry run, 260 English tasks, cache filled", filled);
    report("dry run, 1,560 dialogues + judge, cache filled", wide);
    double goal = 1.0;
    System.out.printf(Locale.ROOT, "goal: a dry run under %.1f s: repeated %s (median %.2f s), first %s (median"
        + " %.2f s)%n", goal, median(filled) < goal ? "met" : "not met", median(filled),
        median(empty) < goal ? "met" : "not met", median(empty));
  }

  private static Path locate(Path jar) {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.isRegularFile(p.resolve(jar))) {
        return p.resolve(jar);
      }
    }
    throw new IllegalStateException(jar + " not found: build it first with mvn -B -q package -DskipTests");
  }

  /** The wall time of one {@code java -jar JAR ARGS} with {@code CLARQ_CACHE=cache}; fails unless it exits 0. */
  private static double seconds(Path jar, List<String> args, Path cache) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-jar", jar.toString()));
    command.addAll(args);
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
    pb.environment().put("CLARQ_CACHE", cache.toString());
    long start = System.nanoTime();
    Process p = pb.start();
    byte[] output = p.getInputStream().readAllBytes();
    if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IllegalStateException(String.join(" ", args) + " failed: " + new String(output));
    }
    return (System.nanoTime() - start) / 1e9;
  }

  private static void report(String what, double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    System.out.printf(Locale.ROOT, "%-48s median %.2f s (min %.2f, max %.2f; %d samples)%n", what, median(v), s[0],
        s[s.length - 1], s.length);
  }

  private static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }
}
