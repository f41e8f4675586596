package io.clarq.core.clarqllm.tree;

import java.util.Objects;
import java.util.Optional;

/**
 * One line the provider may give: its id, its text (speaker prefix "Jax:" already stripped) and its purpose,
 * the annotation saying what gap the line fills and when to use it. The root and dev-split tasks have no purpose.
 */
public record ResponseNode(NodeId id, String text, Optional<String> purpose) {
  public ResponseNode {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(purpose, "purpose");
    if (text.isBlank()) {
      throw new IllegalArgumentException("illegal response node " + id + ": text is blank");
    }
  }

  /** A node with a purpose. */
  public static ResponseNode of(NodeId id, String text, String purpose) {
    return new ResponseNode(id, text, Optional.ofNullable(purpose));
  }
}
