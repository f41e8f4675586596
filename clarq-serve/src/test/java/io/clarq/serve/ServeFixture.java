package io.clarq.serve;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.clarqllm.judge.offline.OfflineJudge;
import io.clarq.core.clarqllm.seeker.SeekerAgent;
import io.clarq.core.clarqllm.seeker.SeekerTurn;
import io.clarq.core.clarqllm.seeker.rule.RuleBasedSeeker;
import io.clarq.core.files.AtomicFiles;
import io.clarq.core.files.OutputLock;
import io.clarq.datasets.clarqllm.demo.DemoTasks;
import io.clarq.eval.clarqllm.ClarqEvaluator;
import io.clarq.eval.clarqllm.RunConfig;
import io.clarq.eval.clarqllm.TaskSelection;
import io.clarq.eval.results.ResultsEnvelope;
import io.clarq.retrieval.clarqllm.OfflineProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

/**
 * Run folders for the server's tests, made by the library as the commands make them: two finished ClarQ-LLM runs of
 * the demo tasks (the rule-based seeker, and a seeker named and speaking hostile HTML), a finished TOA run's
 * results.json written through the results envelope, a ClarQ-LLM run still on (its run-config.json and run.lock,
 * no results) and a folder outside the served one that a symbolic link points to.
 */
public final class ServeFixture {
  /** What the hostile seeker is named and says first: a script and an image whose error handler runs script. */
  public static final String HOSTILE = "<script>window.pwned=1</script><img src=x onerror=\"window.pwned=2\">";
  /** The ids of the runs under the served directory (root 0). */
  public static final String RULES = "0/demo/rules";
  public static final String HOSTILE_RUN = "0/demo/hostile";
  public static final String TOA = "0/toa/dev";
  public static final String RUNNING = "0/running";

  private ServeFixture() {}

  /** Says {@link #HOSTILE} first, then plays as the rule-based seeker; its name is hostile too. */
  static final class HostileSeeker implements SeekerAgent {
    private final RuleBasedSeeker rules = new RuleBasedSeeker();

    @Override
    public String name() {
      return "hostile " + HOSTILE;
    }

    @Override
    public String next(SeekerTurn turn) throws io.clarq.core.llm.LlmException {
      return turn.seekerTurnsSoFar() == 0 ? HOSTILE : rules.next(turn);
    }
  }

  /** Makes the runs under {@code root/served}, and {@code root/outside/secret.json}; returns the served folder. */
  public static Path make(Path root) throws Exception {
    Path served = root.resolve("served");
    demo(served.resolve("demo/rules"), new RuleBasedSeeker());
    demo(served.resolve("demo/hostile"), new HostileSeeker());
    toa(served.resolve("toa/dev"));
    Path running = served.resolve("running");
    Files.createDirectories(running);
    Files.copy(served.resolve("demo/rules/run-config.json"), running.resolve("run-config.json"));
    Files.writeString(running.resolve(OutputLock.FILE), "12345\n");
    Path outside = root.resolve("outside");
    Files.createDirectories(outside);
    Files.writeString(outside.resolve("secret.json"), "{\"secret\": \"outside the served folder\"}\n");
    Files.copy(served.resolve("demo/rules/results.json"), outside.resolve("results.json"));
    Files.createSymbolicLink(served.resolve("link-out"), outside);
    return served;
  }

  private static void demo(Path out, SeekerAgent seeker) throws InterruptedException {
    ClarqEvaluator.run(RunConfig.builder().taskSets(DemoTasks.all()).languages(DemoTasks.languages())
        .selection(TaskSelection.parse("1")).seeker(seeker).provider(new OfflineProvider())
        .judge(new OfflineJudge()).concurrency(2).output(out).build());
  }

  private static void toa(Path out) throws Exception {
    Instant end = Instant.parse("2026-01-02T03:04:05Z");
    var root = ResultsEnvelope.builder("clarq-toa-results", 1, "toa").started(end.minusSeconds(60)).finished(end)
        .setting("asker", "offline").failure("unparsed", 2)
        .figures(f -> f.put("examples", 53).putObject("f1").put("primary", 0.4123))
        .build().toJson();
    Files.createDirectories(out);
    AtomicFiles.write(out.resolve("results.json"), new ObjectMapper().writerWithDefaultPrettyPrinter()
        .writeValueAsString(root));
  }
}
