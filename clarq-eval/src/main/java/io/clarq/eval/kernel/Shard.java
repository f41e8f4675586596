package io.clarq.eval.kernel;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One part of a run's selected dialogues, written {@code i/n} (1-based): with the selection in its fixed order
 * (English before Chinese, then by task id), shard {@code i} takes every n-th dialogue starting with the i-th. The
 * order depends only on the tasks' ids and languages, so the n shards are disjoint and together cover the selection
 * on any machine, and each holds a mix of task types. {@link #ALL} ({@code 1/1}) is the whole selection.
 *
 * @param index which part, 1 to {@code count}
 * @param count into how many parts the selection is cut, at least 1
 */
public record Shard(int index, int count) {
  /** The whole selection. */
  public static final Shard ALL = new Shard(1, 1);

  public Shard {
    if (count < 1 || index < 1 || index > count) {
      throw new IllegalArgumentException("illegal shard " + index + "/" + count
          + ": must be i/n with n at least 1 and i from 1 to n, e.g. 2/3");
    }
  }

  /**
   * Parses {@code i/n}.
   *
   * @throws IllegalArgumentException naming the text
   */
  public static Shard parse(String text) {
    String s = Objects.requireNonNull(text, "text").strip();
    int slash = s.indexOf('/');
    try {
      if (slash > 0) {
        return new Shard(Integer.parseInt(s.substring(0, slash).strip()),
            Integer.parseInt(s.substring(slash + 1).strip()));
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("illegal shard \"" + text + "\": expected i/n, e.g. 2/3");
  }

  /** This shard's part of {@code selection}, which must be in the run's fixed order. */
  public <T> List<T> of(List<T> selection) {
    List<T> out = new ArrayList<>();
    for (int i = index - 1; i < selection.size(); i += count) {
      out.add(selection.get(i));
    }
    return out;
  }

  @Override
  public String toString() {
    return index + "/" + count;
  }
}
