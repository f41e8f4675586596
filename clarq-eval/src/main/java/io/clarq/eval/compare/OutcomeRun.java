package io.clarq.eval.compare;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One run of any benchmark as compare and the leaderboard see it: its per-item outcomes ({@link ItemOutcome}), what
 * they measure, and the setup it was played in. Built from a run folder by {@link OutcomeRuns#load}.
 *
 * @param name the run's name (its folder's)
 * @param benchmark the benchmark, as results.json records it ({@code mediq})
 * @param measure what an outcome measures ({@code correct})
 * @param description one sentence saying what an outcome is
 * @param kind binary or graded: every outcome is of this kind
 * @param setup the settings that must match for a difference to be the agent's (the agent's own and the item
 *     selection's left out), with {@code deviations} last; a value absent from the other run's is
 *     {@link RunSetup#NOT_RECORDED}
 * @param agent the settings naming the agent under comparison, recorded and shown
 * @param outcomes every finished item of every trial, in the order of the item log
 * @param trials how many trials the run played (1 without trials); runs are compared on trial
 *     {@link ComparedRun#COMPARED_TRIAL}
 * @param notScored when lines of the item log hold no outcome (a torn last line, failed items), what every output
 *     says of them, one line
 */
public record OutcomeRun(String name, String benchmark, String measure, String description, ItemOutcome.Kind kind,
    Map<String, String> setup, Map<String, String> agent, List<ItemOutcome> outcomes, int trials,
    Optional<String> notScored) {
  public OutcomeRun {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(benchmark, "benchmark");
    Objects.requireNonNull(measure, "measure");
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(kind, "kind");
    setup = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(setup));
    agent = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(agent));
    outcomes = List.copyOf(outcomes);
    io.clarq.core.llm.Trials.check(trials);
    Objects.requireNonNull(notScored, "notScored");
    Set<String> seen = new java.util.HashSet<>();
    for (ItemOutcome o : outcomes) {
      if (o.kind() != kind) {
        throw new IllegalArgumentException("illegal run " + name + ": item " + o.item() + " is " + o.kind().key()
            + ", the run's outcomes are " + kind.key());
      }
      if (o.trial() > trials) {
        throw new IllegalArgumentException("illegal run " + name + ": item " + o.item() + " is of trial " + o.trial()
            + ", but the run played " + trials);
      }
      if (!seen.add(o.trial() + "\u0000" + o.item())) {
        throw new IllegalArgumentException("illegal run " + name + ": item " + o.item() + " appears twice in trial "
            + o.trial());
      }
    }
  }

  /** The outcomes of the compared trial by item id, in log order: what compare and the leaderboard use. */
  public Map<String, Double> compared() {
    Map<String, Double> out = new LinkedHashMap<>();
    outcomes.stream().filter(o -> o.trial() == ComparedRun.COMPARED_TRIAL).forEach(o -> out.put(o.item(), o.value()));
    return out;
  }

  /** The same run holding only the compared trial's outcomes of {@code items}. */
  public OutcomeRun restrictedTo(Set<String> items) {
    return new OutcomeRun(name, benchmark, measure, description, kind, setup, agent, outcomes.stream()
        .filter(o -> o.trial() == ComparedRun.COMPARED_TRIAL && items.contains(o.item())).toList(), trials,
        notScored);
  }

  /** The agent's settings as one line, "expert: X; model_expert: Y", or "not recorded". */
  public String agentText() {
    if (agent.isEmpty()) {
      return RunSetup.NOT_RECORDED;
    }
    List<String> parts = new ArrayList<>();
    agent.forEach((k, v) -> parts.add(k + ": " + v));
    return String.join("; ", parts);
  }

  /**
   * Each setting whose values differ, or that either run does not record, in this run's order then the other's.
   * Comparing runs of different benchmarks or measures is refused before this.
   */
  public List<RunSetup.Difference> differences(OutcomeRun other) {
    Set<String> keys = new LinkedHashSet<>(setup.keySet());
    keys.addAll(other.setup.keySet());
    List<RunSetup.Difference> out = new ArrayList<>();
    for (String k : keys) {
      String a = setup.getOrDefault(k, RunSetup.NOT_RECORDED);
      String b = other.setup.getOrDefault(k, RunSetup.NOT_RECORDED);
      if (!a.equals(b) || a.equals(RunSetup.NOT_RECORDED)) {
        out.add(new RunSetup.Difference(k, a, b));
      }
    }
    return out;
  }

  /**
   * Refuses runs of more than one benchmark (or measure), naming each run's.
   *
   * @throws IllegalArgumentException when the runs are not all of one benchmark and measure
   */
  public static void requireOneBenchmark(List<OutcomeRun> runs) {
    Set<String> kinds = new LinkedHashSet<>();
    runs.forEach(r -> kinds.add(r.benchmark() + " " + r.measure()));
    if (kinds.size() > 1) {
      List<String> each = runs.stream().map(r -> r.name() + " is a " + r.benchmark() + " run (" + r.measure() + ")")
          .toList();
      throw new IllegalArgumentException("runs of different benchmarks cannot be compared: " + String.join(", ", each)
          + ". Their outcomes are not of one kind: compare runs of one benchmark");
    }
  }

  /** One line per run whose item log has lines not scored, "b: 29 items, 1 line(s) not scored (...)". */
  public static List<String> notScoredNotes(List<OutcomeRun> runs) {
    return runs.stream().filter(r -> r.notScored().isPresent()).map(r -> r.name() + ": " + r.notScored().get())
        .toList();
  }

  /** Which trial is compared, when any run played more than one: {@link ComparedRun#trialNote(Map)}. */
  public static Optional<String> trialNote(List<OutcomeRun> runs) {
    Map<String, Integer> trials = new LinkedHashMap<>();
    runs.forEach(r -> trials.put(r.name(), r.trials()));
    return ComparedRun.trialNote(trials);
  }
}
