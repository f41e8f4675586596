package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The messages of issue 29 that were unclear, each made clear; none needs data (an empty folder stands for the tasks
 * where a command only checks its options).
 */
class ClearMessagesTest extends CommandTestBase {
  @TempDir Path dir;

  private int runSeeker(String seeker) throws Exception {
    out.getBuffer().setLength(0);
    err.getBuffer().setLength(0);
    Path tasks = Files.createDirectories(dir.resolve("tasks"));
    return run("run", "--seeker", seeker, "--provider", "offline", "--tasks", tasks.toString(), "--out",
        dir.resolve("out").toString());
  }

  private static int count(String text, String part) {
    return text.split(java.util.regex.Pattern.quote(part), -1).length - 1;
  }

  @Test
  void testASeekerSpecThatNamesNoSeekerListsThemAndSuggestsTheNearest() throws Exception {
    assertThat(runSeeker("rul")).isEqualTo(2);
    String e = err.toString();
    assertThat(e).startsWith("clarq run: --seeker rul: no seeker or model scheme 'rul' (did you mean 'rule'?)")
        .contains("Built-in seekers: rule (rule-based, no model), console (you type), [comp:|chat:]MODEL-SPEC")
        .contains("model schemes: ").contains("openai")
        .contains("Plug-in seekers found on the class path: ")
        .contains("a plug-in seeker's jar must be on the class path");
    // printed once, before anything else: no forecast note ahead of it
    assertThat(count(e, "no seeker or model scheme")).isEqualTo(1);
    assertThat(e).doesNotContain("no forecast");
    assertThat(dir.resolve("out")).doesNotExist();

    assertThat(runSeeker("rule:x")).isEqualTo(2);
    assertThat(err.toString()).contains("--seeker rule:x: the rule-based seeker takes no arguments; give --seeker"
        + " rule");

    // a plug-in seeker whose jar is not on the class path
    assertThat(runSeeker("scenes:2")).isEqualTo(2);
    assertThat(err.toString()).contains("--seeker scenes:2: no seeker or model scheme 'scenes'")
        .contains("Plug-in seekers found on the class path: none")
        .contains("java -cp clarq.jar:your-seeker.jar io.clarq.examples.cli.ClarqCommand run --seeker SCHEME:ARGS");

    // a model spec's typo after the mode
    assertThat(runSeeker("chat:opnai:gpt-4o")).isEqualTo(2);
    assertThat(err.toString()).contains("no seeker or model scheme 'opnai' (did you mean 'openai'?)");
  }

  @Test
  void testAnOptionErrorOfRunIsPrintedOnceAndFirst() throws Exception {
    assertThat(runSeeker("nope:m")).isEqualTo(2);
    assertThat(err.toString().lines()).hasSize(2);   // the error, then where the help is
    assertThat(err.toString().lines().findFirst().orElseThrow()).startsWith("clarq run: --seeker nope:m: ");
    out.getBuffer().setLength(0);
    err.getBuffer().setLength(0);
    Path tasks = Files.createDirectories(dir.resolve("tasks"));
    assertThat(run("run", "--seeker", "rule", "--provider", "nope:m", "--tasks", tasks.toString(), "--out",
        dir.resolve("out").toString())).isEqualTo(2);
    assertThat(err.toString()).startsWith("clarq run: --provider nope:m: unknown LLM scheme 'nope'")
        .doesNotContain("no forecast");
    assertThat(count(err.toString(), "unknown LLM scheme")).isEqualTo(1);
  }

