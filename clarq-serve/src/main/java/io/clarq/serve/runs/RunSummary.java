package io.clarq.serve.runs;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One run folder as the index shows it.
 *
 * @param id the folder's id under the served directories ({@link RunRoots#idOf}), e.g. {@code 0/demo/a}
 * @param name the folder's name
 * @param benchmark what the run played ({@code clarq-llm}, {@code toa}, {@code cq-generate}, {@code cq-judge},
 *     {@code mediq}...), from its results.json or run-config.json; "unknown" when neither says
 * @param status running, finished or incomplete
 * @param failed how many items failed (the results' failure counts added up); 0 while running
 * @param started when the run started, when recorded
 * @param models the models by role ({@code seeker: openai:gpt-4o}); agents with no model by their settings' names
 * @param trials how many trials the run played (1 without trials)
 * @param headline the benchmark's headline figures, label to text, in the order shown
 * @param hasReport whether the folder holds a {@code report.html}
 */
public record RunSummary(String id, String name, String benchmark, Status status, int failed,
    Optional<Instant> started, Map<String, String> models, int trials, Map<String, String> headline,
    boolean hasReport) {
  /** Where a run stands. */
  public enum Status {
    /** {@code run.lock} is present and there are no results yet. */
    RUNNING,
    /** {@code results.json} is written. */
    FINISHED,
    /** Neither: the run stopped before its end (a resume finishes it). */
    INCOMPLETE;

    /** The lower-case name shown and used in query parameters. */
    public String key() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** The benchmark name ClarQ-LLM runs record; only these can be compared and ranked. */
  public static final String CLARQ_LLM = "clarq-llm";

  public RunSummary {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(benchmark, "benchmark");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(started, "started");
    models = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(models));
    headline = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(headline));
  }

  /**
   * Whether {@code clarq compare} and {@code clarq leaderboard} take this run: a finished run of ClarQ-LLM or of a
   * benchmark with per-item outcomes ({@link io.clarq.eval.compare.OutcomeRuns#sources()}).
   */
  public boolean comparable() {
    return status == Status.FINISHED
        && (benchmark.equals(CLARQ_LLM) || io.clarq.eval.compare.OutcomeRuns.sources().containsKey(benchmark));
  }

  /** The models as one line, {@code role: name} joined by "; ". */
  public String modelsText() {
    return String.join("; ", models.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue()).toList());
  }

  /** The headline figures as one line, {@code label value} joined by "; ". */
  public String headlineText() {
    return String.join("; ", headline.entrySet().stream().map(e -> e.getKey() + " " + e.getValue()).toList());
  }

  /** The words the text filter searches: name, id, benchmark, status, models. */
  public List<String> searchable() {
    return List.of(name, id, benchmark, status.key(), modelsText());
  }
}
