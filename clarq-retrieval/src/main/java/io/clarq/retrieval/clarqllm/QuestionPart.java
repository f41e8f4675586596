package io.clarq.retrieval.clarqllm;

import io.clarq.core.clarqllm.task.Language;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The part of a seeker turn that asks something: its question sentences. Seekers often thank, restate what they
 * were told and then ask; matching the restatement would pick the node they already have, so only the question
 * sentences are scored. A turn without any question sentence is taken whole.
 *
 * @param text the question sentences joined by a space, or the whole turn
 * @param questions the question sentences, in order (empty when the turn has none)
 */
public record QuestionPart(String text, List<String> questions) {
  private static final Pattern SENTENCE_END = Pattern.compile("(?<=[?!.？！。；;])\\s*|\\s*\\n+\\s*");

  public QuestionPart {
    Objects.requireNonNull(text, "text");
    questions = List.copyOf(questions);
  }

  /** The texts to score one by one: the question sentences, or the whole turn when it has none. */
  public List<String> sentences() {
    return questions.isEmpty() ? List.of(text) : questions;
  }

  /** Whether the turn has at least one question sentence. */
  public boolean asks() {
    return !questions.isEmpty();
  }

  /** The question part of a seeker line. */
  public static QuestionPart of(Language language, String seekerLine) {
    List<String> questions = new ArrayList<>();
    for (String sentence : SENTENCE_END.split(seekerLine.strip())) {
      String s = sentence.strip();
      if (!s.isEmpty() && isQuestion(language, s)) {
        questions.add(s);
      }
    }
    String text = questions.isEmpty() ? seekerLine.strip() : String.join(" ", questions);
    return new QuestionPart(text, questions);
  }

  private static boolean isQuestion(Language language, String sentence) {
    char last = sentence.charAt(sentence.length() - 1);
    if (last == '?' || last == '？') {
      return true;
    }
    return language == Language.CHINESE && (last == '吗' || last == '呢');
  }
}
