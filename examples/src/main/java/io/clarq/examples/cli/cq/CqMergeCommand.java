package io.clarq.examples.cli.cq;

import io.clarq.core.cq.CqExample;
import io.clarq.datasets.cq.CqGenerationFile;
import io.clarq.datasets.cq.FkwDataset;
import io.clarq.datasets.cq.FkwSplit;
import io.clarq.eval.cq.CqGenerationRun;
import io.clarq.eval.cq.CqJudgeRun;
import io.clarq.eval.kernel.RunSettings;
import io.clarq.eval.kernel.ShardMerge;
import io.clarq.examples.cli.DataDefaults;
import io.clarq.examples.cli.ShardOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code clarq cq merge}: joins the shards of a {@code cq generate} or {@code cq judge} run. */
@Command(
    name = "merge",
    mixinStandardHelpOptions = true,
    description = "Joins the shards of one cq generate or cq judge run (--shard I/N, each in its own directory) into "
        + "--out, which then holds what one run of every row writes. Give a generate run's rows as it was given them "
        + "(--data, --split, --limit), a judge run's questions with --in. The shards must be complete (resume an "
        + "interrupted one first with its own command), unchanged since they ran, and agree on every setting but the "
        + "shard. Merging the same shards into their merge again does nothing and says so; other shards are refused.")
public final class CqMergeCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "SHARD_DIR", description = "The shards' --out, or the one folder holding"
      + " them.")
  List<Path> shards;

  @Option(names = "--out", required = true, paramLabel = "DIR",
      description = "The merged run's directory: new, or holding this very merge (then nothing is done).")
  Path out;

  @Option(names = "--data", paramLabel = "DIR",
      description = "A generate run's ClariQ-FKw directory. Default: clariq-fkw in the data directory.")
  Path data;

  @Option(names = "--split", defaultValue = "dev", paramLabel = "SPLIT",
      description = "A generate run's split: train or dev (default: ${DEFAULT-VALUE}).")
  String split;

  @Option(names = "--limit", paramLabel = "N", description = "A generate run's --limit.")
  Integer limit;

  @Option(names = "--in", paramLabel = "DIR|FILE", description = "A judge run's generations (as its --in).")
  Path in;

  @Override
  public Integer call() {
    List<Path> shards = ShardMerge.shardDirectories(this.shards, out);
    String benchmark = RunSettings.read(shards.get(0)).map(RunSettings::benchmark).orElseThrow(() ->
        new CommandLine.ParameterException(spec.commandLine(), shards.get(0) + " holds no " + RunSettings.FILE
            + " (not the output directory of a run)"));
    try {
      if (benchmark.equals("cq-judge")) {
        if (in == null) {
          throw new IllegalArgumentException("the shards are of a cq judge run: give its questions with --in");
        }
        Path file = Files.isDirectory(in) ? in.resolve(CqGenerationRun.LOG) : in;
        ShardMerge.Merged<CqJudgeRun.Result> m = CqJudgeRun.merge(CqGenerationFile.read(file), shards, out);
        if (ShardOptions.alreadyMerged(spec.commandLine(), "clarq cq merge", m, shards.size())) {
          return 0;
        }
        CqJudgeRun.Result r = m.result().orElseThrow();
        spec.commandLine().getOut().printf(Locale.ROOT, "%d ratings merged into %s (%d unparsed)%n",
            r.judgements().size(), out, r.summary().unparsed());
        return 0;
      }
      if (!benchmark.equals("cq-generate")) {
        throw new IllegalArgumentException(shards.get(0) + " holds a " + benchmark + " run, not a cq generate or cq "
            + "judge run");
      }
      data = DataDefaults.orFetched(spec, data, "--data", "clariq-fkw", "");
      List<CqExample> examples = FkwDataset.load(data, FkwSplit.parse(split));
      if (limit != null && limit < examples.size()) {
        examples = examples.subList(0, limit);
      }
      ShardMerge.Merged<CqGenerationRun.Result> m = CqGenerationRun.merge(examples, shards, out, true);
      if (ShardOptions.alreadyMerged(spec.commandLine(), "clarq cq merge", m, shards.size())) {
        return 0;
      }
      CqGenerationRun.Result r = m.result().orElseThrow();
      spec.commandLine().getOut().printf(Locale.ROOT, "%d questions merged into %s%n", r.generations().size(), out);
      return 0;
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
    }
  }
}
