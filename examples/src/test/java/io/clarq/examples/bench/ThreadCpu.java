package io.clarq.examples.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * This JVM's CPU time by thread, as Linux counts it in {@code /proc/self/task/TID/stat} (user + system, in clock
 * ticks of 10 ms): every thread, the JVM's own included (JIT compilers, garbage collector), which the
 * {@code ThreadMXBean} does not see. Elsewhere than on Linux it reads nothing.
 */
final class ThreadCpu {
  private static final Path TASKS = Path.of("/proc/self/task");
  private static final double SECONDS_PER_TICK = 0.01;   // USER_HZ is 100 on every Linux the JDK runs on

  /** CPU seconds by thread id, and each thread's name. */
  record Snapshot(Map<Long, Double> cpu, Map<Long, String> names) {}

  private ThreadCpu() {}

  static boolean available() {
    return Files.isDirectory(TASKS);
  }

  static Snapshot take() {
    Map<Long, Double> cpu = new HashMap<>();
    Map<Long, String> names = new HashMap<>();
    if (!available()) {
      return new Snapshot(cpu, names);
    }
    try (Stream<Path> tasks = Files.list(TASKS)) {
      for (Path task : tasks.toList()) {
        String stat;
        try {
          stat = Files.readString(task.resolve("stat"), StandardCharsets.UTF_8);
        } catch (IOException e) {
          continue;   // the thread ended between the listing and the read
        }
        // pid (comm) state ... field 14 utime, 15 stime; comm may hold spaces and parentheses, so cut at the last ')'
        int open = stat.indexOf('(');
        int close = stat.lastIndexOf(')');
        String[] f = stat.substring(close + 2).split(" ");
        long tid = Long.parseLong(task.getFileName().toString());
        cpu.put(tid, (Long.parseLong(f[11]) + Long.parseLong(f[12])) * SECONDS_PER_TICK);
        names.put(tid, stat.substring(open + 1, close));
      }
    } catch (IOException e) {
      return new Snapshot(cpu, names);
    }
    return new Snapshot(cpu, names);
  }

  /**
   * CPU seconds spent between two snapshots by group of threads (names with their digits as N; Linux cuts names at
   * 15 characters), largest first; what threads that ended in between spent is {@code total} less the rest.
   */
  static Map<String, Double> byGroup(Snapshot before, Snapshot after, double total) {
    Map<String, Double> groups = new TreeMap<>();
    double seen = 0;
    for (Map.Entry<Long, Double> e : after.cpu().entrySet()) {
      double d = e.getValue() - before.cpu().getOrDefault(e.getKey(), 0.0);
      if (d > 0) {
        groups.merge(after.names().get(e.getKey()).replaceAll("[0-9]+", "N"), d, Double::sum);
        seen += d;
      }
    }
    if (total - seen > 0.005) {
      groups.put("(threads that ended, and CPU after the second snapshot)", total - seen);
    }
    Map<String, Double> sorted = new java.util.LinkedHashMap<>();
    groups.entrySet().stream().sorted(Map.Entry.<String, Double>comparingByValue().reversed())
        .forEach(e -> sorted.put(e.getKey(), e.getValue()));
    return sorted;
  }
}
