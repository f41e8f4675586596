package io.clarq.core.clarqllm.tree;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A node of a response tree: "0" is the opening statement, "1" a top-level line, "1.2" the second child of "1".
 * Ordered numerically, component by component ("1.10" after "1.9", a parent before its children): a total order,
 * unlike the reference's hash-order ties.
 */
public record NodeId(List<Integer> path) implements Comparable<NodeId> {
  /** The opening statement. */
  public static final NodeId ROOT = new NodeId(List.of(0));

  public NodeId {
    path = List.copyOf(path);
    if (path.isEmpty() || path.stream().anyMatch(p -> p < 0)) {
      throw new IllegalArgumentException("illegal node id " + path + ": must be non-empty and non-negative");
    }
    if (path.size() > 1 && path.get(0) == 0) {
      throw new IllegalArgumentException("illegal node id " + path + ": the root \"0\" has no children ids");
    }
  }

  /** Parses "1.2" into [1, 2]; the error names the text. */
  public static NodeId parse(String text) {
    String t = text.trim();
    if (t.isEmpty()) {
      throw new IllegalArgumentException("illegal node id \"" + text + "\": empty");
    }
    List<Integer> parts = new ArrayList<>();
    for (String part : t.split("\\.", -1)) {
      if (part.isEmpty() || part.length() > 6 || !part.chars().allMatch(Character::isDigit)) {
        throw new IllegalArgumentException(
            "illegal node id \"" + text + "\": expected dot-separated numbers such as 1.2");
      }
      parts.add(Integer.parseInt(part));
    }
    try {
      return new NodeId(parts);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("illegal node id \"" + text + "\": " + e.getMessage(), e);
    }
  }

  /** Whether this is node "0", the opening statement. */
  public boolean isRoot() {
    return equals(ROOT);
  }

  /** 0 for the root, 1 for top-level lines ("1"), 2 for "1.1", and so on. */
  public int depth() {
    return isRoot() ? 0 : path.size();
  }

  /**
   * The node whose giving unlocks this one: the dotted prefix ("1" for "1.2"), the root for top-level lines,
   * empty for the root itself.
   */
  public Optional<NodeId> parent() {
    if (isRoot()) {
      return Optional.empty();
    }
    if (path.size() == 1) {
      return Optional.of(ROOT);
    }
    return Optional.of(new NodeId(path.subList(0, path.size() - 1)));
  }

  @Override
  public int compareTo(NodeId o) {
    int n = Math.min(path.size(), o.path.size());
    for (int i = 0; i < n; i++) {
      int c = Integer.compare(path.get(i), o.path.get(i));
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(path.size(), o.path.size());
  }

  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < path.size(); i++) {
      if (i > 0) {
        sb.append('.');
      }
      sb.append(path.get(i));
    }
    return sb.toString();
  }
}
