package io.clarq.core.clarqllm.seeker;

import io.clarq.core.clarqllm.task.Briefing;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.dialogue.Speaker;
import io.clarq.core.dialogue.Utterance;
import io.clarq.core.llm.Trials;
import java.util.List;
import java.util.Objects;

/**
 * What a seeker sees when it must speak: its briefing, the language, the dialogue so far ending with the provider's
 * latest line, and the trial of the run it plays; nothing that identifies the task (its id would lead to the response
 * tree, the answer).
 *
 * @param dialogueKey an opaque key, the same on every turn of one dialogue and different between dialogues of a run:
 *     a seeker that keeps state per dialogue keys it on this (it says nothing about the task)
 * @param trial the trial being played ({@link Trials}): 1 in a run without trials. A model-backed seeker sends its
 *     {@link #seed()} and the trial with every request it makes for this turn, on whatever thread it makes it
 */
public record SeekerTurn(String dialogueKey, Language language, Briefing briefing, List<Utterance> history,
    int trial) {
  public SeekerTurn {
    Objects.requireNonNull(dialogueKey, "dialogueKey");
    Objects.requireNonNull(language, "language");
    Objects.requireNonNull(briefing, "briefing");
    history = List.copyOf(history);
    if (history.isEmpty() || history.get(history.size() - 1).speaker() != Speaker.PROVIDER) {
      throw new IllegalArgumentException(
          "illegal seeker turn of dialogue " + dialogueKey + ": the history must end with a provider line");
    }
    Trials.check(trial);
  }

  /** A turn of trial 1 (a run without trials). */
  public SeekerTurn(String dialogueKey, Language language, Briefing briefing, List<Utterance> history) {
    this(dialogueKey, language, briefing, history, 1);
  }

  /** The seed this turn's model requests carry: {@code 8848 + trial - 1} ({@link Trials#seed(int)}). */
  public long seed() {
    return Trials.seed(trial);
  }

  /** The provider's latest line. */
  public String providerLine() {
    return history.get(history.size() - 1).text();
  }

  /** How many lines the seeker has said so far. */
  public int seekerTurnsSoFar() {
    return (int) history.stream().filter(u -> u.speaker() == Speaker.SEEKER).count();
  }
}
