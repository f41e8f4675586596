package io.clarq.core.asking;

import java.util.Objects;

/**
 * One line of an asking conversation, tagged with who said it.
 *
 * @param role who said it
 * @param text what was said, verbatim (a ClarQ-LLM provider line keeps its "Jax: " prefix)
 */
public record Message(Role role, String text) {
  /** Who said a line. */
  public enum Role {
    /** The asking agent (a ClarQ-LLM seeker, a MediQ expert, a TOA asker, a CQ generator). */
    ASKER,
    /** The party that answers the asker: the ClarQ-LLM provider, the MediQ patient, the CQ user's request. */
    RESPONDER
  }

  public Message {
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(text, "text");
  }

  /** A line of the asking agent. */
  public static Message asker(String text) {
    return new Message(Role.ASKER, text);
  }

  /** A line of the party that answers. */
  public static Message responder(String text) {
    return new Message(Role.RESPONDER, text);
  }
}
