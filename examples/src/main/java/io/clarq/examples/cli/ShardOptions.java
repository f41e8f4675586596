package io.clarq.examples.cli;

import io.clarq.eval.kernel.Shard;
import io.clarq.eval.kernel.ShardEnvironment;
import io.clarq.eval.kernel.ShardMerge;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** {@code --shard} and {@code --shards}: the options of every command that runs items on the run kernel. */
public final class ShardOptions {
  /** Where --shard auto reads the scheduler's variables; tests replace it. */
  static Function<String, String> environment = System::getenv;

  @Option(names = "--shard", paramLabel = "I/N|auto",
      description = "Run only part I of N of the items (every N-th, in the run's fixed order), into its own --out; "
          + "merge joins the N directories into what one run writes. 'auto' reads it from a Slurm array job "
          + "(SLURM_ARRAY_TASK_ID, _MIN, _COUNT) or a Kubernetes Indexed Job (JOB_COMPLETION_INDEX with --shards N). "
          + "Default: auto inside a Slurm array job (said on stderr), else 1/1. --out may hold {shard}, replaced by I "
          + "(e.g. runs/exp/shard-{shard}).")
  public String shard;

  @Option(names = "--shards", paramLabel = "N",
      description = "How many shards a Kubernetes Indexed Job makes (its completions), for --shard auto.")
  Integer shards;

  /** {@code --shard}: given, read from the scheduler ('auto', or by default inside a Slurm array), or 1/1. */
  public Shard shard(CommandLine cl) {
    if (shards != null && shards < 1) {
      throw new CommandLine.ParameterException(cl, "--shards " + shards + ": must be at least 1");
    }
    if (shard != null && !shard.equals("auto")) {
      Shard given;
      try {
        given = Shard.parse(shard);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.ParameterException(cl, "--shard: " + e.getMessage(), e, null, shard);
      }
      if (shards != null && shards != given.count()) {
        throw new CommandLine.ParameterException(cl, "--shard " + shard + " is one of " + given.count()
            + " shards, but --shards " + shards + ": give one count (--shards is for --shard auto)");
      }
      return given;
    }
    Optional<ShardEnvironment.Found> found;
    try {
      found = ShardEnvironment.read(environment, shards == null ? OptionalInt.empty() : OptionalInt.of(shards));
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, "--shard auto: " + e.getMessage(), e, null, "auto");
    }
    if (found.isEmpty()) {
      if (shard != null) {
        throw new CommandLine.ParameterException(cl, "--shard auto: neither SLURM_ARRAY_TASK_ID nor "
            + "JOB_COMPLETION_INDEX is set (not an array job); give --shard I/N");
      }
      return Shard.ALL;
    }
    cl.getErr().println("shard " + found.get().shard() + " from " + found.get().source()
        + (shard == null ? " (a Slurm or Kubernetes array job; give --shard 1/1 to run everything)" : ""));
    return found.get().shard();
  }

  /**
   * The output directory with {@code {shard}} replaced by the shard's index.
   *
   * @throws CommandLine.ParameterException naming {@code option} and the placeholder when the path holds another one
   */
  public static Path out(CommandLine cl, String option, Path out, Shard shard) {
    try {
      return Path.of(ShardEnvironment.expand(out.toString(), shard));
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, option + " " + e.getMessage(), e, null, out.toString());
    }
  }

  /**
   * Says on stderr that a merge found its output already holding this very merge, so nothing was done; every merge
   * command's words for the one merge's no-op ({@link ShardMerge.Merged#alreadyMerged()}).
   *
   * @return whether nothing was done
   */
  public static boolean alreadyMerged(CommandLine cl, String command, ShardMerge.Merged<?> merged, int shards) {
    if (merged.alreadyMerged()) {
      cl.getErr().println(command + ": " + merged.out() + " already holds this merge of the " + shards + " shards "
          + "(same settings, same item logs); nothing to do");
      cl.getErr().flush();
    }
    return merged.alreadyMerged();
  }
}
