package io.clarq.retrieval.clariq.question;

import io.clarq.core.clariq.ClarifyingQuestion;
import io.clarq.core.clariq.ConversationTurn;
import io.clarq.core.clariq.MultiTurnContext;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Picks the next clarifying question of a multi-turn ClariQ conversation. The query is the request followed by every
 * earlier question and answer; a question already asked (same id, or same text) is never asked again.
 *
 * <p>When to ask nothing ({@code ""} in the run): after {@code maxQuestions} questions, or when no remaining bank
 * question scores at least {@code minScore} for the query (with the default 0: when no question shares a term with
 * the conversation), or when a clarification-need predictor is given and says the request is clear (need 1) before
 * the first question.
 */
public final class MultiTurnSelector {
  /** What the selector decided for one context. */
  public record Selection(Optional<ClarifyingQuestion> question, double score, String reason) {
    public Selection {
      Objects.requireNonNull(question, "question");
      Objects.requireNonNull(reason, "reason");
    }

    /** The question text as the run writes it; {@code ""} when asking nothing. */
    public String text() {
      return question.map(ClarifyingQuestion::text).orElse("");
    }
  }

  private final QuestionRanker ranker;
  private final int maxQuestions;
  private final double minScore;
  private final ClarificationNeedPredictor needPredictor;

  /**
   * A selector.
   *
   * @param maxQuestions questions asked at most per conversation (ClariQ's conversations have three)
   * @param minScore the lowest retrieval score worth asking
   * @param needPredictor a predictor consulted before the first question, or null
   */
  public MultiTurnSelector(QuestionRanker ranker, int maxQuestions, double minScore,
      ClarificationNeedPredictor needPredictor) {
    this.ranker = Objects.requireNonNull(ranker, "ranker");
    if (maxQuestions < 0) {
      throw new IllegalArgumentException("illegal maxQuestions " + maxQuestions + ": must be non-negative");
    }
    if (!Double.isFinite(minScore)) {
      throw new IllegalArgumentException("illegal minScore " + minScore + ": must be finite");
    }
    this.maxQuestions = maxQuestions;
    this.minScore = minScore;
    this.needPredictor = needPredictor;
  }

  /** The query for a context: the request, then each earlier question and answer. */
  public static String query(MultiTurnContext context) {
    StringBuilder sb = new StringBuilder(context.initialRequest());
    for (ConversationTurn t : context.history()) {
      sb.append(' ').append(t.question()).append(' ').append(t.answer());
    }
    return sb.toString();
  }

  /** The next question for the context, or nothing with the reason. */
  public Selection select(MultiTurnContext context) {
    List<ConversationTurn> history = context.history();
    if (history.size() >= maxQuestions) {
      return new Selection(Optional.empty(), 0, "asked " + history.size() + " questions already");
    }
    if (history.isEmpty() && needPredictor != null && needPredictor.predict(context.initialRequest()) == 1) {
      return new Selection(Optional.empty(), 0, "the request is predicted not to need clarification");
    }
    Set<String> askedTexts = new HashSet<>();
    for (ConversationTurn t : history) {
      askedTexts.add(t.question());
    }
    // ask for enough candidates that exact-text repeats (different ids) can be skipped
    for (RankedQuestion q : ranker.rank(query(context), history.size() + 50, Set.of(ClarifyingQuestion.NO_QUESTION_ID))) {
      if (askedTexts.contains(q.question().text())) {
        continue;
      }
      if (q.score() < minScore || q.score() <= 0) {
        break;
      }
      return new Selection(Optional.of(q.question()), q.score(), "best remaining question");
    }
    return new Selection(Optional.empty(), 0, "no remaining question matches the conversation");
  }
}
