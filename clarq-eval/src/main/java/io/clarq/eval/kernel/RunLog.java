package io.clarq.eval.kernel;

import io.clarq.core.llm.Deviation;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * What a running benchmark may add to its output directory besides records: the deviations from the reference
 * protocol its clients made, recorded in {@code run-config.json} the moment each is first seen. Thread-safe.
 */
public final class RunLog {
  private final Path output;
  private final RunDeviations deviations;

  /** A log writing into {@code output}'s run config through {@code deviations}. */
  public RunLog(Path output, RunDeviations deviations) {
    this.output = Objects.requireNonNull(output, "output");
    this.deviations = Objects.requireNonNull(deviations, "deviations");
  }

  /** The run's output directory. */
  public Path output() {
    return output;
  }

  /** Records a deviation (once, however often it is reported). */
  public void deviation(Deviation d) {
    deviations.add(d);
  }

  /** Every deviation recorded so far, resumed runs' and merged shards' included. */
  public List<Deviation> deviations() {
    return deviations.all();
  }
}
