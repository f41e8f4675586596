package io.clarq.eval.compare;

import java.util.Objects;

/**
 * One item's outcome in one trial of a run, whatever the benchmark: a MediQ case answered correctly (binary), a TOA
 * example's F1 with the recovered fact (graded), a CQ question's rubric score (graded). Compare and the leaderboard
 * work on these alone ({@link OutcomeRun}), so they treat every benchmark alike.
 *
 * @param item the item's id, the same in every run of the benchmark over the same data ("craft_md:12")
 * @param trial the trial it was played in, from 1 (the reference protocol)
 * @param value the outcome: 0 or 1 when {@code kind} is binary, a number in [0, 1] when graded
 * @param kind binary (tested with McNemar) or graded (tested with the paired bootstrap)
 */
public record ItemOutcome(String item, int trial, double value, Kind kind) {
  /** How an outcome is measured, and so how two runs' outcomes are tested. */
  public enum Kind {
    /** 0 or 1: a success or not; McNemar's exact test on the discordant pairs. */
    BINARY,
    /** a score in [0, 1]; the paired bootstrap test of the mean difference. */
    GRADED;

    /** "binary", "graded", as files write it. */
    public String key() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  public ItemOutcome {
    Objects.requireNonNull(item, "item");
    Objects.requireNonNull(kind, "kind");
    io.clarq.core.llm.Trials.check(trial);
    if (item.isBlank()) {
      throw new IllegalArgumentException("illegal item outcome: blank item id");
    }
    if (kind == Kind.BINARY ? value != 0 && value != 1 : !(value >= 0 && value <= 1)) {
      throw new IllegalArgumentException("illegal " + kind.key() + " outcome " + value + " of item " + item
          + ": must be " + (kind == Kind.BINARY ? "0 or 1" : "in [0, 1]"));
    }
  }

  /** A binary outcome. */
  public static ItemOutcome binary(String item, int trial, boolean success) {
    return new ItemOutcome(item, trial, success ? 1 : 0, Kind.BINARY);
  }

  /** A graded outcome in [0, 1]. */
  public static ItemOutcome graded(String item, int trial, double score) {
    return new ItemOutcome(item, trial, score, Kind.GRADED);
  }
}
