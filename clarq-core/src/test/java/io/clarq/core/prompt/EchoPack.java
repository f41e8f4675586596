package io.clarq.core.prompt;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeSet;

/**
 * A prompt pack for tests whose every template renders as its own name and its values: {@code provider/pass1.en}
 * gives {@code "provider/pass1|last_turn=...|node_text=...|purpose=...|role=..."}. A test sees exactly which template
 * the agent chose and what it filled in.
 */
public final class EchoPack {
  private EchoPack() {}

  /** Writes the pack into {@code dir} and loads it with {@code behaviour}. */
  public static PromptPack write(Path dir, PackBehaviour behaviour) {
    try {
      for (Map.Entry<String, java.util.Set<String>> e : PackLayout.CLARQ_LLM.templates().stream()
          .collect(java.util.stream.Collectors.toMap(t -> t, PackLayout.CLARQ_LLM::placeholders)).entrySet()) {
        StringBuilder text = new StringBuilder(e.getKey());
        for (String p : new TreeSet<>(e.getValue())) {
          text.append('|').append(p).append("={").append(p).append('}');
        }
        for (io.clarq.core.clarqllm.task.Language language : io.clarq.core.clarqllm.task.Language.values()) {
          if (PackLayout.CLARQ_LLM.exists(e.getKey(), language)) {
            Path f = dir.resolve(PackLayout.file(e.getKey(), language));
            Files.createDirectories(f.getParent());
            Files.writeString(f, text + "|" + language.code(), StandardCharsets.UTF_8);
          }
        }
      }
      Files.writeString(dir.resolve("fixed-utterances.json"), "{\"en\": {\"opening\": \"Jax: open\", "
          + "\"gate_unrelated\": \"Jax: gate no\", \"enough_info\": \"Jax: enough\", \"type5_unrelated\": \"Jax: t5\"},"
          + " \"zh\": {\"opening\": \"Jax: 开\", \"gate_unrelated\": \"Jax: 门\", \"enough_info\": \"Jax: 够\","
          + " \"type5_unrelated\": \"Jax: 五\"}}", StandardCharsets.UTF_8);
      Files.writeString(dir.resolve("pack.json"), "{\"name\": \"echo\", \"behaviour\": \"" + behaviour.key() + "\"}",
          StandardCharsets.UTF_8);
      return PromptPack.load(dir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
