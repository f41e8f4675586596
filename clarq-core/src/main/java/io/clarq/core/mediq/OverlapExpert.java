package io.clarq.core.mediq;

import io.clarq.core.llm.TokenUsage;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A model-free MediQ expert, for demos and for runs with no model: it asks a fixed list of general history
 * questions (clarq's own words), one a turn, then answers; its choice at every turn is the option whose words
 * (three letters or more) occur most often in what it knows so far (the initial information and the answers), the
 * first option on a tie. Its confidence is the chosen option's share of the matched words. Deterministic, so a
 * run with it gives the same bytes every time.
 */
public final class OverlapExpert implements Expert {
  /** The questions it asks, in order. */
  public static final List<String> QUESTIONS = List.of(
      "What symptoms does the patient have?",
      "How long has this been going on?",
      "What did the physical examination show?",
      "What do the laboratory or imaging results show?",
      "What is the patient's past medical history?",
      "Which medications does the patient take?");

  private final int questions;

  /** @param questions how many questions it asks before answering (0 to {@link #QUESTIONS}' size) */
  public OverlapExpert(int questions) {
    if (questions < 0 || questions > QUESTIONS.size()) {
      throw new IllegalArgumentException("illegal question count " + questions + ": must be 0 to "
          + QUESTIONS.size());
    }
    this.questions = questions;
  }

  @Override
  public ExpertTurn respond(Inquiry inquiry, PatientState state) {
    StringBuilder known = new StringBuilder(state.initialInfo());
    state.history().forEach(e -> known.append(' ').append(e.answer()));
    Set<String> knownWords = words(known.toString());
    String best = null;
    int bestScore = -1;
    int total = 0;
    for (Map.Entry<String, String> o : inquiry.options().entrySet()) {
      int score = 0;
      for (String w : words(o.getValue())) {
        if (knownWords.contains(w)) {
          score++;
        }
      }
      total += score;
      if (score > bestScore) {
        best = o.getKey();
        bestScore = score;
      }
    }
    double confidence = total == 0 ? 0 : (double) bestScore / total;
    int asked = state.history().size();
    if (asked < questions) {
      return ExpertTurn.ask(Optional.of(QUESTIONS.get(asked)), Optional.of(best), confidence, TokenUsage.ZERO);
    }
    return ExpertTurn.answer(Optional.of(best), confidence, TokenUsage.ZERO);
  }

  private static Set<String> words(String text) {
    Set<String> out = new HashSet<>();
    for (String w : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
      if (w.length() >= 3) {
        out.add(w);
      }
    }
    return out;
  }
}
