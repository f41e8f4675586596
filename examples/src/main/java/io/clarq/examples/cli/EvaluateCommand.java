package io.clarq.examples.cli;

import io.clarq.core.judge.Judge;
import io.clarq.core.metrics.ClarqSummary;
import io.clarq.eval.evaluate.ClarqEvaluation;
import io.clarq.eval.evaluate.EvaluationReport;
import io.clarq.eval.evaluate.RecordedRun;
import io.clarq.eval.evaluate.RecordedRuns;
import io.clarq.eval.evaluate.VerdictCacheJudge;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalInt;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code clarq evaluate}: scores a published ClarQ-LLM results file or a clarq JSONL transcript with the reference
 * metrics. Without {@code --verdicts} no judge is asked: dialogues the verbatim stages cannot decide are listed as
 * unjudged (left out of success, never counted as failures).
 */
@Command(
    name = "evaluate",
    mixinStandardHelpOptions = true,
    description = {
      "Scores recorded ClarQ-LLM dialogues: success, AQD, AQL as the reference evaluator computes them.",
      "Reads a published results file (transcripts/*.json) or a clarq JSONL transcript; tells them apart itself.",
      "Without --verdicts no judge is asked: dialogues the verbatim check cannot decide are reported as unjudged."
    })
public final class EvaluateCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--tasks", required = true, paramLabel = "DIR",
      description = "The ClarQ-LLM tasks: the folder holding English/ and Chinese/, or one language's folder.")
  Path tasks;

  @Option(names = "--transcripts", required = true, paramLabel = "FILE",
      description = "The dialogues: a published results file (JSON) or a clarq transcript (JSONL).")
  Path transcripts;

  @Option(names = "--verdicts", paramLabel = "FILE",
      description = "Replay the judge's verdicts from this file (e.g. clarq-llm/judge-verdicts.jsonl); read only.")
  Path verdicts;

  @Option(names = "--no-judge",
      description = "Ask no judge at all: report every dialogue the verbatim check cannot decide as unjudged.")
  boolean noJudge;

  @Option(names = "--json", description = "Print one JSON object instead of the table.")
  boolean json;

  @Override
  public Integer call() throws Exception {
    checkArguments();
    RecordedRun run = RecordedRuns.load(transcripts, tasks);
    if (run.dialogues().isEmpty()) {
      throw new IllegalArgumentException("no finished dialogue to score in " + transcripts
          + (run.notes().isEmpty() ? "" : " (" + String.join("; ", run.notes()) + ")"));
    }
    EvaluationReport report;
    if (verdicts == null) {
      report = new EvaluationReport(run, ClarqEvaluation.score(run, Judge.none()), OptionalInt.empty());
    } else {
      try (VerdictCacheJudge judge = VerdictCacheJudge.readOnly(verdicts, Judge.none())) {
        ClarqSummary summary = ClarqEvaluation.score(run, judge);
        report = new EvaluationReport(run, summary, OptionalInt.of(judge.hits()));
      }
    }
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.println(report.jsonText());
    } else {
      out.print(report.table());
    }
    out.flush();
    return 0;
  }

  private void checkArguments() {
    CommandLine cl = spec.commandLine();
    if (noJudge && verdicts != null) {
      throw new CommandLine.ParameterException(cl, "--no-judge and --verdicts exclude each other: --no-judge asks"
          + " no judge, not even the verdict cache");
    }
    if (!Files.isDirectory(tasks)) {
      throw new CommandLine.ParameterException(cl, "--tasks " + tasks + ": no such directory");
    }
    if (!Files.isRegularFile(transcripts)) {
      throw new CommandLine.ParameterException(cl, "--transcripts " + transcripts + ": no such file");
    }
    if (verdicts != null && !Files.isRegularFile(verdicts)) {
      throw new CommandLine.ParameterException(cl, "--verdicts " + verdicts + ": no such file");
    }
  }
}