  @Test
  void testSlurmVariablesOutsideTheArrayAreNamed() {
    Function<String, String> before = ShardOptions.environment;
    ShardOptions.environment = Map.of("SLURM_ARRAY_TASK_ID", "6", "SLURM_ARRAY_TASK_MIN", "0",
        "SLURM_ARRAY_TASK_MAX", "2", "SLURM_ARRAY_TASK_COUNT", "3")::get;
    try {
      assertThat(run("demo", "--out", dir.resolve("demo").toString())).isEqualTo(2);
      assertThat(err.toString()).contains("--shard auto: SLURM_ARRAY_TASK_ID=6 is outside the array"
          + " SLURM_ARRAY_TASK_MIN=0 to SLURM_ARRAY_TASK_MAX=2 (SLURM_ARRAY_TASK_COUNT=3)")
          .doesNotContain("illegal shard");
      err.getBuffer().setLength(0);
      ShardOptions.environment = Map.of("SLURM_ARRAY_TASK_ID", "0", "SLURM_ARRAY_TASK_MIN", "0",
          "SLURM_ARRAY_TASK_MAX", "0", "SLURM_ARRAY_TASK_COUNT", "0")::get;
      assertThat(run("demo", "--out", dir.resolve("demo").toString())).isEqualTo(2);
      assertThat(err.toString()).contains("SLURM_ARRAY_TASK_COUNT=0: an array job has at least one task")
          .doesNotContain("gaps");
    } finally {
      ShardOptions.environment = before;
    }
    assertThat(dir.resolve("demo")).doesNotExist();
  }

  @Test
  void testShardPlaceholderTyposAndContradictoryCountsAreRefused() {
    for (String typo : new String[] {"{shards}", "{}"}) {
      err.getBuffer().setLength(0);
      Path outDir = dir.resolve("runs/shard-" + typo);
      assertThat(run("demo", "--shard", "1/2", "--out", outDir.toString())).isEqualTo(2);
      assertThat(err.toString()).contains("--out " + outDir + ": unknown placeholder " + typo
          + "; the only one is {shard}");
      assertThat(outDir).doesNotExist();
    }
    err.getBuffer().setLength(0);
    assertThat(run("demo", "--shards", "3", "--shard", "1/2", "--out", dir.resolve("d").toString())).isEqualTo(2);
    assertThat(err.toString()).contains("--shard 1/2 is one of 2 shards, but --shards 3");
    assertThat(dir.resolve("d")).doesNotExist();
  }

  @Test
  void testRejudgeOfAFolderThatIsNotARunSaysSo() throws Exception {
    Path folder = Files.createDirectories(dir.resolve("not-a-run"));
    assertThat(run("rejudge", folder.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("RUN " + folder + ": not a run directory (it holds no transcripts.jsonl")
        .doesNotContain("no such file");
  }

  @Test
  void testAJsonErrorNamesFileLineAndColumnWithoutJacksonInternals() throws Exception {
    Path tasks = Files.createDirectories(dir.resolve("tasks"));
    Path cut = dir.resolve("run.json");
    Files.writeString(cut, "[[{\"l2l\": [[\"Jax: hello\",\n \"Where is the m");
    assertThat(run("evaluate", "--tasks", tasks.toString(), "--transcripts", cut.toString())).isEqualTo(1);
    assertThat(err.toString()).contains(cut + ": not valid JSON, line 2, column ")
        .contains("Unexpected end-of-input").doesNotContain("Source:").doesNotContain("StreamReadFeature");
  }

  @Test
  void testAnUnknownCommandIsAnErrorEvenWithHelp() {
    assertThat(run("nosuch", "--help")).isEqualTo(2);
    assertThat(err.toString()).startsWith("clarq: unknown command 'nosuch'; the commands: ").contains(", run, ");
    assertThat(out.toString()).doesNotContain("Usage:");
    err.getBuffer().setLength(0);
    assertThat(run("run", "--help", "extra")).isEqualTo(2);
    assertThat(err.toString()).startsWith("clarq run: ").contains("'extra'");
    // help itself still answers
    out.getBuffer().setLength(0);
    assertThat(run("--help")).isZero();
    assertThat(run("run", "--help")).isZero();
    assertThat(out.toString()).contains("Usage: clarq run");
  }
}
