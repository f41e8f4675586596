package io.clarq.eval.mediq;

import io.clarq.eval.compare.ItemOutcome;
import io.clarq.eval.compare.OutcomeSource;
import java.util.Optional;
import java.util.Set;

/**
 * A MediQ run folder's per-item outcomes for compare and the leaderboard: each case of the item log
 * ({@value MediqRecord#LOG}), by data set and case id ("craft_md:12"), correct or not. The expert is what runs are
 * compared on; the patient, the question cap and the rest must match.
 */
public final class MediqOutcomeSource implements OutcomeSource {
  @Override
  public String benchmark() {
    return MediqBenchmark.NAME;
  }

  @Override
  public String measure() {
    return "correct";
  }

  @Override
  public String describe() {
    return "1 when the expert's final letter choice is the case's answer, else 0 (no choice counts 0)";
  }

  @Override
  public ItemOutcome.Kind kind() {
    return ItemOutcome.Kind.BINARY;
  }

  @Override
  public String logFile() {
    return MediqRecord.LOG;
  }

  @Override
  public Set<String> agentSettings() {
    return Set.of("expert", "model_expert");
  }

  @Override
  public Set<String> selectionSettings() {
    return Set.of("cases");
  }

  @Override
  public Optional<ItemOutcome> outcome(String line, String where) {
    MediqRecord r = MediqRecord.fromLine(line, where);
    return Optional.of(ItemOutcome.binary(r.dataset() + ":" + r.outcome().caseId(), r.trial(), r.outcome().correct()));
  }
}
