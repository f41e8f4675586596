package io.clarq.examples.cli.clarqllm;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.metrics.ClarqStatistics;
import io.clarq.core.clarqllm.metrics.ClarqSummary;
import io.clarq.core.clarqllm.metrics.DialogueScore;
import io.clarq.core.clarqllm.metrics.GroupFigures;
import io.clarq.core.clarqllm.seeker.rule.RuleBasedSeeker;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.stats.Bootstrap;
import io.clarq.datasets.clarqllm.demo.DemoTasks;
import io.clarq.eval.clarqllm.ClarqEvaluator;
import io.clarq.eval.clarqllm.RecordedInputs;
import io.clarq.eval.clarqllm.RunConfig;
import io.clarq.eval.clarqllm.RunResult;
import io.clarq.eval.clarqllm.TaskSelection;
import io.clarq.eval.kernel.Shard;
import io.clarq.eval.report.FigureText;
import io.clarq.examples.cli.InputPaths;
import io.clarq.examples.cli.OfflineJudgeChoice;
import io.clarq.examples.cli.OldOptionNames;
import io.clarq.examples.cli.ShardOptions;
import io.clarq.retrieval.clarqllm.OfflineProvider;
import io.clarq.retrieval.clarqllm.OfflineProviderSettings;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code clarq demo}: the whole ClarQ-LLM loop offline, no model and no network: the rule-based seeker asks, the
 * offline provider answers, the reference metrics score. Runs the demo tasks shipped in the jar, or the real tasks
 * with {@code --tasks}.
 */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    header = "Runs ClarQ-LLM fully offline: a rule-based seeker against the offline provider.",
    description = {
      "Runs ClarQ-LLM fully offline: a rule-based seeker against the offline provider, scored with the reference",
      "metrics (success, AQD, AQL). Without --tasks it plays the 10 English and 10 Chinese demo tasks shipped in",
      "the jar; with --tasks DIR the 260 test tasks per language. Gold lines the verbatim check cannot decide go to",
      "the strict offline judge (no model); --judge none leaves them unjudged and prints the success range."
    })
