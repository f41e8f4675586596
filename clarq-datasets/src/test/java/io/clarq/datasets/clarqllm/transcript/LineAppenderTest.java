package io.clarq.datasets.clarqllm.transcript;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Lines appended from many threads at once (the writes and the group-committed forces interleave). */
class LineAppenderTest {
  @TempDir
  Path dir;

  @Test
  void everyLineFromManyThreadsIsWrittenWholeAndOnce() throws Exception {
    Path file = dir.resolve("lines.jsonl");
    int threads = 16;
    int each = 50;
    String pad = "x".repeat(3000);   // lines longer than one small write, so torn interleaving would show
    try (LineAppender out = LineAppender.open(file)) {
      CountDownLatch go = new CountDownLatch(1);
      List<Thread> workers = new ArrayList<>();
      List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
      for (int t = 0; t < threads; t++) {
        int id = t;
        Thread w = new Thread(() -> {
          try {
            go.await();
            for (int i = 0; i < each; i++) {
              out.append("{\"thread\": " + id + ", \"line\": " + i + ", \"pad\": \"" + pad + "\"}");
            }
          } catch (Throwable e) {
            failures.add(e);
          }
        }, "appender-" + t);
        workers.add(w);
        w.start();
      }
      go.countDown();
      for (Thread w : workers) {
        w.join();
      }
      assertThat(failures).isEmpty();
      assertThat(out.appended()).isEqualTo(threads * each);
    }
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    assertThat(lines).hasSize(threads * each);
    Set<String> seen = new HashSet<>();
    for (String line : lines) {
      assertThat(line).startsWith("{\"thread\": ").endsWith(pad + "\"}");
      seen.add(line.substring(0, line.indexOf(", \"pad\"")));
    }
    assertThat(seen).hasSize(threads * each);
    // a reopened appender goes on after the last line
    try (LineAppender again = LineAppender.open(file)) {
      again.append("last");
    }
    assertThat(Files.readAllLines(file, StandardCharsets.UTF_8)).hasSize(threads * each + 1).last()
        .isEqualTo("last");
  }
}
