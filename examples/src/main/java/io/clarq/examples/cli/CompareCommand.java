package io.clarq.examples.cli;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.files.AtomicFiles;
import io.clarq.core.stats.Bootstrap;
import io.clarq.eval.clarqllm.evaluate.VerdictCacheJudge;
import io.clarq.eval.compare.ComparedRun;
import io.clarq.eval.compare.ComparisonReport;
import io.clarq.eval.compare.OutcomeComparison;
import io.clarq.eval.compare.OutcomeRun;
import io.clarq.eval.compare.OutcomeRuns;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code clarq compare}: runs compared pairwise on the dialogues they share. */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description = {
      "Compares ClarQ-LLM runs pairwise on the dialogues they share (same language and task), each language on its",
      "own (English and Chinese are never pooled): success with McNemar's exact test (two-sided, from the discordant",
      "counts; per task type also Holm-adjusted), the minimum detectable difference (alpha 0.05, power 0.8, paired)",
      "and whether the observed one exceeds it, and paired bootstrap intervals for the differences in success, AQD and",
      "AQL, overall and per task type. Runs whose provider, provider model, prompt pack, judge or deviations differ",
      "are refused, naming each difference, unless --allow-different-setup. A RUN is a run directory (clarq run or",
      "demo output; scored as that run was), a transcript file (a published results file or a clarq JSONL",
      "transcript) or a published run by name (provider.Chat.En), scored with --tasks and --verdicts (without",
      "--verdicts or --judge, leftover gold lines are unjudged and those dialogues leave the success comparison).",
      "Runs of the other benchmarks (clarq mediq run, clarq toa run, clarq cq judge folders; results.json names the",
      "benchmark) are compared the same way on their per-item outcomes (MediQ correct, TOA recovered F1, CQ rubric",
      "score) over the items they share, trial 1: McNemar's exact test for binary outcomes, the paired bootstrap test",
      "for graded ones, Holm-adjusted over all pairs; runs whose settings other than the compared agent's differ are",
      "refused unless --allow-different-setup. Runs of different benchmarks are refused."
    })
public final class CompareCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(paramLabel = "RUN", arity = "2..*", description = "Two or more run directories, transcript files or"
      + " published runs by name (provider.Comp.En) when clarq-llm is fetched.")
  List<Path> runs;

  @Option(names = "--allow-different-setup", description = "Compare runs whose provider, provider model, prompt pack,"
      + " judge or recorded deviations differ; the output then opens with what differs.")
  boolean allowDifferentSetup;

  @CommandLine.Mixin RecordedRunOptions scoring;


  @Option(names = "--json", description = "Print one JSON object instead of the text.")
  boolean json;

  @Option(names = "--html", paramLabel = "FILE", description = "Also write the comparison as a self-contained page.")
  Path html;

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    Optional<List<OutcomeRun>> other = otherBenchmark(spec, runs);
    String text;
    String jsonText;
    java.util.function.Supplier<String> pageOf;
    if (other.isPresent()) {
      OutcomeComparison report = OutcomeComparison.of(other.get(), Bootstrap.DEFAULT, allowDifferentSetup);
      text = report.text();
      jsonText = report.jsonText();
      pageOf = report::html;
    } else {
      List<ComparedRun> loaded = scoring.load(spec, runs).runs();
      ComparisonReport report = ComparisonReport.of(loaded, Bootstrap.DEFAULT, allowDifferentSetup);
      text = report.text();
      jsonText = report.jsonText();
      pageOf = report::html;
    }
    PrintWriter out = cl.getOut();
    out.print(json ? jsonText + System.lineSeparator() : text);
    if (html != null) {
      String page = pageOf.get();
      AtomicFiles.write(html, w -> w.write(page));
      if (!json) {
        out.println("html: " + html);
      }
    }
    out.flush();
    return 0;
  }

  /**
   * The runs as per-item outcomes when any RUN is the folder of a run of another benchmark than ClarQ-LLM (its
   * results.json says which); empty when every RUN is ClarQ-LLM's (a folder, transcript file or published run).
   *
   * @throws CommandLine.ParameterException when such runs are mixed with ClarQ-LLM runs or files, naming each
   *     run's benchmark
   */
  static Optional<List<OutcomeRun>> otherBenchmark(CommandLine.Model.CommandSpec spec, List<Path> runs) {
    List<String> benchmarks = new ArrayList<>();
    for (Path r : runs) {
      benchmarks.add(Files.isRegularFile(r.resolve("results.json")) ? OutcomeRuns.benchmarkOf(r)
          : OutcomeRuns.CLARQ_LLM);
    }
    if (benchmarks.stream().allMatch(OutcomeRuns.CLARQ_LLM::equals)) {
      return Optional.empty();
    }
    if (benchmarks.stream().distinct().count() > 1) {
      List<String> each = new ArrayList<>();
      for (int i = 0; i < runs.size(); i++) {
        each.add(runs.get(i) + " is a " + benchmarks.get(i) + " run");
      }
      throw new CommandLine.ParameterException(spec.commandLine(), "runs of different benchmarks cannot be"
          + " compared: " + String.join(", ", each) + ". Their outcomes are not of one kind: give runs of one"
          + " benchmark");
    }
    return Optional.of(runs.stream().map(OutcomeRuns::load).toList());
  }

  /**
   * Runs as the RUN parameters name them, each path resolved (a published run by name) and scored.
   *
   * @param paths each RUN's file or directory, in the order given
   * @param runs each loaded and scored, in the same order
   */
  record LoadedRuns(List<Path> paths, List<ComparedRun> runs) {}

  /**
   * Resolves and scores RUN parameters as {@code clarq compare} does: a run directory as that run was scored, a
   * transcript file or a published run by name with {@code tasks} (default: the fetched clarq-llm tasks) and
   * {@code verdicts} (default: the paper's verdicts for published runs), then {@code judge}.
   */
  static LoadedRuns loadRuns(CommandLine.Model.CommandSpec spec, List<Path> runs, Path tasks, Path verdicts,
      Judge judge) throws Exception {
    CommandLine cl = spec.commandLine();
    List<Path> named = new ArrayList<>();
    for (Path r : runs) {
      Path p = DataDefaults.publishedRun(spec, r, "RUN");
      if (!Files.exists(p)) {
        throw new CommandLine.ParameterException(cl, "RUN " + r + ": no such file or directory, nor a published run"
            + " of that name");
      }
      named.add(p);
    }
    if (tasks == null && named.stream().anyMatch(Files::isRegularFile)) {
      tasks = DataDefaults.orFetched(spec, null, "--tasks", "clarq-llm", "tasks");
    }
    if (tasks != null) {
      InputPaths.requireDirectory(cl, "--tasks", tasks);
    }
    if (verdicts != null) {
      InputPaths.requireFile(cl, "--verdicts", verdicts);
    }
    if (verdicts == null) {
      verdicts = DataDefaults.referenceVerdicts(spec, named).orElse(null);
      if (verdicts != null) {
        DataDefaults.announceVerdicts(spec, verdicts);
      }
    }
    List<ComparedRun> loaded = new ArrayList<>();
    try (VerdictCacheJudge cache = verdicts == null ? null : VerdictCacheJudge.readOnly(verdicts, judge)) {
      Judge scoring = cache == null ? judge : cache;
      for (Path r : named) {
        loaded.add(ComparedRun.load(r, Optional.ofNullable(tasks), scoring));
      }
    }
    return new LoadedRuns(named, loaded);
  }
}
