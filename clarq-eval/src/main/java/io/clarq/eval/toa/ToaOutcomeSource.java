package io.clarq.eval.toa;

import io.clarq.eval.compare.ItemOutcome;
import io.clarq.eval.compare.OutcomeSource;
import java.util.Optional;
import java.util.Set;

/**
 * A TOA run folder's per-item outcomes for compare and the leaderboard: each FLM example of the item log
 * ({@value ToaRun#LOG}), by example id, scored by the primary model's F1 with the fact the oracle returned to the
 * asker's question (the paper's x^r). With the same primary model, oracle and examples, the complete and incomplete
 * F1 are the same in both runs, so a difference in mean recovered F1 is the difference in F1 recovery times their
 * shared denominator. The asker is what runs are compared on.
 */
public final class ToaOutcomeSource implements OutcomeSource {
  @Override
  public String benchmark() {
    return ToaBenchmark.NAME;
  }

  @Override
  public String measure() {
    return "f1_recovered";
  }

  @Override
  public String describe() {
    return "the primary model's token F1 against the gold answer with the fact the oracle returned to the asker's"
        + " question, in [0, 1]";
  }

  @Override
  public ItemOutcome.Kind kind() {
    return ItemOutcome.Kind.GRADED;
  }

  @Override
  public String logFile() {
    return ToaRun.LOG;
  }

  @Override
  public Set<String> agentSettings() {
    return Set.of("asker", "model_asker");
  }

  @Override
  public Set<String> selectionSettings() {
    return Set.of("examples", "examples_sha256");
  }

  @Override
  public Optional<ItemOutcome> outcome(String line, String where) {
    try {
      var o = ToaOutcomeJson.fromLine(line);
      return Optional.of(ItemOutcome.graded(o.exampleId(), 1, o.f1Recovered()));
    } catch (java.io.IOException | IllegalArgumentException e) {
      throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
    }
  }
}
