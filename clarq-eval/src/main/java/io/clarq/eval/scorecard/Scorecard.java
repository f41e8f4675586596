package io.clarq.eval.scorecard;

import io.clarq.core.llm.Deviation;
import io.clarq.core.stats.Estimate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * One agent's results across a suite: per entry (a run folder of one benchmark) its headline figure with the interval
 * the benchmark reports. Built by {@link Scorecards#read}, written by {@link ScorecardJson} and {@link ScorecardPage}.
 *
 * @param name the suite's name ({@code suite.json}'s {@code name}, else the folder's name)
 * @param agent the agent under test: {@code suite.json}'s {@code agent}, else what the runs record of their agent
 * @param agentSource where {@code agent} came from: {@code "suite.json"} or {@code "runs"}
 * @param entries the entries, by folder name
 * @param others the run folders beside them that give no headline (a CQ generation run, whose questions a judging
 *     entry rates; a run of a benchmark no scorecard reads), each with why, by folder name
 */
public record Scorecard(String name, String agent, String agentSource, List<Entry> entries, List<Other> others) {
  /** The JSON format name and version of {@code scorecard.json}. */
  public static final String FORMAT = "clarq-scorecard/1";

  public Scorecard {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(agent, "agent");
    Objects.requireNonNull(agentSource, "agentSource");
    entries = List.copyOf(entries);
    others = List.copyOf(others);
    if (name.isBlank()) {
      throw new IllegalArgumentException("illegal scorecard: blank name");
    }
    if (entries.isEmpty()) {
      throw new IllegalArgumentException("illegal scorecard " + name + ": no entry (a suite folder holds one run"
          + " folder per entry)");
    }
    Set<String> ids = new java.util.HashSet<>();
    for (Entry e : entries) {
      if (!ids.add(e.id())) {
        throw new IllegalArgumentException("illegal scorecard " + name + ": entry " + e.id() + " appears twice");
      }
    }
  }

  /**
   * A run folder of the suite that gives no headline, shown so that nothing in the folder is passed over in silence.
   *
   * @param id its folder's name
   * @param benchmark the benchmark its results.json names
   * @param why why it has no headline here
   */
  public record Other(String id, String benchmark, String why) {
    public Other {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(benchmark, "benchmark");
      Objects.requireNonNull(why, "why");
    }
  }

  /**
   * One benchmark entry of the suite.
   *
   * @param id the entry's id: its folder's name in the suite folder
   * @param benchmark the benchmark, as the run's results.json records it ({@code clarq-llm}, {@code mediq},
   *     {@code toa}, {@code cq-judge})
   * @param measure what the headline figure is, in the benchmark's words ({@code success}, {@code accuracy})
   * @param interval how the interval was made, e.g. "95% Wilson score interval"
   * @param figures the headline figure; more than one where the benchmark reports it apart (ClarQ-LLM per language)
   * @param trials how many trials the run played (1 without trials)
   * @param passHat pass^k for k = 1..trials by figure label, where the run played trials and records them
   * @param agent the run's own record of the agent (its agent settings as one line)
   * @param models the models by role, as the run's results.json records them ({@code judge: openai:m})
   * @param usage tokens by role as the run records them; empty when it records none
   * @param cost in US dollars at the price table given; empty without one, or when a role that used tokens has no
   *     price (unknown is not zero)
   * @param deviations the run's deviations from the reference protocol
   */
  public record Entry(String id, String benchmark, String measure, String interval, List<Figure> figures,
      int trials, Map<String, List<Double>> passHat, String agent, Map<String, String> models,
      Map<String, RoleUsage> usage, OptionalDouble cost, List<Deviation> deviations) {
    public Entry {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(benchmark, "benchmark");
      Objects.requireNonNull(measure, "measure");
      Objects.requireNonNull(interval, "interval");
      figures = List.copyOf(figures);
      Map<String, List<Double>> hat = new LinkedHashMap<>();
      passHat.forEach((k, v) -> hat.put(k, List.copyOf(v)));
      passHat = java.util.Collections.unmodifiableMap(hat);
      Objects.requireNonNull(agent, "agent");
      models = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(models));
      usage = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(usage));
      Objects.requireNonNull(cost, "cost");
      deviations = List.copyOf(deviations);
      if (id.isBlank() || id.contains("/") || id.contains("\\")) {
        throw new IllegalArgumentException("illegal entry id \"" + id + "\": must be a folder name");
      }
      if (figures.isEmpty()) {
        throw new IllegalArgumentException("illegal entry " + id + ": no headline figure");
      }
      io.clarq.core.llm.Trials.check(trials);
      if (cost.isPresent() && !(cost.getAsDouble() >= 0)) {
        throw new IllegalArgumentException("illegal cost " + cost.getAsDouble() + " of entry " + id
            + ": must be >= 0");
      }
      for (Map.Entry<String, List<Double>> h : passHat.entrySet()) {
        if (h.getValue().size() != trials) {
          throw new IllegalArgumentException("illegal pass^k of entry " + id + ", " + h.getKey() + ": "
              + h.getValue().size() + " values for " + trials + " trials");
        }
      }
    }

    /** The items the headline is over: the sum over its figures. */
    public int items() {
      return figures.stream().mapToInt(Figure::items).sum();
    }
  }

  /**
   * A headline figure.
   *
   * @param label what it is over: {@code all}, or a part the benchmark reports apart ({@code en}, {@code zh})
   * @param estimate the value and its 95% interval (undefined when the benchmark leaves it so)
   * @param items how many items it is over
   */
  public record Figure(String label, Estimate estimate, int items) {
    public Figure {
      Objects.requireNonNull(label, "label");
      Objects.requireNonNull(estimate, "estimate");
      if (items < 0) {
        throw new IllegalArgumentException("illegal figure " + label + ": " + items + " items, must be >= 0");
      }
      if (!Double.isNaN(estimate.value()) && !(estimate.value() >= 0 && estimate.value() <= 1)) {
        throw new IllegalArgumentException("illegal figure " + label + ": " + estimate.value()
            + ", must be in [0, 1]");
      }
    }
  }

  /**
   * What one role's calls used, as the run recorded it.
   *
   * @param calls the calls made (-1 when not recorded)
   * @param inputTokens input tokens, cached ones included
   * @param outputTokens output tokens
   * @param cachedInputTokens the input tokens served from the provider's cache (-1 when not recorded)
   */
  public record RoleUsage(long calls, long inputTokens, long outputTokens, long cachedInputTokens) {
    public RoleUsage {
      if (calls < -1 || inputTokens < 0 || outputTokens < 0 || cachedInputTokens < -1
          || cachedInputTokens > inputTokens) {
        throw new IllegalArgumentException("illegal usage: calls " + calls + ", input " + inputTokens + ", output "
            + outputTokens + ", cached input " + cachedInputTokens + ": counts must be >= 0 (-1: calls or cached input"
            + " not recorded) and cached input at most the input");
      }
    }
  }
}
