package io.clarq.core.clariq;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The ClariQ question bank ({@code Q00001}..{@code Q03941}): every candidate clarifying question, in bank order,
 * looked up by id or by exact text (the multi-turn run format names questions by their text).
 */
public final class QuestionBank {
  private final List<ClarifyingQuestion> questions;
  private final Map<String, ClarifyingQuestion> byId = new LinkedHashMap<>();
  private final Map<String, ClarifyingQuestion> byText = new LinkedHashMap<>();

  /** A bank of the given questions; the error names a repeated id. */
  public QuestionBank(List<ClarifyingQuestion> questions) {
    this.questions = List.copyOf(questions);
    for (ClarifyingQuestion q : this.questions) {
      if (byId.putIfAbsent(q.id(), q) != null) {
        throw new IllegalArgumentException("question id " + q.id() + " appears twice in the question bank");
      }
      // the official tool maps text to id with a dict built in bank order: the last of equal texts wins
      byText.put(q.text(), q);
    }
  }

  /** All questions in bank order. */
  public List<ClarifyingQuestion> questions() {
    return questions;
  }

  /** Number of questions (3,941 for ClariQ). */
  public int size() {
    return questions.size();
  }

  /** The question with this id. */
  public Optional<ClarifyingQuestion> byId(String id) {
    return Optional.ofNullable(byId.get(Objects.requireNonNull(id, "id")));
  }

  /** The question with exactly this text ({@code ""} is the no-question entry); no trimming, no case folding. */
  public Optional<ClarifyingQuestion> byText(String text) {
    return Optional.ofNullable(byText.get(Objects.requireNonNull(text, "text")));
  }

  /** The ids of all questions, in bank order. */
  public List<String> ids() {
    return Collections.unmodifiableList(List.copyOf(byId.keySet()));
  }

  @Override
  public String toString() {
    return "QuestionBank[" + questions.size() + " questions]";
  }
}
