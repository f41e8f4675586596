package io.clarq.core.testing;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clarqllm.seeker.SeekerAgent;
import io.clarq.core.clarqllm.seeker.SeekerTurn;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.tree.ResponseNode;
import io.clarq.core.dialogue.Speaker;
import io.clarq.core.dialogue.Utterance;
import io.clarq.core.llm.LlmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Checks that whatever hands turns to a seeker (the run kernel, a replay, your own loop) hands it only what
 * docs/protocol/clarq-llm.md §3 allows: the task's briefing, its language, the dialogue so far, and a key that says
 * nothing about the task. Wrap the seeker in {@link #recording}, play, then {@link #assertSeesOnlyTheProtocol}:
 *
 * <pre>{@code
 * SeekerView.Recording seeker = SeekerView.recording(new RuleBasedSeeker());
 * DialogueRecord played = new DialogueLoop(seeker, provider, EndDetection.REFERENCE, 12, false).play(task);
 * SeekerView.assertSeesOnlyTheProtocol(task, seeker.turns(), played.dialogue().utterances());
 * }</pre>
 */
public final class SeekerView {
  private SeekerView() {}

  /** A seeker that passes every turn to {@code delegate} and keeps it; safe from many threads. */
  public static Recording recording(SeekerAgent delegate) {
    return new Recording(delegate);
  }

  /** A seeker keeping the turns it was handed. */
  public static final class Recording implements SeekerAgent {
    private final SeekerAgent delegate;
    private final List<SeekerTurn> turns = new ArrayList<>();

    private Recording(SeekerAgent delegate) {
      this.delegate = Objects.requireNonNull(delegate, "delegate");
    }

    @Override
    public String name() {
      return delegate.name();
    }

    @Override
    public String version() {
      return delegate.version();
    }

    @Override
    public String next(SeekerTurn turn) throws LlmException {
      synchronized (turns) {
        turns.add(turn);
      }
      return delegate.next(turn);
    }

    /** The turns handed so far, in the order they came. */
    public List<SeekerTurn> turns() {
      synchronized (turns) {
        return List.copyOf(turns);
      }
    }

    /** The turns of the dialogues on {@code task}, told apart by their briefing. */
    public List<SeekerTurn> turnsOf(ClarqTask task) {
      return turns().stream().filter(t -> t.briefing().equals(task.briefing()) && t.language() == task.language())
          .toList();
    }
  }

  /**
   * Fails unless each of {@code turns} (one dialogue on {@code task}, in order) holds the task's briefing and
   * language, a history that is a prefix of {@code dialogue} ending with a provider line, and nothing else of the
   * task: no task id or type name in its key, no gold line's purpose anywhere, no gold line that the provider had
   * not yet said in the history, and one key for the whole dialogue.
   */
  public static void assertSeesOnlyTheProtocol(ClarqTask task, List<SeekerTurn> turns, List<Utterance> dialogue) {
    assertThat(turns).as("turns handed to the seeker on task %s", task.id()).isNotEmpty();
    String key = turns.get(0).dialogueKey();
    List<String> idForms = List.of(task.id().toString(), task.id().type() + "_" + task.id().index(),
        task.id().type() + "-" + task.id().index(), task.typeName());
    for (String form : idForms) {
      assertThat(key).as("dialogue key \"%s\" names task %s", key, task.id()).doesNotContain(form);
    }
    for (SeekerTurn turn : turns) {
      assertThat(turn.dialogueKey()).as("one key per dialogue").isEqualTo(key);
      assertThat(turn.briefing()).isEqualTo(task.briefing());
      assertThat(turn.language()).isEqualTo(task.language());
      List<Utterance> history = turn.history();
      assertThat(dialogue).as("the history handed is the dialogue so far").startsWith(history.toArray(Utterance[]::new));
      String seen = turn.dialogueKey() + "\n" + String.join("\n", turn.briefing().verbatim()) + "\n"
          + String.join("\n", history.stream().map(Utterance::text).toList());
      for (ResponseNode node : task.tree().goldNodes()) {
        node.purpose().ifPresent(p -> assertThat(seen).as("purpose of node %s", node.id()).doesNotContain(p));
        boolean said = history.stream().anyMatch(u -> u.speaker() == Speaker.PROVIDER && u.text().contains(node.text()));
        if (!said) {
          assertThat(seen).as("node %s, not yet said by the provider", node.id()).doesNotContain(node.text());
        }
      }
    }
  }
}
