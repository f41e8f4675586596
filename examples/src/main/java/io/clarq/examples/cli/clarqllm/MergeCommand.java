package io.clarq.examples.cli.clarqllm;

import io.clarq.eval.clarqllm.ClarqEvaluator;
import io.clarq.eval.clarqllm.RecordedInputs;
import io.clarq.eval.clarqllm.RunResult;
import io.clarq.eval.kernel.ShardMerge;
import io.clarq.examples.cli.InputPaths;
import io.clarq.examples.cli.OfflineJudgeChoice;
import io.clarq.examples.cli.ShardOptions;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
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
      "results.json, summary.md and run-config.json as one run of the whole selection writes them, with the shards'",
      "wall times (sum and longest). Give the shards' directories, or the one folder holding them. The tasks, judge,",
      "verdicts, prompt pack and settings come from the shards' run-config.json. Checks that the shards share one",
      "config and cover the selection exactly once, each unchanged since it ran. Merging the same shards into their",
      "merge again does nothing and says so (exit 0); other shards, or shards rerun since, are refused. A shard",
      "holding failed dialogues is refused (exit 1, nothing written), naming the shard to resume."
    })
public final class MergeCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(paramLabel = "DIR", arity = "1..*", description = "The shards' output directories, in any order, or "
      + "the one folder holding them (every shard's folder under it: not --out, merged runs or unsharded ones).")
  List<Path> shards;

  @Option(names = "--out", required = true, paramLabel = "DIR",
      description = "The merged output directory: new, or holding this very merge (then nothing is done).")
  Path out;

  @Option(names = "--tasks", paramLabel = "DIR",
      description = "The ClarQ-LLM tasks the shards ran, when not where their run-config.json says (checked against "
          + "the shards' task digest).")
  Path tasks;

  @Option(names = "--verdicts", paramLabel = "FILE",
      description = "The verdict file the shards were run with (the same --verdicts), when their run-config.json does"
          + " not record it or it moved.")
  Path verdicts;

  @Option(names = "--judge", paramLabel = "offline|none",
      description = "The judge the shards were run with, when their run-config.json does not record it (written by an"
          + " older clarq): offline or none. Checked against the shards' judge.")
  String judgeKind;

  /** Which shard holds the failed dialogues and the command that retries them. */
  static String failedMessage(ShardMerge.FailedShards refused) {
    StringBuilder sb = new StringBuilder(refused.failedItems() + " dialogue(s) failed in the shards; nothing is"
        + " merged: rerun the shard that holds them (clarq run resumes it and retries only them), then merge again:");
    for (ShardMerge.FailedShard f : refused.shards()) {
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
    if (tasks != null) {
      InputPaths.requireDirectory(cl, "--tasks", tasks);
    }
    for (Path dir : shards) {
      InputPaths.requireDirectory(cl, "shard", dir);
    }
    if (verdicts != null) {
      InputPaths.requireFile(cl, "--verdicts", verdicts);
    }
    List<AutoCloseable> closing = new ArrayList<>();
    try {
      Optional<RecordedInputs.GivenJudge> given = Optional.empty();
      if (verdicts != null || judgeKind != null) {
        String kind = judgeKind == null ? "none" : judgeKind;
        try {
          given = Optional.of(new RecordedInputs.GivenJudge(RunRoles.replayedFirst(verdicts,
              new OfflineJudgeChoice().convert(kind), closing), RunRoles.judgeDescription(verdicts, kind)));
        } catch (CommandLine.TypeConversionException e) {
          throw new CommandLine.ParameterException(cl, "--judge " + judgeKind + ": " + e.getMessage());
        }
      }
      List<Path> dirs = ShardMerge.shardDirectories(shards, out);
      ShardMerge.Merged<RunResult> merged;
      try {
        merged = ClarqEvaluator.merge(dirs, out, Optional.ofNullable(tasks), given);
      } catch (ShardMerge.FailedShards refused) {
        throw new IllegalStateException(failedMessage(refused), refused);
      }
      if (!ShardOptions.alreadyMerged(cl, "clarq merge", merged, dirs.size())) {
        RunResult result = merged.result().orElseThrow();
        PrintWriter stdout = cl.getOut();
        stdout.print(result.summary());
        stdout.println("transcripts: " + result.transcript());
        stdout.println("results:     " + result.results());
        stdout.flush();
      }
      return 0;
    } finally {
      for (int i = closing.size() - 1; i >= 0; i--) {
        closing.get(i).close();
      }
    }
  }
}
