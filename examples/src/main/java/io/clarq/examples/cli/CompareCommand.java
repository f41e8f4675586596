package io.clarq.examples.cli;

import io.clarq.core.judge.Judge;
import io.clarq.core.metrics.stats.Bootstrap;
import io.clarq.core.files.AtomicFiles;
import io.clarq.eval.compare.ComparedRun;
import io.clarq.eval.compare.ComparisonReport;
import io.clarq.eval.evaluate.VerdictCacheJudge;
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
      "Compares ClarQ-LLM runs pairwise on the dialogues they share (same language and task): success with",
      "McNemar's exact test (two-sided, from the discordant counts), and paired bootstrap intervals for the",
      "differences in success, AQD and AQL, overall and per task type. A RUN is a run directory (clarq run or demo",
      "output; scored as that run was) or a transcript file (a published results file or a clarq JSONL transcript),",
      "scored with --tasks and --verdicts (without --verdicts or --judge, leftover gold lines are unjudged and those",
      "dialogues leave the success comparison)."
    })
public final class CompareCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(paramLabel = "RUN", arity = "2..*", description = "Two or more run directories or transcript files.")
  List<Path> runs;

  @Option(names = "--tasks", paramLabel = "DIR", description = "The tasks transcript files were played on.")
  Path tasks;

  @Option(names = "--verdicts", paramLabel = "FILE", description = "Replay these judge verdicts when scoring files."
      + " Default when a RUN is a published run in the data directory: the paper's GPT-4o verdicts, when `clarq data"
      + " fetch clarq-llm-reference` has derived them.")
  Path verdicts;

  @Option(names = "--judge", paramLabel = "offline|none", defaultValue = "none", converter = OfflineJudgeChoice.class,
      description = "Who decides what --verdicts cannot when scoring files (default: ${DEFAULT-VALUE}).")
  Judge judge;

  @Option(names = "--json", description = "Print one JSON object instead of the text.")
  boolean json;

  @Option(names = "--html", paramLabel = "FILE", description = "Also write the comparison as a self-contained page.")
  Path html;

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    for (Path r : runs) {
      if (!Files.exists(r)) {
        throw new CommandLine.ParameterException(cl, "RUN " + r + ": no such file or directory");
      }
    }
    if (tasks != null) {
      InputPaths.requireDirectory(cl, "--tasks", tasks);
    }
    if (verdicts != null) {
      InputPaths.requireFile(cl, "--verdicts", verdicts);
    }
    if (verdicts == null) {
      verdicts = DataDefaults.referenceVerdicts(spec, runs).orElse(null);
      if (verdicts != null) {
        DataDefaults.announceVerdicts(spec, verdicts);
      }
    }
    List<ComparedRun> loaded = new ArrayList<>();
    try (VerdictCacheJudge cache = verdicts == null ? null : VerdictCacheJudge.readOnly(verdicts, judge)) {
      Judge scoring = cache == null ? judge : cache;
      for (Path r : runs) {
        loaded.add(ComparedRun.load(r, Optional.ofNullable(tasks), scoring));
      }
    }
    ComparisonReport report = ComparisonReport.of(loaded, Bootstrap.DEFAULT);
    PrintWriter out = cl.getOut();
    out.print(json ? report.jsonText() + System.lineSeparator() : report.text());
    if (html != null) {
      String page = report.html();
      AtomicFiles.write(html, w -> w.write(page));
      if (!json) {
        out.println("html: " + html);
      }
    }
    out.flush();
    return 0;
  }
}
