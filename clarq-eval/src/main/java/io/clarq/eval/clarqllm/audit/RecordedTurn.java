package io.clarq.eval.clarqllm.audit;

import io.clarq.core.clarqllm.provider.ProviderTurn;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.clarqllm.tree.TreeCursor;
import io.clarq.core.dialogue.Utterance;
import java.util.List;
import java.util.Objects;

/**
 * One provider turn of a published run as the recorded provider faced it: the history up to the seeker line it
 * answered, the tree state it had, and what it replied.
 *
 * @param run the run's name, e.g. {@code l2l_GPT-4o_seeker_vs_GPT-4o_provider.Chat.En}
 * @param task the task played
 * @param turn the provider turn's number: 1 answers the first seeker line (h[2]), k answers h[2k-1]
 * @param history the dialogue up to and including the seeker line answered
 * @param before the tree state before the reply
 * @param recordedReply the recorded provider's reply
 * @param recordedNodes the nodes that reply gave (the available gold lines it contains); empty for Response II
 */
public record RecordedTurn(String run, ClarqTask task, int turn, List<Utterance> history, TreeCursor before,
    String recordedReply, List<NodeId> recordedNodes) {
  public RecordedTurn {
    Objects.requireNonNull(run, "run");
    Objects.requireNonNull(task, "task");
    history = List.copyOf(history);
    Objects.requireNonNull(before, "before");
    Objects.requireNonNull(recordedReply, "recordedReply");
    recordedNodes = List.copyOf(recordedNodes);
    if (turn < 1) {
      throw new IllegalArgumentException("illegal recorded turn " + turn + " of task " + task.id() + ": must be >= 1");
    }
  }

  /** What a provider sees when it is asked to reply in this recorded situation. */
  public ProviderTurn providerTurn() {
    return providerTurn(1);
  }

  /** What a provider sees when it is asked to reply in this recorded situation again, in {@code trial}. */
  public ProviderTurn providerTurn(int trial) {
    return new ProviderTurn(task, history, before, trial);
  }

  /** {@code TASK/TURN}, e.g. {@code 3.2/4}: how a person names this turn (with the run). */
  public String key() {
    return task.id() + "/" + turn;
  }
}
