package io.clarq.core.prompt;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.clarqllm.task.Language;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a {@link PromptPack} from its files, wherever they are (a directory, memory, this module's resources), and
 * checks it whole: {@code pack.json} and the layout it names, every template of the layout in each language with only
 * the placeholders its step fills, the fixed utterances, and the digest over all of them. The error names the file
 * and what is wrong.
 */
final class PackReader {
  private static final String RESOURCES = "/io/clarq/core/prompt/";
  private static final ObjectMapper JSON = new ObjectMapper();

  private PackReader() {}

  /** A pack's files by path relative to its root; empty for a file that is not there. */
  interface PackFiles {
    Optional<byte[]> read(String relative);
  }

  /**
   * Reads and checks the pack whose files {@code files} gives.
   *
   * @param source where the pack comes from, for messages and {@link PromptPack#source()}
   * @param folderName the name of a pack without {@code pack.json}
   * @param wanted the layout the pack must have, if any
   * @throws IllegalArgumentException naming the file and the problem when the pack is incomplete or malformed
   */
  static PromptPack read(String source, String folderName, PackFiles files, Optional<PackLayout> wanted) {
    Optional<byte[]> packFile = files.read(PackLayout.PACK_FILE);
    Optional<JsonNode> packJson = packFile.map(b -> json(source, PackLayout.PACK_FILE,
        utf8(b, source, PackLayout.PACK_FILE)));
    PackLayout layout = layout(source, packJson, wanted);
    MessageDigest md = sha256();
    Map<String, PromptTemplate> templates = new HashMap<>();
    for (String name : layout.templates()) {
      Set<String> allowed = layout.placeholders(name);
      for (Language language : Language.values()) {
        if (!layout.exists(name, language)) {
          continue;
        }
        String file = PackLayout.file(name, language);
        Optional<byte[]> read = files.read(file);
        if (read.isEmpty() && layout.clarqOnly().contains(name)) {
          continue;   // checked below, once the behaviour is known
        }
        byte[] bytes = read
            .orElseThrow(() -> new IllegalArgumentException("prompt pack " + source + ": missing template " + file));
        md.update(file.getBytes(StandardCharsets.UTF_8));
        md.update((byte) 0);
        md.update(bytes);
        md.update((byte) 0);
        PromptTemplate t = new PromptTemplate(name + "." + language.code(), utf8(bytes, source, file));
        for (String p : t.placeholders()) {
          if (!allowed.contains(p)) {
            throw new IllegalArgumentException("prompt pack " + source + ": " + file + " uses placeholder {" + p
                + "}, which this step does not fill; allowed: " + PackLayout.sorted(allowed));
          }
        }
        templates.put(file, t);
      }
    }
    Map<Language, Map<String, String>> fixed = new EnumMap<>(Language.class);
    if (!layout.fixedUtterances().isEmpty()) {
      byte[] fixedBytes = files.read(PackLayout.FIXED_FILE).orElseThrow(
          () -> new IllegalArgumentException("prompt pack " + source + ": missing " + PackLayout.FIXED_FILE));
      md.update(fixedBytes);
      fixed = fixedUtterances(source, layout, utf8(fixedBytes, source, PackLayout.FIXED_FILE));
    }
    String digest = HexFormat.of().formatHex(md.digest()).substring(0, 16);
    String name;
    String description;
    PackBehaviour behaviour;
    if (packJson.isPresent()) {
      JsonNode pack = packJson.get();
      name = requiredText(pack, "name", source);
      description = pack.path("description").asText("");
      String b = requiredText(pack, "behaviour", source);
      try {
        behaviour = PackBehaviour.valueOf(b.toUpperCase(java.util.Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("prompt pack " + source + ": " + PackLayout.PACK_FILE + ": behaviour \""
            + b + "\" is neither \"reference\" nor \"clarq\"");
      }
    } else if (layout == PackLayout.CLARQ_LLM) {
      boolean reference = digest.equals(PromptPack.REFERENCE_DIGEST);
      name = reference ? "reference" : folderName;
      description = reference ? "the prompts of the paper's code (github.com/ygan/ClarQ-LLM e3bc7c8)"
          : "prompts in the reference layout, modified: figures are not comparable with the paper's";
      behaviour = PackBehaviour.REFERENCE;
    } else {
      name = folderName;
      description = "prompts in the " + layout.name() + " layout";
      behaviour = PackBehaviour.CLARQ;
    }
    if (behaviour == PackBehaviour.CLARQ) {
      for (String t : layout.clarqOnly()) {
        for (Language language : layout.languages()) {
          if (layout.exists(t, language) && !templates.containsKey(PackLayout.file(t, language))) {
            throw new IllegalArgumentException("prompt pack " + source + ": missing template "
                + PackLayout.file(t, language) + " (a pack with clarq's behaviour asks again after an unreadable"
                + " reply with it)");
          }
        }
      }
    }
    return new PromptPack(name, description, behaviour, source, digest, layout, templates, fixed);
  }

  /** The layout {@code pack.json} names (ClarQ-LLM's when it names none), which must be the one wanted, if any. */
  private static PackLayout layout(String source, Optional<JsonNode> packJson, Optional<PackLayout> wanted) {
    Optional<String> named = packJson.map(p -> p.path("layout").asText("")).filter(s -> !s.isEmpty());
    PackLayout layout;
    try {
      layout = named.map(PackLayout::named).orElse(wanted.orElse(PackLayout.CLARQ_LLM));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("prompt pack " + source + ": " + PackLayout.PACK_FILE + ": "
          + e.getMessage(), e);
    }
    if (wanted.isPresent() && wanted.get() != layout) {
      throw new IllegalArgumentException("prompt pack " + source + " is a " + layout.name() + " pack ("
          + PackLayout.PACK_FILE + "), not the " + wanted.get().name() + " pack wanted here");
    }
    return layout;
  }

  private static Map<Language, Map<String, String>> fixedUtterances(String source, PackLayout layout, String text) {
    JsonNode root = json(source, PackLayout.FIXED_FILE, text);
    Map<Language, Map<String, String>> out = new EnumMap<>(Language.class);
    for (Language language : layout.languages()) {
      JsonNode lang = root.get(language.code());
      if (lang == null || !lang.isObject()) {
        throw new IllegalArgumentException("prompt pack " + source + ": " + PackLayout.FIXED_FILE + " has no object \""
            + language.code() + "\"");
      }
      Map<String, String> m = new HashMap<>();
      for (String key : layout.fixedUtterances()) {
        JsonNode v = lang.get(key);
        if (v == null || !v.isTextual()) {
          throw new IllegalArgumentException("prompt pack " + source + ": " + PackLayout.FIXED_FILE + ": \""
              + language.code() + "\"." + key + " is " + (v == null ? "missing" : "not a string"));
        }
        m.put(key, v.asText());
      }
      out.put(language, Map.copyOf(m));
    }
    return out;
  }

  private static JsonNode json(String source, String file, String text) {
    try {
      JsonNode n = JSON.readTree(text);
      if (n == null || !n.isObject()) {
        throw new IllegalArgumentException("prompt pack " + source + ": " + file + " is not a JSON object");
      }
      return n;
    } catch (IOException e) {
      throw new IllegalArgumentException("prompt pack " + source + ": " + file + " is not valid JSON: "
          + e.getMessage(), e);
    }
  }

  private static String requiredText(JsonNode n, String field, String source) {
    JsonNode v = n.get(field);
    if (v == null || !v.isTextual() || v.asText().isBlank()) {
      throw new IllegalArgumentException("prompt pack " + source + ": " + PackLayout.PACK_FILE + " needs a string \""
          + field + "\"");
    }
    return v.asText();
  }

  private static String utf8(byte[] bytes, String source, String file) {
    try {
      return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
    } catch (CharacterCodingException e) {
      throw new IllegalArgumentException("prompt pack " + source + ": " + file + " is not valid UTF-8", e);
    }
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }

  /** clarq's own pack of {@code layout}, from the folder {@code folder} of this module's prompt resources. */
  static PromptPack resource(String folder, PackLayout layout) {
    return read("clarq resources", folder, relative -> {
      try (InputStream in = PackReader.class.getResourceAsStream(RESOURCES + folder + "/" + relative)) {
        return in == null ? Optional.empty() : Optional.of(in.readAllBytes());
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read clarq's prompt pack resource " + folder + "/" + relative, e);
      }
    }, Optional.of(layout));
  }
}