public final class DemoCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--tasks", paramLabel = "DIR",
      description = "Play these ClarQ-LLM tasks (the folder holding English/ and Chinese/, or one language's folder)"
          + " instead of the demo tasks.")
  Path tasks;

  @Option(names = "--out", paramLabel = "DIR",
      description = "Where transcripts.jsonl, results.json and summary.md go. Default: a new folder under the"
          + " system's temporary directory.")
  Path output;

  @Option(names = "--judge", paramLabel = "offline|none", defaultValue = "offline",
      converter = OfflineJudgeChoice.class,
      description = "Who decides gold lines the verbatim check cannot: 'offline' (default), the strict text judge"
          + " that needs no model, or 'none' (reported unjudged, with the success range).")
  Judge judge;

  @Option(names = "--select", paramLabel = "LIST", defaultValue = "",
      description = "Only these tasks: types (3), type ranges (3-5) or tasks (3.2), comma-separated.")
  String select;

  @picocli.CommandLine.Mixin ShardOptions sharding;

  /** The old name of {@code --out}, taken exactly like it; not both. */
  @Option(names = "--output", hidden = true, paramLabel = "DIR")
  Path oldOutput;

  @Override
  public Integer call() throws Exception {
    output = OldOptionNames.resolve(spec, "--out", output, "--output", oldOutput);
    CommandLine cl = spec.commandLine();
    TaskSelection selection = RunCommand.parse(cl, "--select", select, TaskSelection::parse);
    Shard chosen = sharding.shard(cl);
    RunConfig.Builder config = RunConfig.builder()
        .seeker(new RuleBasedSeeker())
        .provider(new OfflineProvider())
        .judge(judge, judge.name())
        .record(RecordedInputs.RECORDED_JUDGE, judge.name())
        .selection(selection)
        .shard(chosen)
        .output(output != null ? ShardOptions.out(cl, "--out", output, chosen)
            : Files.createTempDirectory("clarq-demo-"));
    if (tasks != null) {
      InputPaths.requireDirectory(spec.commandLine(), "--tasks", tasks);
      config.tasks(tasks).languages(io.clarq.datasets.clarqllm.TasksDirectory.languages(tasks));
    } else {
      config.taskSets(DemoTasks.all()).languages(DemoTasks.languages());
    }
    RunResult result = ClarqEvaluator.run(config.build());
    print(spec.commandLine().getOut(), result, tasks != null);
    return result.complete() ? 0 : 1;
  }

  /**
   * On ClarQ-LLM tasks: success apart on the task types the offline provider's thresholds were tuned on and on the
   * others, so a reader does not take the tuned types for held-out figures.
   */
  static void printTuned(PrintWriter out, RunResult result) {
    int tuned = OfflineProviderSettings.TUNED_UP_TO_TYPE;
    out.printf(Locale.ROOT, "the offline provider was tuned on task types 1-%d (docs/clarq-llm.md); success apart:%n",
        tuned);
    for (Map.Entry<Language, ClarqSummary> e : new java.util.TreeMap<>(result.summaries()).entrySet()) {
      for (boolean onTuned : new boolean[] {true, false}) {
        List<DialogueScore> part = e.getValue().scores().stream()
            .filter(s -> (s.taskId().type() <= tuned) == onTuned).toList();
        if (part.isEmpty()) {
          continue;
        }
        GroupFigures f = ClarqStatistics.of(part, Bootstrap.DEFAULT);
        out.printf(Locale.ROOT, "%-8s %-24s %9d %8s %13s %13s%n", e.getKey().directoryName(),
            onTuned ? "types 1-" + tuned + " (tuned on)" : "types " + (tuned + 1) + "+ (not tuned on)", f.dialogues(),
            FigureText.fixed(f.success().value()), FigureText.interval(f.success()), FigureText.range(f));
      }
    }
    out.flush();
  }

  static void print(PrintWriter out, RunResult result) {
    print(out, result, false);
  }

  /** Prints the figures; {@code clarqLlmTasks}: also apart on the types the offline provider was tuned on. */
  static void print(PrintWriter out, RunResult result, boolean clarqLlmTasks) {
    out.println("judge: " + result.judge() + (result.judge().equals("none") ? " (leftover gold lines unjudged)" : ""));
    // with unjudged dialogues the range over all of them leads; the judged-only rate follows, labelled
    boolean open = result.summaries().values().stream().anyMatch(s -> !s.unjudged().isEmpty());
    if (open) {
      out.printf(Locale.ROOT, "%-8s %9s %18s %9s %11s %13s %8s %8s %7s%n", "language", "dialogues", "success (all)",
          "unjudged", "judged only", "95% interval", "AQD", "AQL", "turns");
    } else {
      out.printf(Locale.ROOT, "%-8s %9s %8s %13s %8s %8s %7s%n", "language", "dialogues", "success", "95% interval",
          "AQD", "AQL", "turns");
    }
    for (Map.Entry<Language, ClarqSummary> e : new java.util.TreeMap<>(result.summaries()).entrySet()) {
      GroupFigures f = ClarqStatistics.of(e.getValue().scores(), Bootstrap.DEFAULT);
      if (open) {
        out.printf(Locale.ROOT, "%-8s %9d %18s %9d %11s %13s %8.4f %8.4f %7.2f%n", e.getKey().directoryName(),
            f.dialogues(), String.format(Locale.ROOT, "[%.4f, %.4f]", f.successRange().lower(),
                f.successRange().upper()), f.unjudged(), FigureText.fixed(f.success().value()),
            FigureText.interval(f.success()), f.aqd().value(), f.aql().value(), f.turns().value());
      } else {
        out.printf(Locale.ROOT, "%-8s %9d %8s %13s %8.4f %8.4f %7.2f%n", e.getKey().directoryName(), f.dialogues(),
            FigureText.fixed(f.success().value()), FigureText.interval(f.success()), f.aqd().value(),
            f.aql().value(), f.turns().value());
      }
    }
    out.println(open ? "success (all) is over all dialogues if every unjudged one failed / succeeded; judged only is"
        + " the rate over the judged dialogues, with its 95% Wilson interval."
        : "success is over all dialogues, every one judged, with its 95% Wilson interval.");
    if (clarqLlmTasks) {
      printTuned(out, result);
    }
    if (!result.failed().isEmpty() || !result.unscored().isEmpty()) {
      out.printf(Locale.ROOT, "%d dialogues failed, %d could not be scored: see %s%n", result.failed().size(),
          result.unscored().size(), result.summaryFile());
    }
    out.println("transcripts: " + result.transcript());
    out.println("results:     " + result.results());
    out.println("summary:     " + result.summaryFile());
    out.println("report:      " + result.reportFile());
    out.flush();
  }
}
