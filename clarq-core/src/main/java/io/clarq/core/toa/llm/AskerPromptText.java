package io.clarq.core.toa.llm;

import io.clarq.core.flm.IncompleteTask;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Optional;

/**
 * An asker prompt given as text with the placeholders of the TOA paper's prompts (Appendix A.1): {@value #CONTEXT}
 * (the incomplete context), {@value #QUESTION} (the task question) and, in five-shot prompts,
 * {@value #EXAMPLES} (the in-context examples, which the paper does not publish: the user supplies them). The
 * text comes from a data file at run time; clarq carries none of the paper's sentences. Placeholders are filled in
 * one pass, so a context that happens to contain "{q1}" is left as it is.
 *
 * @param name where the text came from ("prompt-2", "file:my-prompt.txt"), for the label
 * @param template the text with its placeholders; {@value #CONTEXT} and {@value #QUESTION} are required
 * @param inContextExamples the text put in place of {@value #EXAMPLES}; present exactly when the template has it
 */
public record AskerPromptText(String name, String template, Optional<String> inContextExamples)
    implements AskerPrompt {
  /** The incomplete context. */
  public static final String CONTEXT = "{context}";
  /** The task question. */
  public static final String QUESTION = "{q1}";
  /** The in-context examples of a five-shot prompt. */
  public static final String EXAMPLES = "{in_context_examples}";

  public AskerPromptText {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(template, "template");
    Objects.requireNonNull(inContextExamples, "inContextExamples");
    if (!template.contains(CONTEXT) || !template.contains(QUESTION)) {
      throw new IllegalArgumentException("asker prompt " + name + " must contain " + CONTEXT + " and " + QUESTION
          + ": \"" + abbreviate(template) + "\"");
    }
    if (template.contains(EXAMPLES) && inContextExamples.isEmpty()) {
      throw new IllegalArgumentException("asker prompt " + name + " is a few-shot prompt (" + EXAMPLES
          + "): give the in-context examples");
    }
    if (!template.contains(EXAMPLES) && inContextExamples.isPresent()) {
      throw new IllegalArgumentException("asker prompt " + name + " has no " + EXAMPLES
          + " placeholder: it takes no in-context examples");
    }
  }

  @Override
  public String render(IncompleteTask task) {
    StringBuilder out = new StringBuilder(template.length() + task.context().length());
    int i = 0;
    while (i < template.length()) {
      if (template.startsWith(CONTEXT, i)) {
        out.append(task.context());
        i += CONTEXT.length();
      } else if (template.startsWith(QUESTION, i)) {
        out.append(task.question());
        i += QUESTION.length();
      } else if (template.startsWith(EXAMPLES, i)) {
        out.append(inContextExamples.orElseThrow());
        i += EXAMPLES.length();
      } else {
        out.append(template.charAt(i++));
      }
    }
    return out.toString();
  }

  /** The name and the first 8 hex digits of the SHA-256 of the template and examples, so that edits show. */
  @Override
  public String label() {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(template.getBytes(StandardCharsets.UTF_8));
      inContextExamples.ifPresent(e -> {
        sha.update((byte) 0);
        sha.update(e.getBytes(StandardCharsets.UTF_8));
      });
      return name + "@" + HexFormat.of().formatHex(sha.digest()).substring(0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  private static String abbreviate(String s) {
    return s.length() > 80 ? s.substring(0, 77) + "..." : s;
  }
}
