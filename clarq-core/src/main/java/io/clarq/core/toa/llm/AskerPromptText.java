package io.clarq.core.toa.llm;

import io.clarq.core.prompt.PackLayout;
import io.clarq.core.prompt.PromptPack;
import io.clarq.core.toa.flm.IncompleteTask;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * An asker prompt in the placeholders of the TOA paper's prompts (Appendix A.1), the one template
 * {@code asker/prompt} of a {@link PackLayout#TOA_ASKER TOA asker} pack: {@value #CONTEXT} (the incomplete context),
 * {@value #QUESTION} (the task question) and, in five-shot prompts, {@value #EXAMPLES} (the in-context examples, which
 * the paper does not publish: the user supplies them). The words come from a data file at run time (the paper's
 * {@code asker-prompts.json}, or a user's prompt file); clarq carries none of the paper's sentences. Placeholders are
 * filled in one pass, so a context that happens to contain "{q1}" is left as it is.
 *
 * @param name where the text came from ("prompt-2", "file:my-prompt.txt"), for the label
 * @param pack the pack holding the prompt; {@value #CONTEXT} and {@value #QUESTION} are required in it
 * @param inContextExamples the text put in place of {@value #EXAMPLES}; present exactly when the template has it
 */
public record AskerPromptText(String name, PromptPack pack, Optional<String> inContextExamples)
    implements AskerPrompt {
  /** The incomplete context. */
  public static final String CONTEXT = "{context}";
  /** The task question. */
  public static final String QUESTION = "{q1}";
  /** The in-context examples of a five-shot prompt. */
  public static final String EXAMPLES = "{in_context_examples}";

  /** The template's name in a {@link PackLayout#TOA_ASKER} pack. */
  public static final String TEMPLATE = "asker/prompt";

  public AskerPromptText {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(pack, "pack");
    Objects.requireNonNull(inContextExamples, "inContextExamples");
    if (pack.layout() != PackLayout.TOA_ASKER) {
      throw new IllegalArgumentException("asker prompt " + name + ": prompt pack " + pack.id() + " is a "
          + pack.layout() + " pack, not a " + PackLayout.TOA_ASKER + " pack");
    }
    Set<String> used = pack.template(TEMPLATE).placeholders();
    String template = pack.template(TEMPLATE).text();
    if (!used.contains("context") || !used.contains("q1")) {
      throw new IllegalArgumentException("asker prompt " + name + " must contain " + CONTEXT + " and " + QUESTION
          + ": \"" + abbreviate(template) + "\"");
    }
    if (used.contains("in_context_examples") && inContextExamples.isEmpty()) {
      throw new IllegalArgumentException("asker prompt " + name + " is a few-shot prompt (" + EXAMPLES
          + "): give the in-context examples");
    }
    if (!used.contains("in_context_examples") && inContextExamples.isPresent()) {
      throw new IllegalArgumentException("asker prompt " + name + " has no " + EXAMPLES
          + " placeholder: it takes no in-context examples");
    }
  }

  /**
   * A prompt from its text: a {@link PackLayout#TOA_ASKER} pack named {@code name} holding {@code template}.
   *
   * @param source where the text was read from, for messages and the pack's {@link PromptPack#source()}
   * @throws IllegalArgumentException when the text lacks a required placeholder, uses another one, or the examples do
   *     not match the prompt
   */
  public static AskerPromptText of(String name, String source, String template, Optional<String> inContextExamples) {
    return new AskerPromptText(name, pack(name, source, template), inContextExamples);
  }

  /** The {@link PackLayout#TOA_ASKER} pack of one prompt text, named {@code name}. */
  public static PromptPack pack(String name, String source, String template) {
    String json = "{\"name\": " + quoted(name) + ", \"layout\": \"" + PackLayout.TOA_ASKER.name()
        + "\", \"behaviour\": \"reference\", \"description\": " + quoted("asker prompt " + name + " from " + source)
        + "}";
    Map<String, String> files = new HashMap<>();
    files.put(PackLayout.file(TEMPLATE, io.clarq.core.clarqllm.task.Language.ENGLISH), template);
    files.put("pack.json", json);
    return PromptPack.fromFiles(source, PackLayout.TOA_ASKER, files);
  }

  /** The prompt's text, placeholders unfilled. */
  public String template() {
    return pack.template(TEMPLATE).text();
  }

  @Override
  public String render(IncompleteTask task) {
    Map<String, String> values = new HashMap<>();
    values.put("context", task.context());
    values.put("q1", task.question());
    inContextExamples.ifPresent(e -> values.put("in_context_examples", e));
    return pack.render(TEMPLATE, values);
  }

  /** The name and the first 8 hex digits of the SHA-256 of the template and examples, so that edits show. */
  @Override
  public String label() {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      sha.update(template().getBytes(StandardCharsets.UTF_8));
      inContextExamples.ifPresent(e -> {
        sha.update((byte) 0);
        sha.update(e.getBytes(StandardCharsets.UTF_8));
      });
      return name + "@" + HexFormat.of().formatHex(sha.digest()).substring(0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  @Override
  public AskerPrompt in(PromptPack other) {
    if (other.layout() == PackLayout.TOA_ASKER) {
      return new AskerPromptText(other.name(), other, inContextExamples);
    }
    return AskerTemplate.DIRECT.in(other);
  }

  private static String quoted(String s) {
    try {
      return new com.fasterxml.jackson.databind.ObjectMapper().writeValueAsString(s);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String abbreviate(String s) {
    return s.length() > 80 ? s.substring(0, 77) + "..." : s;
  }
}
