package io.clarq.examples.cli.mediq;

import io.clarq.eval.kernel.RunKernel;
import io.clarq.eval.kernel.RunSettings;
import io.clarq.eval.kernel.ShardMerge;
import io.clarq.eval.mediq.MediqBenchmark;
import io.clarq.eval.mediq.MediqItem;
import io.clarq.examples.cli.ShardOptions;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code clarq mediq merge}: joins the shards of a {@code clarq mediq run --shard I/N} through the one merge. */
@Command(
    name = "merge",
    mixinStandardHelpOptions = true,
    description = {
      "Joins the shards of one MediQ run (mediq run --shard I/N, each in its own directory) into --out, which then"
          + " holds what one run of every case writes: consultations.jsonl, results.json, summary.md and report.html."
          + " Give the cases as the run was given them (--data, --datasets, --limit); the question cap and trials come"
          + " from the shards' run-config.json.",
      "The shards must be complete (resume an interrupted one first with its own command), unchanged since they"
          + " ran, and agree on every setting but the shard. Merging the same shards into their merge again does"
          + " nothing and says so; other shards are refused."
    })
public final class MediqMergeCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "SHARD_DIR",
      description = "The shards' --out, or the one folder holding them.")
  List<Path> shards;

  @CommandLine.Mixin MediqCaseOptions cases;

  @Option(names = "--out", required = true, paramLabel = "DIR",
      description = "The merged run's directory: new, or holding this very merge (then nothing is done).")
  Path out;

  @Override
  public Integer call() {
    CommandLine cl = spec.commandLine();
    List<Path> dirs;
    RunSettings first;
    try {
      dirs = ShardMerge.shardDirectories(shards, out);
      first = RunSettings.read(dirs.get(0)).orElseThrow(() -> new IllegalArgumentException(dirs.get(0)
          + " holds no " + RunSettings.FILE + " (not the output directory of a run)"));
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, e.getMessage(), e);
    }
    int maxQuestions = Integer.parseInt(first.get("max_questions").orElse("30"));
    int trials = Integer.parseInt(first.get("trials").orElse("1"));
    List<MediqItem> items = cases.items(cl, MediqCaseOptions.dataDirectory(spec), trials);
    // a merge plays nothing: no expert or patient, one per trial
    MediqBenchmark reading = new MediqBenchmark(java.util.Collections.nCopies(trials, null),
        java.util.Collections.nCopies(trials, null), maxQuestions, Map.of(), List::of);
    ShardMerge.Merged<MediqBenchmark.Result> m;
    try {
      m = RunKernel.merge(reading, items, dirs, out);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, e.getMessage(), e);
    }
    if (ShardOptions.alreadyMerged(cl, "clarq mediq merge", m, dirs.size())) {
      return 0;
    }
    MediqBenchmark.Result r = m.result().orElseThrow();
    PrintWriter w = cl.getOut();
    r.byDataset().forEach((k, f) -> w.println(MediqRunCommand.line(k, f)));
    w.println(MediqRunCommand.line("all", r.overall()));
    w.println("merged " + dirs.size() + " shards into " + out + ": " + out.resolve("results.json") + ", "
        + out.resolve("summary.md") + ", " + out.resolve("report.html"));
    w.flush();
    return 0;
  }
}
