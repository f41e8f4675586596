package io.clarq.core.seeker;

import io.clarq.core.dialogue.Speaker;
import io.clarq.core.dialogue.Utterance;
import io.clarq.core.task.Briefing;
import io.clarq.core.task.Language;
import io.clarq.core.task.TaskId;
import java.util.List;
import java.util.Objects;

/**
 * What a seeker sees when it must speak: which task (never its response tree), its briefing, and the dialogue so
 * far ending with the provider's latest line.
 */
public record SeekerTurn(TaskId taskId, Language language, Briefing briefing, List<Utterance> history) {
  public SeekerTurn {
    Objects.requireNonNull(taskId, "taskId");
    Objects.requireNonNull(language, "language");
    Objects.requireNonNull(briefing, "briefing");
    history = List.copyOf(history);
    if (history.isEmpty() || history.get(history.size() - 1).speaker() != Speaker.PROVIDER) {
      throw new IllegalArgumentException(
          "illegal seeker turn for task " + taskId + ": the history must end with a provider line");
    }
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
