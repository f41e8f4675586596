package io.clarq.core.clarqllm.transcript;

import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.Split;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.dialogue.Dialogue;
import io.clarq.core.dialogue.EndReason;
import io.clarq.core.dialogue.Speaker;
import io.clarq.core.llm.TokenUsage;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One dialogue as a runner records it: which task, in which language, between which seeker and provider, the
 * utterances and why they ended, the bookkeeping of every turn, and whether it finished or failed. One record is
 * one line of a JSONL transcript file (io.clarq.datasets.clarqllm.transcript).
 *
 * @param taskId the task played
 * @param language the language it was played in
 * @param seeker the seeker's name ({@code SeekerAgent.name()})
 * @param provider the provider's name ({@code ProviderAgent.name()})
 * @param dialogue the utterances (provider first) and the end reason; for a failed dialogue, what was said
 *     before the failure
 * @param turns one record per utterance, aligned with {@code dialogue.utterances()}; empty when nothing is known
 *     about any turn
 * @param status finished (scored) or failed (not scored)
 * @param error for a failed dialogue, what went wrong (never an API key); empty otherwise
 * @param startedAt when the dialogue started, if known
 * @param wallTime how long the whole dialogue took, if known
 * @param attributes free-form settings worth keeping with the dialogue ("seeker_mode": "chat", "seed": "8848");
 *     empty by default
 * @param trial which trial of the task this is, from 1 (a run with {@code --trials K} plays each task K times; trial
 *     t's model requests carry seed 8848 + t - 1, {@link io.clarq.core.llm.Trials}); 1 by default
 */
public record DialogueRecord(
    TaskId taskId,
    Language language,
    String seeker,
    String provider,
    Dialogue dialogue,
    List<TurnRecord> turns,
    DialogueStatus status,
    Optional<String> error,
    Optional<Instant> startedAt,
    Optional<Duration> wallTime,
    Map<String, String> attributes,
    int trial) {
  public DialogueRecord {
    Objects.requireNonNull(taskId, "taskId");
    Objects.requireNonNull(language, "language");
    Objects.requireNonNull(seeker, "seeker");
    Objects.requireNonNull(provider, "provider");
    Objects.requireNonNull(dialogue, "dialogue");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(error, "error");
    Objects.requireNonNull(startedAt, "startedAt");
    Objects.requireNonNull(wallTime, "wallTime");
    String where = "illegal dialogue record for task " + taskId + ": ";
    if (seeker.isBlank() || provider.isBlank()) {
      throw new IllegalArgumentException(where + "the seeker and provider names must not be blank");
    }
    turns = turns.stream().allMatch(TurnRecord::isUnknown) ? List.of() : List.copyOf(turns);
    if (!turns.isEmpty() && turns.size() != dialogue.utterances().size()) {
      throw new IllegalArgumentException(where + turns.size() + " turn records for "
          + dialogue.utterances().size() + " utterances; give one per utterance or none");
    }
    for (int i = 0; i < turns.size(); i++) {
      if (dialogue.utterances().get(i).speaker() == Speaker.SEEKER && turns.get(i).hasProviderInfo()) {
        throw new IllegalArgumentException(where + "turn " + i
            + " is the seeker's but has a reply kind, intent or nodes");
      }
    }
    if (status == DialogueStatus.FAILED && (error.isEmpty() || error.get().isBlank())) {
      throw new IllegalArgumentException(where + "a failed dialogue needs an error message");
    }
    if (status == DialogueStatus.FINISHED && error.isPresent()) {
      throw new IllegalArgumentException(where + "a finished dialogue has no error, got \"" + error.get() + "\"");
    }
    if (status == DialogueStatus.FINISHED && dialogue.seekerLines().isEmpty()) {
      throw new IllegalArgumentException(where + "a finished dialogue needs at least one seeker line");
    }
    if (wallTime.isPresent() && wallTime.get().isNegative()) {
      throw new IllegalArgumentException(where + "wall time " + wallTime.get() + " is negative");
    }
    attributes = Map.copyOf(attributes);
    if (trial < 1) {
      throw new IllegalArgumentException(where + "trial " + trial + " is below 1; trials are numbered from 1");
    }
  }

  /** A finished dialogue with nothing else known. */
  public static DialogueRecord finished(
      TaskId taskId, Language language, String seeker, String provider, Dialogue dialogue) {
    return builder(taskId, language, seeker, provider).dialogue(dialogue).build();
  }

  /** Starts a record; the default is a finished dialogue (trial 1) with no turn records, timing or attributes. */
  public static Builder builder(TaskId taskId, Language language, String seeker, String provider) {
    return new Builder(taskId, language, seeker, provider);
  }

  /** The split of the task (test for types 1-26). */
  public Split split() {
    return taskId.split();
  }

  public boolean finished() {
    return status == DialogueStatus.FINISHED;
  }

  /** The tokens of every turn whose usage is known. */
  public TokenUsage totalUsage() {
    return turns.stream().flatMap(t -> t.usage().stream()).reduce(TokenUsage.ZERO, TokenUsage::plus);
  }

  /** The model calls of every turn whose count is known. */
  public int totalLlmCalls() {
    return turns.stream().mapToInt(t -> t.llmCalls().orElse(0)).sum();
  }

  /** Builds a {@link DialogueRecord}; see the record's parameters. */
  public static final class Builder {
    private final TaskId taskId;
    private final Language language;
    private final String seeker;
    private final String provider;
    private Dialogue dialogue = new Dialogue(List.of(), EndReason.UNKNOWN);
    private List<TurnRecord> turns = List.of();
    private DialogueStatus status = DialogueStatus.FINISHED;
    private Optional<String> error = Optional.empty();
    private Optional<Instant> startedAt = Optional.empty();
    private Optional<Duration> wallTime = Optional.empty();
    private final Map<String, String> attributes = new TreeMap<>();
    private int trial = 1;

    private Builder(TaskId taskId, Language language, String seeker, String provider) {
      this.taskId = taskId;
      this.language = language;
      this.seeker = seeker;
      this.provider = provider;
    }

    public Builder dialogue(Dialogue dialogue) {
      this.dialogue = dialogue;
      return this;
    }

    public Builder turns(List<TurnRecord> turns) {
      this.turns = turns;
      return this;
    }

    /** Marks the dialogue failed with this message. */
    public Builder failed(String error) {
      this.status = DialogueStatus.FAILED;
      this.error = Optional.of(error);
      return this;
    }

    public Builder startedAt(Instant startedAt) {
      this.startedAt = Optional.of(startedAt);
      return this;
    }

    public Builder wallTime(Duration wallTime) {
      this.wallTime = Optional.of(wallTime);
      return this;
    }

    public Builder attribute(String key, String value) {
      attributes.put(key, value);
      return this;
    }

    /** Which trial of the task this is, from 1. */
    public Builder trial(int trial) {
      this.trial = trial;
      return this;
    }

    public DialogueRecord build() {
      return new DialogueRecord(taskId, language, seeker, provider, dialogue, turns, status, error, startedAt,
          wallTime, attributes, trial);
    }
  }
}
