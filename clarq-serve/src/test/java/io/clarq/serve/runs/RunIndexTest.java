package io.clarq.serve.runs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The index finds run folders, tells their status, and reads a folder again only when it changed. */
class RunIndexTest {
  @TempDir Path tmp;

  private static final String RESULTS = "{\"format\":\"clarq-toa-results\",\"format_version\":1,\"benchmark\":\"toa\","
      + "\"started\":\"2026-01-01T00:00:00Z\",\"models\":{\"asker\":{\"name\":\"openai:gpt-4o\"}},"
      + "\"settings\":{\"trials\":\"3\"},\"failures\":{\"unparsed\":1,\"infrastructure\":2},"
      + "\"figures\":{\"examples\":5,\"f1\":{\"primary\":0.5,\"masked\":0.25},\"mfrr\":0.125}}";

  @Test
  void testStatusFiguresAndModelsAreReadAndChangesSeen() throws Exception {
    Path run = Files.createDirectories(tmp.resolve("x/toa-run"));
    Files.writeString(run.resolve("run-config.json"), "{\"format\":\"clarq-run-config/1\",\"benchmark\":\"toa\","
        + "\"settings\":{\"asker\":\"offline\"}}");
    Files.writeString(run.resolve("run.lock"), "1");
    Path broken = Files.createDirectories(tmp.resolve("broken"));
    Files.writeString(broken.resolve("results.json"), "{not json");
    Files.createDirectories(tmp.resolve("empty/deeper"));
    RunIndex index = new RunIndex(new RunRoots(List.of(tmp)));
    List<RunSummary> runs = index.runs();
    assertThat(runs).extracting(RunSummary::id).containsExactlyInAnyOrder("0/x/toa-run", "0/broken");
    RunSummary r = index.run("0/x/toa-run").orElseThrow();
    assertThat(r.status()).isEqualTo(RunSummary.Status.RUNNING);
    assertThat(r.benchmark()).isEqualTo("toa");
    assertThat(r.models()).containsEntry("asker", "offline");
    assertThat(index.run("0/broken").orElseThrow().headlineText()).contains("cannot be read");
    // the run ends: its lock goes and its results come; the next look sees it
    Files.delete(run.resolve("run.lock"));
    Files.writeString(run.resolve("results.json"), RESULTS);
    Files.setLastModifiedTime(run, FileTime.fromMillis(System.currentTimeMillis() + 5000));
    r = index.runs().stream().filter(s -> s.id().equals("0/x/toa-run")).findFirst().orElseThrow();
    assertThat(r.status()).isEqualTo(RunSummary.Status.FINISHED);
    assertThat(r.failed()).isEqualTo(3);
    assertThat(r.trials()).isEqualTo(3);
    assertThat(r.models()).containsEntry("asker", "openai:gpt-4o");
    assertThat(r.headlineText()).isEqualTo("examples 5; mfrr 0.1250; f1.primary 0.5000; f1.masked 0.2500");
    assertThat(r.comparable()).as("a finished TOA run compares, as every benchmark with per-item outcomes").isTrue();
    // an unchanged folder is not read again: the same summary comes back
    assertThat(index.run("0/x/toa-run").orElseThrow()).isSameAs(index.run("0/x/toa-run").orElseThrow());
    // a stopped run (no lock, no results) is incomplete
    Path stopped = Files.createDirectories(tmp.resolve("stopped"));
    Files.writeString(stopped.resolve("run-config.json"), "{\"format\":\"clarq-run-config/1\",\"settings\":{}}");
    RunSummary s = index.run("0/stopped").orElseThrow();
    assertThat(s.status()).isEqualTo(RunSummary.Status.INCOMPLETE);
    assertThat(s.benchmark()).isEqualTo("clarq-llm");
    assertThat(index.runs()).hasSize(3);
  }
}
