package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.testing.SharedData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cluster recipe of docs/scale-out.md on a real one-node Slurm (scripts/slurm-local.sh): the documented block,
 * an array of 3 shards with {@code --shard auto} and the merge job waiting on it, run on 40 tasks with the model-free
 * seeker; the merged run equals an unsharded one, and the merge job submitted again exits 0 having done nothing.
 *
 * <p>Skipped, saying why, where {@code sbatch} is missing or the cluster cannot start; with
 * {@code CLARQ_SLURM_TEST=required} (set by .ci/run, which installs slurm-wlm and munge) it fails instead.
 */
@Tag("slurm")
class SlurmRecipeTest extends CommandTestBase {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final Path LOCAL = ROOT.resolve("scripts/slurm-local.sh");
  private static final Duration JOB_LIMIT = Duration.ofMinutes(5);
  private static final String MARKER = "<!-- the block below is run by SlurmRecipeTest";
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void testTheDocumentedArrayAndMergeEqualAnUnshardedRun() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    Map<String, String> env = new HashMap<>();
    env.put("CLARQ_SLURM_DIR", System.getenv().getOrDefault("CLARQ_SLURM_DIR", "/tmp/clarq-slurm"));
    boolean startedHere = startCluster(env);
    try {
      String recipe = documentedBlock();
      Path work = dir.resolve("work");
      Files.createDirectories(work);
      Files.createSymbolicLink(work.resolve("scripts"), ROOT.resolve("scripts"));
      env.put("TASKS", tasks.toString());
      // short-lived JVMs: the quick compiler is enough
      env.put("CLARQ", Path.of(System.getProperty("java.home"), "bin", "java") + " -XX:TieredStopAtLevel=1 -cp "
          + System.getProperty("java.class.path") + " " + ClarqCommand.class.getName());
      Result submitted = bash(work, env, recipe);
      assertThat(submitted.code).as(submitted.output).isZero();
      List<String> ids = submitted.output.lines().filter(l -> l.matches("\\d+(;.*)?")).toList();
      assertThat(ids).as(submitted.output).hasSize(1);
      String merge = ids.get(0).split(";")[0];
      assertThat(awaitJob(env, merge)).as(logs(work)).isEqualTo("COMPLETED");

      Path merged = work.resolve("runs/exp/merged");
      assertThat(run("run", "--seeker", "rule", "--provider", "offline", "--tasks", tasks.toString(), "--select",
          "1-4", "--out", dir.resolve("whole").toString())).as(err.toString()).isZero();
      Path whole = dir.resolve("whole");
      assertThat(Files.readAllLines(whole.resolve("transcripts.jsonl"))).hasSize(40);
      for (int i = 1; i <= 3; i++) {
        assertThat(work.resolve("runs/exp/shard-" + i + "/transcripts.jsonl")).exists();
      }
      assertThat(Files.readAllBytes(merged.resolve("transcripts.jsonl")))
          .isEqualTo(Files.readAllBytes(whole.resolve("transcripts.jsonl")));
      JsonNode m = JSON.readTree(merged.resolve("results.json").toFile());
      JsonNode w = JSON.readTree(whole.resolve("results.json").toFile());
      assertThat(m.get("languages")).isEqualTo(w.get("languages"));
      assertThat(m.get("settings")).isEqualTo(w.get("settings"));
      assertThat(m.get("shards").get("count").asInt()).isEqualTo(3);
      assertThat(m.get("shards").get("wall_seconds_longest").asDouble()).isPositive();

      // the merge job submitted again (as a requeue would run it): nothing to do, exit 0
      byte[] results = Files.readAllBytes(merged.resolve("results.json"));
      Result again = bash(work, env, "sbatch --wait --output=again.log scripts/clarq-merge.sbatch runs/exp");
      assertThat(again.code).as(again.output + logs(work)).isZero();
      assertThat(Files.readString(work.resolve("again.log"))).contains("already holds this merge of the 3 shards");
      assertThat(Files.readAllBytes(merged.resolve("results.json"))).isEqualTo(results);
    } finally {
      if (startedHere) {
        bash(ROOT, env, LOCAL + " stop");
      }
    }
  }

  /** Starts the local cluster unless one runs; false when it was running already (then it is left running). */
  private static boolean startCluster(Map<String, String> env) throws Exception {
    boolean required = "required".equals(System.getenv("CLARQ_SLURM_TEST"));
    Result sbatch = bash(ROOT, env, "command -v sbatch");
    if (sbatch.code != 0) {
      skipOrFail(required, "sbatch is not installed (apt-get install -y slurm-wlm munge)");
    }
    Result status = bash(ROOT, env, LOCAL + " status");
    boolean running = status.output.contains("slurmctld: running");
    if (!running) {
      Result start = bash(ROOT, env, LOCAL + " start");
      if (start.code != 0) {
        skipOrFail(required, "the local Slurm cluster did not start: " + start.output.strip());
      }
    }
    env.put("SLURM_CONF", Path.of(env.get("CLARQ_SLURM_DIR"), "slurm.conf").toString());
    return !running;
  }

  private static void skipOrFail(boolean required, String why) {
    if (required) {
      throw new AssertionError("CLARQ_SLURM_TEST=required, but " + why);
    }
    Assumptions.abort("Slurm recipe test skipped: " + why);
  }

  /** The fenced block after the marker in docs/scale-out.md. */
  private static String documentedBlock() throws IOException {
    String doc = Files.readString(ROOT.resolve("docs/scale-out.md"), StandardCharsets.UTF_8);
    int at = doc.indexOf(MARKER);
    assertThat(at).as("docs/scale-out.md holds the marker " + MARKER).isNotNegative();
    int open = doc.indexOf("```bash\n", at);
    int close = doc.indexOf("\n```", open + 8);
    return "set -euo pipefail\n" + doc.substring(open + 8, close + 1);
  }

  /** The job's state once it left the queue ("COMPLETED", "FAILED", "CANCELLED", ...). */
  private static String awaitJob(Map<String, String> env, String id) throws Exception {
    long deadline = System.nanoTime() + JOB_LIMIT.toNanos();
    while (System.nanoTime() < deadline) {
      Result r = bash(ROOT, env, "scontrol -o show job " + id);
      java.util.regex.Matcher state = java.util.regex.Pattern.compile("JobState=(\\S+)").matcher(r.output);
      if (state.find() && !List.of("PENDING", "RUNNING", "CONFIGURING", "COMPLETING").contains(state.group(1))) {
        return state.group(1);
      }
      Thread.sleep(500);
    }
    bash(ROOT, env, "scancel " + id);
    throw new AssertionError("job " + id + " not done within " + JOB_LIMIT);
  }

  /** The jobs' logs in the submit directory, for a failure's message. */
  private static String logs(Path work) throws IOException {
    StringBuilder sb = new StringBuilder("\njob logs:\n");
    try (var files = Files.list(work)) {
      for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".out")
          || p.getFileName().toString().endsWith(".log")).sorted().toList()) {
        List<String> lines = Files.readAllLines(f);
        sb.append("== ").append(f.getFileName()).append('\n')
            .append(String.join("\n", lines.subList(Math.max(0, lines.size() - 15), lines.size()))).append('\n');
      }
    }
    return sb.toString();
  }

  private record Result(int code, String output) {}

  private static Result bash(Path cwd, Map<String, String> env, String script) throws Exception {
    List<String> command = new ArrayList<>(List.of("bash", "-c", script));
    ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true);
    pb.environment().putAll(env);
    Process p = pb.start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(JOB_LIMIT.toSeconds(), TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("timed out: " + script);
    }
    return new Result(p.exitValue(), output);
  }
}
