package io.clarq.core.llm.usage;

import io.clarq.core.llm.Deviation;
import io.clarq.core.llm.LlmListener;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;

/**
 * Collects the {@link Deviation}s that clients report: give {@link #listener()} to the clients and read
 * {@link #all()} when they are done (a command prints them beside its figures). Thread-safe.
 */
public final class DeviationLog {
  private final Set<Deviation> seen = new ConcurrentSkipListSet<>(Comparator.comparing(Deviation::model)
      .thenComparing(Deviation::name).thenComparing(Deviation::reason));

  /** The listener to give a client. */
  public LlmListener listener() {
    return new LlmListener() {
      @Override
      public void onDeviation(Deviation deviation) {
        seen.add(deviation);
      }
    };
  }

  /** Every deviation reported so far, by model and name. */
  public List<Deviation> all() {
    return List.copyOf(seen);
  }
}
