package io.clarq.core.cq;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Good / Fair / Bad counts per scale over a set of rubric outcomes. Unparsed outcomes are counted apart and stay in
 * the denominator of every share, so the shares of Good, Fair, Bad and unparsed sum to 1 on each scale.
 *
 * @param total outcomes summarised
 * @param unparsed outcomes whose reply could not be read
 * @param counts per scale, the count of each grade
 */
public record RubricSummary(int total, int unparsed, Map<RubricScale, Map<Grade, Integer>> counts) {
  public RubricSummary {
    EnumMap<RubricScale, Map<Grade, Integer>> copy = new EnumMap<>(RubricScale.class);
    for (RubricScale s : RubricScale.values()) {
      Map<Grade, Integer> c = counts.get(s);
      if (c == null) {
        throw new IllegalArgumentException("illegal rubric summary: no counts for " + s.key());
      }
      int sum = c.values().stream().mapToInt(Integer::intValue).sum();
      if (sum + unparsed != total) {
        throw new IllegalArgumentException("illegal rubric summary: " + s.key() + " counts " + c + " plus "
            + unparsed + " unparsed do not add up to " + total);
      }
      copy.put(s, Map.copyOf(c));
    }
    counts = Map.copyOf(copy);
  }

  /** Counts the outcomes. */
  public static RubricSummary of(List<? extends RubricOutcome> outcomes) {
    Map<RubricScale, Map<Grade, Integer>> counts = new EnumMap<>(RubricScale.class);
    for (RubricScale s : RubricScale.values()) {
      Map<Grade, Integer> c = new EnumMap<>(Grade.class);
      for (Grade g : Grade.values()) {
        c.put(g, 0);
      }
      counts.put(s, c);
    }
    int unparsed = 0;
    for (RubricOutcome o : outcomes) {
      if (o instanceof RubricRating r) {
        for (RubricScale s : RubricScale.values()) {
          counts.get(s).merge(r.on(s).grade(), 1, Integer::sum);
        }
      } else {
        unparsed++;
      }
    }
    return new RubricSummary(outcomes.size(), unparsed, counts);
  }

  /** How many outcomes got this grade on this scale. */
  public int count(RubricScale scale, Grade grade) {
    return counts.get(scale).getOrDefault(grade, 0);
  }

  /** The share of all outcomes that got this grade on this scale (0 when there are none). */
  public double share(RubricScale scale, Grade grade) {
    return total == 0 ? 0.0 : (double) count(scale, grade) / total;
  }

  /** The share of all outcomes that could not be read (0 when there are none). */
  public double unparsedShare() {
    return total == 0 ? 0.0 : (double) unparsed / total;
  }
}
