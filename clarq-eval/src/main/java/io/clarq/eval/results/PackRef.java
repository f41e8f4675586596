package io.clarq.eval.results;

import io.clarq.core.prompt.PromptPack;
import java.util.Objects;

/**
 * A prompt pack a role drew on.
 *
 * @param role the role's name in files: a {@link ModelRole#key()}, or a name of the benchmark's own for a pack
 *     several agents share ({@code agents}); lower case
 * @param id {@code name@digest} ({@link PromptPack#id()})
 * @param digest the pack's digest ({@link PromptPack#digest()})
 */
public record PackRef(String role, String id, String digest) {
  public PackRef {
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(digest, "digest");
    if (!ResultsEnvelope.NAME.matcher(role).matches()) {
      throw new IllegalArgumentException("illegal prompt pack role '" + role + "': lower-case letters, digits, _ or -");
    }
    if (digest.isBlank() || !id.endsWith("@" + digest)) {
      throw new IllegalArgumentException("illegal prompt pack id '" + id + "': must be name@digest with digest '"
          + digest + "'");
    }
  }

  /** The pack {@code role} drew on. */
  public static PackRef of(String role, PromptPack pack) {
    return new PackRef(role, pack.id(), pack.digest());
  }

  /**
   * Reads a pack id as runs record it ({@code name@digest}, optionally followed by a space and a remark).
   *
   * @throws IllegalArgumentException naming the text when it holds no {@code @digest}
   */
  public static PackRef parse(String role, String text) {
    String id = text.strip();
    int space = id.indexOf(' ');
    if (space >= 0) {
      id = id.substring(0, space);
    }
    int at = id.lastIndexOf('@');
    if (at <= 0 || at == id.length() - 1) {
      throw new IllegalArgumentException("illegal prompt pack id '" + text + "': expected name@digest");
    }
    return new PackRef(role, id, id.substring(at + 1));
  }
}
