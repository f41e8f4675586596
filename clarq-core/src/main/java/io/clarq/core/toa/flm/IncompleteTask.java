package io.clarq.core.toa.flm;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;

/**
 * The incomplete example x^i as an asker sees it: the task's question and the rendered incomplete context, nothing
 * else. The masked fact, its index among the supporting facts and the HotpotQA id are not reachable from here.
 *
 * <p>The {@link #exampleId()} is opaque: a digest of the question and the context, that is of what the asker is shown
 * anyway. It tells an asker nothing it does not already have (two masked examples that show the same question and
 * context get the same id, whichever fact was masked and from whichever HotpotQA example), and lets askers that look
 * questions up (e.g. written beforehand) find theirs.
 *
 * @param question the task's question
 * @param context the rendered incomplete context
 */
public record IncompleteTask(String question, String context) {
  public IncompleteTask {
    Objects.requireNonNull(question, "question");
    Objects.requireNonNull(context, "context");
  }

  /** The opaque id: {@code "x"} and 16 hex digits of SHA-256 over the question, a NUL and the context. */
  public String exampleId() {
    try {
      MessageDigest md = MessageDigest.getInstance("SHA-256");
      md.update(question.getBytes(StandardCharsets.UTF_8));
      md.update((byte) 0);
      md.update(context.getBytes(StandardCharsets.UTF_8));
      return "x" + HexFormat.of().formatHex(md.digest(), 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
    }
  }
}
