package io.clarq.eval.toa;

import io.clarq.core.toa.RecoveryBootstrap;
import io.clarq.core.toa.ToaOutcome;
import io.clarq.core.toa.ToaSummary;
import io.clarq.core.toa.flm.FlmExample;
import io.clarq.eval.kernel.ItemListener;
import io.clarq.eval.kernel.RunKernel;
import io.clarq.eval.kernel.RunSettings;
import io.clarq.eval.kernel.ShardMerge;
import io.clarq.eval.results.ModelRef;
import io.clarq.eval.results.ModelRole;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Runs task-oriented asking over FLM examples on the run kernel ({@link RunKernel}): the output directory holds
 * {@code run-config.json} (the settings: asker, oracle, primary model, a digest of the examples), {@value #LOG} (one
 * outcome a line, forced to disk as each example ends), and at the end {@code results.json}, {@code summary.md} and
 * {@code report.html}. A rerun into the same directory resumes; other settings are refused, naming each; a second
 * writer is refused; {@code --shard i/n} runs a part and {@link #merge} joins the parts. When an example fails, no
 * new example starts, the finished ones stay, and the run ends with {@link io.clarq.eval.kernel.RunStopped} naming it.
 *
 * <pre>{@code
 * ToaRun.Result r = ToaRun.run(new ToaPipeline(asker, oracle, primary), examples,
 *     new RunKernel.Plan(Path.of("runs/toa"), Shard.ALL, 8, "clarq-toa"), RecoveryBootstrap.DEFAULT,
 *     new ItemListener<>() {});
 * double f1Recovery = r.summary().f1Recovery().estimate();
 * }</pre>
 */
public final class ToaRun {
  /** The item log: one outcome a line. */
  public static final String LOG = "toa-results.jsonl";

  /**
   * A finished run.
   *
   * @param summary the figures over all outcomes
   * @param outcomes one per example, in the examples' order
   * @param resumed outcomes read back from an earlier run
   * @param ran outcomes computed now
   * @param output the output directory
   * @param unparsedOracle outcomes whose oracle reply could not be parsed (kept, with its raw text)
   */
  public record Result(ToaSummary summary, List<ToaOutcome> outcomes, int resumed, int ran, Path output,
      int unparsedOracle) {
    public Result {
      Objects.requireNonNull(summary, "summary");
      outcomes = List.copyOf(outcomes);
      Objects.requireNonNull(output, "output");
    }
  }

  private ToaRun() {}

  /**
   * Runs (or resumes) the examples.
   *
   * @param examples every example of the run (all shards'), in order, each id once
   * @param bootstrap how the figures draw the recovery intervals
   * @throws IllegalArgumentException before anything is written, when two examples share an id
   * @throws io.clarq.eval.kernel.RunStopped when an example failed; the finished ones are kept
   */
  public static Result run(ToaPipeline pipeline, List<FlmExample> examples, RunKernel.Plan plan,
      RecoveryBootstrap bootstrap, ItemListener<FlmExample, ToaOutcome> listener) throws InterruptedException {
    return run(pipeline, examples, plan, bootstrap, Map.of(), listener);
  }

  /**
   * Runs (or resumes) the examples, naming the models behind the agents in the results ({@code models}, by role:
   * asker, oracle, primary; only the roles a model plays).
   */
  public static Result run(ToaPipeline pipeline, List<FlmExample> examples, RunKernel.Plan plan,
      RecoveryBootstrap bootstrap, Map<ModelRole, ModelRef> models, ItemListener<FlmExample, ToaOutcome> listener)
      throws InterruptedException {
    Objects.requireNonNull(pipeline, "pipeline");
    return RunKernel.run(new ToaBenchmark(pipeline, bootstrap, models), examples, plan, listener);
  }

  /**
   * Joins the shards of one run into {@code out} (the one merge, {@link RunKernel#merge}: empty when {@code out} already holds it).
   *
   * @param examples the examples the shards were given, in order
   */
  public static ShardMerge.Merged<Result> merge(List<FlmExample> examples, List<Path> shards, Path out, RecoveryBootstrap bootstrap) {
    if (!shards.isEmpty()) {
      RunSettings.read(shards.get(0)).flatMap(s -> s.get("examples_sha256")).ifPresent(digest -> {
        if (!digest.equals(ToaBenchmark.digest(examples))) {
          throw new IllegalArgumentException("cannot merge: the examples given are not those the shards ran ("
              + examples.size() + " examples, digest " + ToaBenchmark.digest(examples) + "; " + shards.get(0)
              + " ran digest " + digest + ")");
        }
      });
    }
    return RunKernel.merge(new ToaBenchmark(null, bootstrap, Map.of()), examples, shards, out);
  }
}
