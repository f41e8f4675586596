package io.clarq.eval.kernel;

import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;

/**
 * The shard a job of a cluster array is, read from the scheduler's environment, so an array job needs no arithmetic
 * in its script:
 *
 * <ul>
 *   <li>Slurm ({@code sbatch --array=0-2}): shard {@code SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN + 1} of
 *       {@code SLURM_ARRAY_TASK_COUNT}. An array with a step ({@code SLURM_ARRAY_TASK_STEP} other than 1) or with gaps
 *       ({@code SLURM_ARRAY_TASK_MAX - SLURM_ARRAY_TASK_MIN + 1} other than the count) is refused, naming the
 *       variables: its tasks would not make shards 1 to n.
 *   <li>Kubernetes Indexed Jobs: shard {@code JOB_COMPLETION_INDEX + 1} of the count the caller gives (the job's
 *       {@code completions}), as the environment does not hold it.
 * </ul>
 */
public final class ShardEnvironment {
  private ShardEnvironment() {}

  /** What was read and from where, for the line a command prints: "2/3 (SLURM_ARRAY_TASK_ID=1 of 0-2)". */
  public record Found(Shard shard, String source) {}

  /**
   * The shard the environment names, if any: Slurm's array variables first, then Kubernetes'
   * {@code JOB_COMPLETION_INDEX} (which needs {@code shards}).
   *
   * @param shards the number of shards, when the caller was told it (Kubernetes needs it; for Slurm it must agree)
   * @throws IllegalArgumentException naming the variables when they are malformed or describe no shard of 1..n
   */
  public static Optional<Found> read(Function<String, String> environment, OptionalInt shards) {
    String id = value(environment, "SLURM_ARRAY_TASK_ID");
    if (id != null) {
      int task = number(environment, "SLURM_ARRAY_TASK_ID");
      int count = number(environment, "SLURM_ARRAY_TASK_COUNT");
      int min = number(environment, "SLURM_ARRAY_TASK_MIN");
      int max = number(environment, "SLURM_ARRAY_TASK_MAX");
      String step = value(environment, "SLURM_ARRAY_TASK_STEP");
      if (count < 1) {
        throw new IllegalArgumentException("SLURM_ARRAY_TASK_COUNT=" + count + ": an array job has at least one task;"
            + " this environment is not one Slurm sets up for an array task (SLURM_ARRAY_TASK_ID=" + task
            + "); give --shard I/N");
      }
      if (max < min) {
        throw new IllegalArgumentException("SLURM_ARRAY_TASK_MIN=" + min + " is above SLURM_ARRAY_TASK_MAX=" + max
            + ": not an array Slurm sets up; give --shard I/N");
      }
      if (step != null && !step.equals("1")) {
        throw new IllegalArgumentException("SLURM_ARRAY_TASK_STEP=" + step + ": an array with a step does not make "
            + "shards 1 to n; submit --array=0-" + (count - 1) + " (no step) or give --shard I/N");
      }
      if (max - min + 1 != count) {
        throw new IllegalArgumentException("SLURM_ARRAY_TASK_MIN=" + min + ", SLURM_ARRAY_TASK_MAX=" + max
            + ", SLURM_ARRAY_TASK_COUNT=" + count + ": an array with gaps does not make shards 1 to n; submit "
            + "--array=0-" + (count - 1) + " or give --shard I/N");
      }
      if (task < min || task > max) {
        throw new IllegalArgumentException("SLURM_ARRAY_TASK_ID=" + task + " is outside the array"
            + " SLURM_ARRAY_TASK_MIN=" + min + " to SLURM_ARRAY_TASK_MAX=" + max + " (SLURM_ARRAY_TASK_COUNT=" + count
            + "), so it names no shard of 1 to " + count + "; give --shard I/N");
      }
      if (shards.isPresent() && shards.getAsInt() != count) {
        throw new IllegalArgumentException("--shards " + shards.getAsInt() + " but SLURM_ARRAY_TASK_COUNT=" + count
            + ": give the array's size, or leave --shards out");
      }
      return Optional.of(new Found(new Shard(task - min + 1, count), "SLURM_ARRAY_TASK_ID=" + task + " of " + min
          + "-" + max));
    }
    String index = value(environment, "JOB_COMPLETION_INDEX");
    if (index != null) {
      if (shards.isEmpty()) {
        throw new IllegalArgumentException("JOB_COMPLETION_INDEX=" + index + ": give --shards N (the Indexed Job's "
            + "completions) to say how many shards there are");
      }
      int i = number(environment, "JOB_COMPLETION_INDEX");
      if (i < 0 || i >= shards.getAsInt()) {
        throw new IllegalArgumentException("JOB_COMPLETION_INDEX=" + i + " is not an index of --shards "
            + shards.getAsInt() + " (0 to " + (shards.getAsInt() - 1) + ")");
      }
      return Optional.of(new Found(new Shard(i + 1, shards.getAsInt()), "JOB_COMPLETION_INDEX=" + i));
    }
    return Optional.empty();
  }

  /**
   * {@code path} with every {@code {shard}} replaced by the shard's index, e.g. {@code runs/exp/shard-{shard}}.
   *
   * @throws IllegalArgumentException naming it when the path holds another placeholder ({@code {shards}},
   *     {@code {}}) or an unmatched brace: it would otherwise become a folder of that literal name
   */
  public static String expand(String path, Shard shard) {
    String rest = path.replace(PLACEHOLDER, "");
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\{[^{}]*}").matcher(rest);
    if (m.find()) {
      throw new IllegalArgumentException(path + ": unknown placeholder " + m.group() + "; the only one is "
          + PLACEHOLDER + " (the shard's index)");
    }
    if (rest.indexOf('{') >= 0 || rest.indexOf('}') >= 0) {
      throw new IllegalArgumentException(path + ": an unmatched brace; the only placeholder is " + PLACEHOLDER
          + " (the shard's index)");
    }
    return path.replace(PLACEHOLDER, String.valueOf(shard.index()));
  }

  /** What an output path may hold to name the shard's index. */
  public static final String PLACEHOLDER = "{shard}";

  private static String value(Function<String, String> environment, String name) {
    String v = environment.apply(name);
    return v == null || v.isBlank() ? null : v.strip();
  }

  private static int number(Function<String, String> environment, String name) {
    String v = value(environment, name);
    if (v == null) {
      throw new IllegalArgumentException(name + " is not set, though SLURM_ARRAY_TASK_ID is: is this a Slurm array "
          + "job? Give --shard I/N otherwise");
    }
    try {
      return Integer.parseInt(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + "=" + v + ": not a whole number", e);
    }
  }
}
