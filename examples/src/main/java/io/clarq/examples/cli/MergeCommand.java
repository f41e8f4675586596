package io.clarq.examples.cli;

import io.clarq.core.judge.Judge;
import io.clarq.eval.run.RunMerge;
import io.clarq.eval.run.RunResult;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code clarq merge}: joins the shards of a {@code clarq run --shard i/n} into one output directory holding what a
 * single run writes.
 */
@Command(
    name = "merge",
    mixinStandardHelpOptions = true,
    description = {
      "Joins the output directories of 'clarq run --shard 1/N' ... '--shard N/N' into --out: transcripts.jsonl,",
      "results.json, summary.md and run-config.json as one run of the whole selection writes them. Checks that the",
      "shards share one config and cover the selection exactly once."
    })
public final class MergeCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(paramLabel = "DIR", arity = "1..*", description = "The shards' output directories, in any order.")
  List<Path> shards;

  @Option(names = "--out", required = true, paramLabel = "DIR", description = "The merged output directory (new).")
  Path out;

  @Option(names = "--tasks", required = true, paramLabel = "DIR",
      description = "The ClarQ-LLM tasks the shards ran (the folder holding English/ and Chinese/, or one language's).")
  Path tasks;

  @Option(names = "--verdicts", paramLabel = "FILE",
      description = "The verdict file the shards were run with (the same --verdicts), if any.")
  Path verdicts;

  @Option(names = "--judge", paramLabel = "offline|none", defaultValue = "none",
      description = "The judge the shards were run with, when it needs no model: offline or none (default: "
          + "${DEFAULT-VALUE}). Shards judged by a model: give their judge-verdicts.jsonl as --verdicts.")
  String judgeKind;

  /** Which shard holds the failed dialogues and the command that retries them. */
  static String failedMessage(int failed, List<RunMerge.FailedShard> byShard) {
    StringBuilder sb = new StringBuilder(failed + " dialogue(s) failed in the shards and are not scored in the merge;"
        + " rerun the shard that holds them (clarq run resumes it and retries only them), then merge again into a new"
        + " --out:");
    for (RunMerge.FailedShard f : byShard) {
      int shown = Math.min(5, f.failed().size());
      sb.append("\n  shard ").append(f.shard()).append(" (").append(f.dir()).append("): ").append(f.failed().size())
          .append(" failed (").append(String.join(", ", f.failed().subList(0, shown)))
          .append(f.failed().size() > shown ? ", ..." : "").append("): rerun clarq run with the options recorded in ")
          .append(f.dir().resolve("run-config.json")).append(" and --shard ").append(f.shard()).append(" --out ")
          .append(f.dir());
    }
    return sb.toString();
  }

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    InputPaths.requireDirectory(cl, "--tasks", tasks);
    for (Path dir : shards) {
      InputPaths.requireDirectory(cl, "shard", dir);
    }
    if (verdicts != null) {
      InputPaths.requireFile(cl, "--verdicts", verdicts);
    }
    List<AutoCloseable> closing = new ArrayList<>();
    try {
      Judge judge;
      try {
        judge = RunCommand.replayedFirst(verdicts, new OfflineJudgeChoice().convert(judgeKind), closing);
      } catch (CommandLine.TypeConversionException e) {
        throw new CommandLine.ParameterException(cl, "--judge " + judgeKind + ": " + e.getMessage());
      }
      RunResult result = RunMerge.merge(shards, out, tasks, judge, RunCommand.judgeDescription(verdicts, judgeKind));
      PrintWriter stdout = cl.getOut();
      stdout.print(result.summary());
      stdout.println("transcripts: " + result.transcript());
      stdout.println("results:     " + result.results());
      stdout.flush();
      if (!result.failed().isEmpty()) {
        throw new IllegalStateException(failedMessage(result.failed().size(), RunMerge.failedShards(shards)));
      }
      return 0;
    } finally {
      for (int i = closing.size() - 1; i >= 0; i--) {
        closing.get(i).close();
      }
    }
  }
}
