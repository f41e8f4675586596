package io.clarq.core.cq;

import java.util.Locale;
import java.util.Optional;

/** A rubric grade on one scale, as the human annotators of Wang et al. (WWW 2023) gave it. */
public enum Grade {
  GOOD,
  FAIR,
  BAD;

  /** "Good", "Fair", "Bad": the word the rubric uses. */
  public String label() {
    return name().charAt(0) + name().substring(1).toLowerCase(Locale.ROOT);
  }

  /** Points for ranking candidates: Good 2, Fair 1, Bad 0. */
  public int points() {
    return 2 - ordinal();
  }

  /** The grade a word names (any case, surrounding whitespace and a trailing period ignored), if any. */
  public static Optional<Grade> parse(String text) {
    String t = text.strip();
    if (t.endsWith(".")) {
      t = t.substring(0, t.length() - 1);
    }
    for (Grade g : values()) {
      if (g.name().equalsIgnoreCase(t)) {
        return Optional.of(g);
      }
    }
    return Optional.empty();
  }
}
