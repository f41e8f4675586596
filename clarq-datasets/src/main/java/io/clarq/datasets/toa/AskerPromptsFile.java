package io.clarq.datasets.toa;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.toa.llm.AskerPromptText;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The TOA paper's asker prompts (Appendix A.1) as the data file {@code flm-toa/asker-prompts.json} holds them:
 * {@code {"prompts": [{"id": 1, "shots": 0, "template": "..."}, ...], "selected": {"gpt-4": 2, ...}}}, with the
 * placeholders of {@link AskerPromptText}. The prompts are read at run time, each into a prompt pack with a digest
 * ({@link #pack}); clarq carries none of their text.
 * Prompts 1-3 are zero-shot; 4-6 are five-shot and need the in-context examples, which the paper did not publish.
 */
public final class AskerPromptsFile {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private final Path file;
  private final Map<Integer, JsonNode> prompts;
  private final Map<String, Integer> selected;

  private AskerPromptsFile(Path file, Map<Integer, JsonNode> prompts, Map<String, Integer> selected) {
    this.file = file;
    this.prompts = prompts;
    this.selected = selected;
  }

  /** Reads the file; errors name the file and what is wrong. */
  public static AskerPromptsFile read(Path file) throws IOException {
    JsonNode root;
    try {
      root = MAPPER.readTree(file.toFile());
    } catch (NoSuchFileException | java.io.FileNotFoundException e) {
      throw new IOException("asker prompts file " + file + " not found (the TOA paper's prompts, Appendix A.1:"
          + " flm-toa/asker-prompts.json of the reference data)", e);
    } catch (JsonProcessingException e) {
      throw new IOException(file + ": not valid JSON: " + e.getOriginalMessage(), e);
    }
    JsonNode list = root == null ? null : root.get("prompts");
    if (list == null || !list.isArray()) {
      throw new IOException(file + ": expected an object with a \"prompts\" array");
    }
    Map<Integer, JsonNode> prompts = new LinkedHashMap<>();
    for (int i = 0; i < list.size(); i++) {
      JsonNode p = list.get(i);
      if (!p.path("id").canConvertToInt() || !p.path("template").isTextual()) {
        throw new IOException(file + ", prompt " + i + ": expected {\"id\": N, \"template\": \"...\"}");
      }
      if (prompts.put(p.get("id").asInt(), p) != null) {
        throw new IOException(file + ": prompt id " + p.get("id").asInt() + " appears twice");
      }
    }
    Map<String, Integer> selected = new LinkedHashMap<>();
    root.path("selected").fields().forEachRemaining(e -> selected.put(e.getKey(), e.getValue().asInt()));
    return new AskerPromptsFile(file, prompts, Map.copyOf(selected));
  }

  /**
   * Prompt {@code id} with its in-context examples (for the five-shot prompts).
   *
   * @throws IllegalArgumentException for an unknown id, a five-shot prompt without examples or a zero-shot one with
   */
  public AskerPromptText prompt(int id, Optional<String> inContextExamples) {
    JsonNode p = prompts.get(id);
    if (p == null) {
      throw new IllegalArgumentException("asker prompt " + id + " is not in " + file + ": it has " + prompts.keySet());
    }
    return new AskerPromptText("prompt-" + id, pack(id), inContextExamples);
  }

  /**
   * Prompt {@code id} as a prompt pack ({@link io.clarq.core.prompt.PackLayout#TOA_ASKER}) named "prompt-ID", read
   * from this file: its id and digest are what a run records.
   *
   * @throws IllegalArgumentException for an unknown id
   */
  public io.clarq.core.prompt.PromptPack pack(int id) {
    JsonNode p = prompts.get(id);
    if (p == null) {
      throw new IllegalArgumentException("asker prompt " + id + " is not in " + file + ": it has " + prompts.keySet());
    }
    return AskerPromptText.pack("prompt-" + id, file + ", prompt " + id, p.get("template").asText());
  }

  /** The paper's choice of prompt per model ("gpt-4" -> 2), as the file says. */
  public Map<String, Integer> selected() {
    return selected;
  }

  /** A prompt text of one's own from a UTF-8 file, with the same placeholders (trailing line breaks dropped). */
  public static AskerPromptText readTemplate(Path file, Optional<String> inContextExamples) throws IOException {
    return AskerPromptText.of("file:" + file.getFileName(), file.toString(), readText(file, "asker prompt file"),
        inContextExamples);
  }

  /** A file of in-context examples, put verbatim (trailing line breaks dropped) where the prompt says. */
  public static String readExamples(Path file) throws IOException {
    return readText(file, "in-context examples file");
  }

  private static String readText(Path file, String what) throws IOException {
    try {
      return Files.readString(file, StandardCharsets.UTF_8).stripTrailing();
    } catch (NoSuchFileException e) {
      throw new IOException(what + " " + file + " not found", e);
    }
  }
}
