package io.clarq.eval.clarqllm.audit;

import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.ReferenceText;
import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.clarqllm.tree.TreeCursor;
import io.clarq.core.dialogue.Dialogue;
import io.clarq.core.dialogue.Utterance;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a provider's choices from a recorded dialogue (docs/protocol/clarq-llm.md §7): the nodes a reply gave are the
 * available lines it contains, compared as the evaluator compares them (speaker prefix and white space stripped,
 * lower case unless the task's first gold line is Chinese, trailing {@code ，。？！,.?!} ignored, substring). Giving
 * them moves the tree state on to the next turn. Node 0 is read the same way before the task started.
 */
public final class RecordedTurns {
  private RecordedTurns() {}

  /** Every provider turn of the dialogue, turn 1 first, with the tree state each one had. */
  public static List<RecordedTurn> of(String run, ClarqTask task, Dialogue dialogue) {
    List<Utterance> lines = dialogue.utterances();
    List<RecordedTurn> out = new ArrayList<>();
    TreeCursor cursor = task.tree().start();
    for (int k = 1; 2 * k < lines.size(); k++) {
      String reply = lines.get(2 * k).text();
      List<NodeId> given = nodesIn(task, cursor, reply);
      out.add(new RecordedTurn(run, task, k, lines.subList(0, 2 * k), cursor, reply, given));
      cursor = cursor.giveAll(given);
    }
    return out;
  }

  /** The available nodes whose text a reply contains, in display order. */
  public static List<NodeId> nodesIn(ClarqTask task, TreeCursor cursor, String reply) {
    boolean lower = task.tree().size() == 0
        || Language.detect(task.tree().goldNodes().get(0).text()) != Language.CHINESE;
    String r = normalise(reply, lower);
    List<NodeId> out = new ArrayList<>();
    for (NodeId id : cursor.available()) {
      if (r.contains(normalise(task.tree().node(id).text(), lower))) {
        out.add(id);
      }
    }
    return out;
  }

  private static String normalise(String line, boolean lower) {
    String s = ReferenceText.stripSpeaker(line);
    return ReferenceText.stripTrailingPunctuation(lower ? ReferenceText.lower(s) : s);
  }
}
