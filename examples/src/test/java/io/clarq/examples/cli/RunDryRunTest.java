package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clarqllm.provider.llm.SimulatedClarqModel;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.SharedData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code clarq run --dry-run}: the forecast, no model called, nothing written; then on a resume. */
class RunDryRunTest extends CommandTestBase {
  @TempDir Path dir;

  @Test
  void testDryRunCallsNothingWritesNothingAndPrintsTheForecast() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    SharedData.require("clarq-llm/transcripts");
    SharedData.require("clarq-llm/reference-traces");
    Path runOut = dir.resolve("run");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(new SimulatedClarqModel(Duration.ZERO)::reply)) {
      List<String> args = new ArrayList<>(List.of("run", "--seeker", server.baseUrl().toString(), "--provider",
          server.baseUrl().toString(), "--judge", server.baseUrl().toString(), "--prompts", "clarq", "--tasks",
          tasks.toString(), "--select", "1-2", "--trials", "2", "--out", runOut.toString(),
          "--prices", "gpt-4o=2.50/10.00"));
      List<String> dry = new ArrayList<>(args);
      dry.add("--dry-run");
      long start = System.nanoTime();
      assertThat(run(dry.toArray(String[]::new))).as(err.toString()).isZero();
      double seconds = (System.nanoTime() - start) / 1e9;
      assertThat(server.callCount()).isZero();
      assertThat(runOut).doesNotExist();
      // 20 tasks x 2 trials; the published basis: 4-8 seeker turns per dialogue, one call each
      assertThat(out.toString()).contains("Forecast: 40 dialogues", "published runs (1560 dialogues: seeker turns 4-8",
          "seeker ", "160-320", "provider ", "judge ");
      // the loopback server names no priced model: the cost column says so
      assertThat(out.toString()).contains("(no price for ");
      assertThat(seconds).as("dry run took %.2f s", seconds).isLessThan(5.0);

      // a real run: the forecast beside the actual in results.json
      assertThat(run(args.toArray(String[]::new))).as(err.toString()).isZero();
      String results = Files.readString(runOut.resolve("results.json"));
      assertThat(results).contains("\"forecast\" : {", "\"calls_within_forecast\" : true");
      int calls = server.callCount();
      assertThat(calls).isPositive();

      // a dry run on the finished run: its own dialogues are the basis, nothing called, nothing changed
      List<String> before = listing(runOut);
      out.getBuffer().setLength(0);
      assertThat(run(dry.toArray(String[]::new))).as(err.toString()).isZero();
      assertThat(server.callCount()).isEqualTo(calls);
      assertThat(listing(runOut)).isEqualTo(before);
      assertThat(out.toString()).contains("Forecast: 40 dialogues (40 already finished)",
          "this run's 40 finished dialogues");
    }
  }

  /**
   * With --judge-batch the dry run prices the judge at batch prices: half the synchronous cost by default, the
   * {@code batch:} entry when given, marked "batch"; the seeker's cost is unchanged. Nothing is called or written.
   */
  @Test
  void testDryRunPricesABatchJudgeAtTheBatchPrice() {
    Path tasks = SharedData.require("clarq-llm/tasks");
    SharedData.require("clarq-llm/transcripts");
    List<String> args = List.of("run", "--seeker", "openai:gpt-4o", "--provider", "offline", "--judge",
        "openai:gpt-4o", "--tasks", tasks.toString(), "--select", "1-2", "--out", dir.resolve("b").toString(),
        "--dry-run", "--api-key-env", "NO_SUCH_KEY_VAR");
    assertThat(run(with(args, "--prices", "gpt-4o=2.50/10.00"))).as(err.toString()).isZero();
    String sync = out.toString();
    out.getBuffer().setLength(0);
    assertThat(run(with(args, "--prices", "gpt-4o=2.50/10.00", "--judge-batch"))).as(err.toString()).isZero();
    String batch = out.toString();
    double[] syncJudge = cost(sync, "judge");
    double[] batchJudge = cost(batch, "judge");
    assertThat(batchJudge[0]).isCloseTo(syncJudge[0] / 2, org.assertj.core.data.Offset.offset(0.01));
    assertThat(batchJudge[1]).isCloseTo(syncJudge[1] / 2, org.assertj.core.data.Offset.offset(0.01));
    assertThat(cost(batch, "seeker")).isEqualTo(cost(sync, "seeker"));
    assertThat(batch).containsPattern("judge .* batch\\n").contains("half the price of MODEL")
        .contains("Cached tokens are not forecast");
    assertThat(sync).doesNotContain(" batch");
    // a batch: price of its own: a tenth of the synchronous one
    out.getBuffer().setLength(0);
    assertThat(run(with(args, "--prices", "gpt-4o=2.50/10.00,batch:gpt-4o=0.25/1.00", "--judge-batch")))
        .as(err.toString()).isZero();
    assertThat(cost(out.toString(), "judge")[1]).isCloseTo(syncJudge[1] / 10,
        org.assertj.core.data.Offset.offset(0.01));
    assertThat(dir.resolve("b")).doesNotExist();
  }

  private static String[] with(List<String> args, String... more) {
    List<String> all = new ArrayList<>(args);
    all.addAll(List.of(more));
    return all.toArray(String[]::new);
  }

  // the cost range of a role's row: "$low-high"
  private static double[] cost(String table, String role) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?m)^" + role + " .*\\$([0-9.]+)-([0-9.]+)")
        .matcher(table);
    assertThat(m.find()).as(table).isTrue();
    return new double[] {Double.parseDouble(m.group(1)), Double.parseDouble(m.group(2))};
  }

  /**
   * A dry run into a folder holding a run of other settings applies the run's own settings check: it says the resume
   * would be refused, with the reason the run gives, instead of forecasting the finished dialogues; nothing is written.
   */
  @Test
  void testDryRunIntoARunOfOtherSettingsSaysTheResumeWouldBeRefused() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    SharedData.require("clarq-llm/transcripts");
    SharedData.require("clarq-llm/reference-traces");
    Path runOut = dir.resolve("run");
    List<String> args = List.of("run", "--seeker", "rule", "--provider", "offline", "--tasks", tasks.toString(),
        "--select", "1-3", "--out", runOut.toString());
    assertThat(run(args.toArray(String[]::new))).as(err.toString()).isZero();
    List<String> same = new ArrayList<>(args);
    same.add("--dry-run");
    out.getBuffer().setLength(0);
    assertThat(run(same.toArray(String[]::new))).as(err.toString()).isZero();
    assertThat(out.toString()).contains("Forecast: 30 dialogues (30 already finished)");

    List<String> other = new ArrayList<>(args);
    other.addAll(List.of("--max-seeker-turns", "3"));
    List<String> before = listing(runOut);
    err.getBuffer().setLength(0);
    assertThat(run(other.toArray(String[]::new))).isNotZero();
    String refusal = "cannot resume into " + runOut + ": it holds a run with a different max_seeker_turns (was"
        + " \"12\", now \"3\"); use the same settings to resume, or another output directory";
    assertThat(err.toString()).contains(refusal);
    other.add("--dry-run");
    out.getBuffer().setLength(0);
    err.getBuffer().setLength(0);
    assertThat(run(other.toArray(String[]::new))).isNotZero();
    assertThat(err.toString()).contains("--dry-run: the run would be refused, so there is no forecast: " + refusal);
    assertThat(out.toString()).doesNotContain("already finished");
    assertThat(listing(runOut)).isEqualTo(before);

    // a folder with a transcript but no settings: refused by the dry run as by the run
    Path bare = Files.createDirectories(dir.resolve("bare"));
    Files.copy(runOut.resolve("transcripts.jsonl"), bare.resolve("transcripts.jsonl"));
    List<String> intoBare = new ArrayList<>(same);
    intoBare.set(intoBare.indexOf(runOut.toString()), bare.toString());
    err.getBuffer().setLength(0);
    assertThat(run(intoBare.toArray(String[]::new))).isNotZero();
    assertThat(err.toString()).contains("--dry-run: the run would be refused, so there is no forecast: cannot run"
        + " into " + bare + ": it holds transcripts.jsonl but no run-config.json");
    assertThat(bare.resolve("run-config.json")).doesNotExist();
  }

  /**
   * A data folder holding only what {@code clarq data fetch clarq-llm clarq-llm-reference} gives (tasks/, the
   * published runs in transcripts/, the verdicts; no reference-traces/): the dry run finds the published runs above
   * --tasks and forecasts from them and the call statistics shipped with clarq, the same figures as with the traces.
   */
  @Test
  void testDryRunNeedsOnlyWhatDataFetchGives() throws Exception {
    Path shared = SharedData.require("clarq-llm/tasks").getParent();
    SharedData.require("clarq-llm/transcripts");
    Path fetched = dir.resolve("data/clarq-llm");
    for (String part : List.of("tasks", "transcripts")) {
      try (Stream<Path> all = Files.walk(shared.resolve(part))) {
        for (Path p : all.toList()) {
          Path to = fetched.resolve(shared.relativize(p).toString());
          if (Files.isDirectory(p)) {
            Files.createDirectories(to);
          } else {
            Files.copy(p, to);
          }
        }
      }
    }
    assertThat(fetched.resolve("reference-traces")).doesNotExist();
    assertThat(run("run", "--seeker", "openai:gpt-4o", "--provider", "openai:gpt-4o", "--tasks",
        fetched.resolve("tasks").toString(), "--select", "1-2", "--trials", "2", "--out", dir.resolve("o").toString(),
        "--dry-run")).as(err.toString()).isZero();
    // as in the first test: 40 dialogues, 4-8 seeker turns of one call each
    assertThat(out.toString()).contains("Forecast: 40 dialogues", "published runs (1560 dialogues: seeker turns 4-8",
        "seeker    gpt-4o", "160-320");
    assertThat(dir.resolve("o")).doesNotExist();
  }

  @Test
  void testDryRunWithoutTheForecastDataNamesWhatIsMissing() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    Path empty = Files.createDirectories(dir.resolve("empty"));
    assertThat(run("run", "--seeker", "rule", "--provider", "offline", "--tasks", tasks.toString(), "--out",
        dir.resolve("o").toString(), "--forecast-data", empty.toString(), "--dry-run")).isNotZero();
    assertThat(err.toString()).contains(empty.resolve("transcripts").toString());
    assertThat(dir.resolve("o")).doesNotExist();
  }

  private static List<String> listing(Path root) throws Exception {
    try (Stream<Path> s = Files.walk(root)) {
      return s.map(p -> {
        try {
          return root.relativize(p) + " " + (Files.isRegularFile(p) ? Files.size(p) + " "
              + Files.getLastModifiedTime(p).toMillis() : "dir");
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
      }).sorted().toList();
    }
  }
}
