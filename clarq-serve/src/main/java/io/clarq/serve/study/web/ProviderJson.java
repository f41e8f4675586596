package io.clarq.serve.study.web;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.dialogue.Utterance;
import io.clarq.serve.study.ProviderSessions;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A human provider's dialogue as {@code state.json} gives it, and the node fields of the reply form read back. */
final class ProviderJson {
  /** The most node fields one reply may carry (a tree has far fewer nodes). */
  static final int MAX_NODES = 64;

  private ProviderJson() {}

  /** Adds the view to {@code o}: position, lines, the tree with each node's state, whether a reply is awaited. */
  static void fill(ObjectNode o, ProviderSessions.ProviderView v) {
    o.put("position", v.position()).put("of", v.of()).put("finished", v.finished())
        .put("awaiting_reply", v.awaitingReply()).put("seeker_turns_left", v.seekerTurnsLeft());
    ArrayNode lines = o.putArray("lines");
    for (Utterance u : v.lines()) {
      lines.addObject().put("speaker", u.speaker().name().toLowerCase(Locale.ROOT)).put("text", u.text());
    }
    ArrayNode tree = o.putArray("tree");
    for (ProviderSessions.TreeLine n : v.tree()) {
      ObjectNode node = tree.addObject().put("id", n.id().toString()).put("text", n.text())
          .put("state", n.state().name().toLowerCase(Locale.ROOT));
      n.purpose().ifPresent(p -> node.put("purpose", p));
    }
    v.seekerError().ifPresent(e -> o.put("error", e));
  }

  /**
   * The node ids of the form's {@code node} fields, in order.
   *
   * @throws IllegalArgumentException naming a field that is no node id, or when there are too many
   */
  static List<NodeId> nodes(List<String> fields) {
    if (fields.size() > MAX_NODES) {
      throw new IllegalArgumentException("a reply may give at most " + MAX_NODES + " lines of the tree");
    }
    List<NodeId> out = new ArrayList<>();
    for (String f : fields) {
      String t = f.strip();
      if (!t.matches("\\d{1,4}(\\.\\d{1,4}){0,15}")) {
        throw new IllegalArgumentException("\"" + (t.length() > 20 ? t.substring(0, 20) + "..." : t)
            + "\" is not a line of the tree");
      }
      out.add(NodeId.parse(t));
    }
    return out;
  }
}
