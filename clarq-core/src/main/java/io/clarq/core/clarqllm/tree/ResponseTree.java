package io.clarq.core.clarqllm.tree;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

/**
 * A task's annotated response tree. Nodes keep the task file's listing order, which is usually but not always
 * pre-order: the gold lines (every node but the root) are compared in that order by the evaluator.
 *
 * <p>Valid by construction: the first node is "0", ids are unique, every non-root node's parent exists.
 */
public final class ResponseTree {
  private final List<ResponseNode> nodes;
  private final Map<NodeId, ResponseNode> byId;
  private final Map<NodeId, List<NodeId>> children;

  /** @throws IllegalArgumentException naming the node when the list is not a valid tree */
  public ResponseTree(List<ResponseNode> nodes) {
    this.nodes = List.copyOf(nodes);
    if (this.nodes.isEmpty() || !this.nodes.get(0).id().isRoot()) {
      throw new IllegalArgumentException("illegal response tree: the first node must be \"0\", the opening statement");
    }
    Map<NodeId, ResponseNode> map = new LinkedHashMap<>();
    for (ResponseNode n : this.nodes) {
      if (map.put(n.id(), n) != null) {
        throw new IllegalArgumentException("illegal response tree: node id \"" + n.id() + "\" appears twice");
      }
    }
    Map<NodeId, List<NodeId>> kids = new LinkedHashMap<>();
    for (ResponseNode n : this.nodes) {
      n.id().parent().ifPresent(p -> {
        if (!map.containsKey(p)) {
          throw new IllegalArgumentException(
              "illegal response tree: node id \"" + n.id() + "\" has no parent \"" + p + "\"");
        }
        kids.computeIfAbsent(p, k -> new ArrayList<>()).add(n.id());
      });
    }
    kids.values().forEach(Collections::sort);
    kids.replaceAll((k, v) -> List.copyOf(v));
    this.byId = Collections.unmodifiableMap(map);
    this.children = Collections.unmodifiableMap(kids);
  }

  /** All nodes in listing order, the root first. */
  public List<ResponseNode> nodes() {
    return nodes;
  }

  /** The opening statement, node "0". */
  public ResponseNode root() {
    return nodes.get(0);
  }

  /** The gold lines: every node but the root, in listing order. */
  public List<ResponseNode> goldNodes() {
    return nodes.subList(1, nodes.size());
  }

  /** Number of non-root nodes. */
  public int size() {
    return nodes.size() - 1;
  }

  /** The deepest node's depth (1 when all gold lines are top-level). */
  public int maxDepth() {
    return nodes.stream().mapToInt(n -> n.id().depth()).max().orElse(0);
  }

  public boolean contains(NodeId id) {
    return byId.containsKey(id);
  }

  /** @throws NoSuchElementException naming the id when the tree has no such node */
  public ResponseNode node(NodeId id) {
    ResponseNode n = byId.get(id);
    if (n == null) {
      throw new NoSuchElementException("no node \"" + id + "\" in this response tree");
    }
    return n;
  }

  /** The nodes that giving {@code id} unlocks, in numeric order. */
  public List<NodeId> children(NodeId id) {
    return children.getOrDefault(id, List.of());
  }

  /** The gating state before anything was given: only node "0" is available. */
  public TreeCursor start() {
    return new TreeCursor(this, List.of());
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ResponseTree t && t.nodes.equals(nodes);
  }

  @Override
  public int hashCode() {
    return nodes.hashCode();
  }

  @Override
  public String toString() {
    return "ResponseTree" + nodes.stream().map(n -> n.id().toString()).toList();
  }
}
