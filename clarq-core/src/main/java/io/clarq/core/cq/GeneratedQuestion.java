package io.clarq.core.cq;

import java.util.List;
import java.util.Objects;

/**
 * A generator's answer to a {@link FacetRequest}: the question it chose and every candidate it considered.
 *
 * @param requestId the {@link FacetRequest#id()} answered
 * @param generator the generator's name ({@link QuestionGenerator#name()})
 * @param ranking how the chosen candidate was picked among several
 * @param candidates every candidate, in the order the forms were tried (never empty)
 * @param chosen the index of the chosen candidate
 */
public record GeneratedQuestion(
    String requestId, String generator, Ranking ranking, List<QuestionCandidate> candidates, int chosen) {
  /** How the chosen candidate was picked. */
  public enum Ranking {
    /** Only one candidate was made. */
    SINGLE,
    /** The highest mean token log-probability the model reported. */
    LOGPROB,
    /** The best rubric judgement (usefulness first, then naturalness). */
    JUDGE,
    /** No score was available: the first candidate that satisfies the facet, else the first. */
    FIRST
  }

  public GeneratedQuestion {
    Objects.requireNonNull(requestId, "requestId");
    Objects.requireNonNull(generator, "generator");
    Objects.requireNonNull(ranking, "ranking");
    candidates = List.copyOf(candidates);
    if (candidates.isEmpty()) {
      throw new IllegalArgumentException("illegal generated question for " + requestId + ": no candidate");
    }
    if (chosen < 0 || chosen >= candidates.size()) {
      throw new IllegalArgumentException("illegal chosen candidate " + chosen + " for " + requestId + ": "
          + candidates.size() + " candidates");
    }
  }

  /** A single-candidate answer. */
  public static GeneratedQuestion single(String requestId, String generator, QuestionCandidate candidate) {
    return new GeneratedQuestion(requestId, generator, Ranking.SINGLE, List.of(candidate), 0);
  }

  /** The chosen candidate. */
  public QuestionCandidate choice() {
    return candidates.get(chosen);
  }

  /** The chosen question's text. */
  public String question() {
    return choice().text();
  }

  /** Whether the chosen question contains every facet word. */
  public boolean facetSatisfied() {
    return choice().facetSatisfied();
  }
}
