package io.clarq.core.clarqllm.tree;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * The gating state of a response tree during one dialogue (docs/protocol/clarq-llm.md §2): which nodes were given,
 * in order, and which are available now. Immutable: {@link #give} returns the next state.
 *
 * <p>At the start only node "0" is available. Giving a node removes it and makes its direct children available
 * (giving "0" unlocks the top-level lines). A child is never given before its parent.
 */
public final class TreeCursor {
  private final ResponseTree tree;
  private final List<NodeId> given;
  private final Set<NodeId> givenSet;

  TreeCursor(ResponseTree tree, List<NodeId> given) {
    this.tree = Objects.requireNonNull(tree, "tree");
    this.given = List.copyOf(given);
    this.givenSet = Set.copyOf(given);
  }

  /** The tree this cursor walks. */
  public ResponseTree tree() {
    return tree;
  }

  /** The nodes given so far, in the order they were given. */
  public List<NodeId> given() {
    return given;
  }

  public boolean isGiven(NodeId id) {
    return givenSet.contains(id);
  }

  /** Whether node "0" (the opening statement) has been given, i.e. the task has started. */
  public boolean started() {
    return givenSet.contains(NodeId.ROOT);
  }

  /**
   * The nodes that may be given now, in display order: numeric by id components (the reference's order, with
   * its hash-order ties replaced by a total order).
   */
  public List<NodeId> available() {
    if (!started()) {
      return List.of(NodeId.ROOT);
    }
    Set<NodeId> out = new TreeSet<>();
    for (NodeId g : given) {
      for (NodeId c : tree.children(g)) {
        if (!givenSet.contains(c)) {
          out.add(c);
        }
      }
    }
    return List.copyOf(out);
  }

  public boolean isAvailable(NodeId id) {
    return started() ? !givenSet.contains(id) && id.parent().map(givenSet::contains).orElse(false)
        : id.isRoot();
  }

  /** Whether every node has been given. */
  public boolean exhausted() {
    return given.size() == tree.nodes().size();
  }

  /**
   * The state after giving {@code id}.
   *
   * @throws IllegalStateException naming the node when it is not available now
   */
  public TreeCursor give(NodeId id) {
    if (!tree.contains(id)) {
      throw new IllegalStateException("cannot give node \"" + id + "\": not in this response tree");
    }
    if (!isAvailable(id)) {
      throw new IllegalStateException("cannot give node \"" + id + "\": not available (available: "
          + available() + ")");
    }
    List<NodeId> next = new ArrayList<>(given);
    next.add(id);
    return new TreeCursor(tree, next);
  }

  /** The state after giving each node in turn. */
  public TreeCursor giveAll(List<NodeId> ids) {
    TreeCursor c = this;
    for (NodeId id : ids) {
      c = c.give(id);
    }
    return c;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TreeCursor c && c.tree.equals(tree) && c.givenSet.equals(givenSet);
  }

  @Override
  public int hashCode() {
    return givenSet.hashCode();
  }

  @Override
  public String toString() {
    return "TreeCursor{given=" + given + ", available=" + available() + "}";
  }
}
