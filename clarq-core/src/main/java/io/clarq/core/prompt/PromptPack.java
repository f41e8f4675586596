package io.clarq.core.prompt;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.task.Language;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Every prompt and fixed utterance of the LLM-backed ClarQ-LLM agents: the provider (standard and multi-info), the
 * two baseline seekers and the judge draw their words from a pack, never from code.
 *
 * <p>Two packs matter: the <b>reference pack</b>, {@link #load loaded} from a directory in the layout of
 * {@code clarq-llm/reference-prompts/} (the paper's code, under its own licence, read at run time), with which a live
 * run sends exactly the requests the reference code sends; and <b>clarq's own pack</b> ({@link #clarq()}), in this
 * module's resources in the same layout, whose figures are not comparable with the paper's tables. A directory may
 * hold a {@code pack.json} ({@code {"name", "behaviour": "reference"|"clarq", "description"}}); without one it is a
 * pack with {@link PackBehaviour#REFERENCE reference behaviour}.
 *
 * <p>Loading checks the whole pack: every template of the layout in both languages, each using only the placeholders
 * its step fills, and the four fixed utterances per language; the error names the file and what is wrong.
 */
public final class PromptPack {
  /**
   * The digest of the reference pack as extracted from the paper's code (github.com/ygan/ClarQ-LLM e3bc7c8): a pack
   * with this digest and reference behaviour produces figures comparable with the paper's.
   */
  public static final String REFERENCE_DIGEST = "b757d3724a74df85";

  /** The folder name of the reference pack beside the tasks folder in the data layout. */
  public static final String REFERENCE_FOLDER = "reference-prompts";

  private static final String CLARQ_RESOURCE = "/io/clarq/core/prompt/clarq/";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final String name;
  private final String description;
  private final PackBehaviour behaviour;
  private final String source;
  private final String digest;
  private final Map<String, PromptTemplate> templates;
  private final Map<Language, Map<String, String>> fixed;

  private PromptPack(String name, String description, PackBehaviour behaviour, String source, String digest,
      Map<String, PromptTemplate> templates, Map<Language, Map<String, String>> fixed) {
    this.name = name;
    this.description = description;
    this.behaviour = behaviour;
    this.source = source;
    this.digest = digest;
    this.templates = Map.copyOf(templates);
    this.fixed = fixed;
  }

  /**
   * Loads the pack in {@code directory}.
   *
   * @throws IllegalArgumentException naming the file and the problem when the pack is incomplete or malformed
   * @throws UncheckedIOException when a file cannot be read
   */
  public static PromptPack load(Path directory) {
    Objects.requireNonNull(directory, "directory");
    if (!Files.isDirectory(directory)) {
      throw new IllegalArgumentException("prompt pack " + directory + ": not a directory");
    }
    return read(directory.toString(), directory.getFileName() == null ? "pack" : directory.getFileName().toString(),
        relative -> {
          Path file = directory.resolve(relative);
          try {
            return Optional.of(Files.readAllBytes(file));
          } catch (NoSuchFileException e) {
            return Optional.empty();
          } catch (IOException e) {
            throw new UncheckedIOException("prompt pack " + directory + ": cannot read " + relative, e);
          }
        });
  }

  /** clarq's own pack, from this module's resources: its figures are not comparable with the paper's. */
  public static PromptPack clarq() {
    return ClarqPackHolder.PACK;
  }

  /**
   * The reference pack beside a tasks folder, as in the data layout ({@code clarq-llm/tasks} and
   * {@code clarq-llm/reference-prompts}); {@code tasks} may also be one language's folder inside it.
   */
  public static Optional<Path> besideTasks(Path tasks) {
    Path dir = tasks.toAbsolutePath().normalize();
    for (int up = 0; up < 2 && dir != null; up++, dir = dir.getParent()) {
      Path parent = dir.getParent();
      if (parent != null && Files.isDirectory(parent.resolve(REFERENCE_FOLDER))) {
        return Optional.of(parent.resolve(REFERENCE_FOLDER));
      }
    }
    return Optional.empty();
  }

  /** The pack's name: "reference" for the paper's pack, "clarq" for ours, else its {@code pack.json} or folder name. */
  public String name() {
    return name;
  }

  /** What the pack is, in a sentence. */
  public String description() {
    return description;
  }

  /** How replies are read and text rules applied with this pack. */
  public PackBehaviour behaviour() {
    return behaviour;
  }

  /** Where the pack was loaded from. */
  public String source() {
    return source;
  }

  /** A SHA-256 digest (16 hex digits) of every template and fixed utterance: equal digests, equal words. */
  public String digest() {
    return digest;
  }

  /** "name@digest": how runs record the pack (in {@code run-config.json} and the resume fingerprint). */
  public String id() {
    return name + "@" + digest;
  }

  /** Whether figures of a run with this pack are comparable with the paper's: the unmodified reference pack. */
  public boolean comparableWithPaper() {
    return behaviour == PackBehaviour.REFERENCE && digest.equals(REFERENCE_DIGEST);
  }

  /**
   * A template ("provider/pass1") in a language.
   *
   * @throws IllegalArgumentException when the layout has no such template in that language
   */
  public PromptTemplate template(String template, Language language) {
    PromptTemplate t = templates.get(PackLayout.file(template, language));
    if (t == null) {
      throw new IllegalArgumentException("prompt pack " + name + " has no template " + template + " in "
          + language.code() + "; templates: " + PackLayout.TEMPLATES.keySet());
    }
    return t;
  }

  /** A fixed utterance ("opening", "gate_unrelated", "enough_info", "type5_unrelated") in a language. */
  public String fixed(String key, Language language) {
    String s = fixed.get(language).get(key);
    if (s == null) {
      throw new IllegalArgumentException("prompt pack " + name + " has no fixed utterance " + key
          + "; known: " + PackLayout.FIXED);
    }
    return s;
  }

  @Override
  public String toString() {
    return "PromptPack{" + id() + ", behaviour=" + behaviour.key() + ", source=" + source + "}";
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PromptPack p && p.digest.equals(digest) && p.behaviour == behaviour && p.name.equals(name);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, behaviour, digest);
  }

  private interface PackFiles {
    Optional<byte[]> read(String relative);
  }

  private static PromptPack read(String source, String folderName, PackFiles files) {
    MessageDigest md = sha256();
    Map<String, PromptTemplate> templates = new HashMap<>();
    for (Map.Entry<String, Set<String>> e : PackLayout.TEMPLATES.entrySet()) {
      for (Language language : Language.values()) {
        if (!PackLayout.exists(e.getKey(), language)) {
          continue;
        }
        String file = PackLayout.file(e.getKey(), language);
        byte[] bytes = files.read(file)
            .orElseThrow(() -> new IllegalArgumentException("prompt pack " + source + ": missing template " + file));
        md.update(file.getBytes(StandardCharsets.UTF_8));
        md.update((byte) 0);
        md.update(bytes);
        md.update((byte) 0);
        PromptTemplate t = new PromptTemplate(e.getKey() + "." + language.code(), utf8(bytes, source, file));
        for (String p : t.placeholders()) {
          if (!e.getValue().contains(p)) {
            throw new IllegalArgumentException("prompt pack " + source + ": " + file + " uses placeholder {" + p
                + "}, which this step does not fill; allowed: " + new java.util.TreeSet<>(e.getValue()));
          }
        }
        templates.put(file, t);
      }
    }
    byte[] fixedBytes = files.read(PackLayout.FIXED_FILE).orElseThrow(
        () -> new IllegalArgumentException("prompt pack " + source + ": missing " + PackLayout.FIXED_FILE));
    md.update(fixedBytes);
    Map<Language, Map<String, String>> fixed = fixedUtterances(source, utf8(fixedBytes, source, PackLayout.FIXED_FILE));
    String digest = HexFormat.of().formatHex(md.digest()).substring(0, 16);
    String name;
    String description;
    PackBehaviour behaviour;
    Optional<byte[]> packFile = files.read(PackLayout.PACK_FILE);
    if (packFile.isPresent()) {
      JsonNode pack = json(source, PackLayout.PACK_FILE, utf8(packFile.get(), source, PackLayout.PACK_FILE));
      name = requiredText(pack, "name", source);
      description = pack.path("description").asText("");
      String b = requiredText(pack, "behaviour", source);
      try {
        behaviour = PackBehaviour.valueOf(b.toUpperCase(java.util.Locale.ROOT));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("prompt pack " + source + ": " + PackLayout.PACK_FILE + ": behaviour \""
            + b + "\" is neither \"reference\" nor \"clarq\"");
      }
    } else {
      boolean reference = digest.equals(REFERENCE_DIGEST);
      name = reference ? "reference" : folderName;
      description = reference ? "the prompts of the paper's code (github.com/ygan/ClarQ-LLM e3bc7c8)"
          : "prompts in the reference layout, modified: figures are not comparable with the paper's";
      behaviour = PackBehaviour.REFERENCE;
    }
    return new PromptPack(name, description, behaviour, source, digest, templates, fixed);
  }

  private static Map<Language, Map<String, String>> fixedUtterances(String source, String text) {
    JsonNode root = json(source, PackLayout.FIXED_FILE, text);
    Map<Language, Map<String, String>> out = new EnumMap<>(Language.class);
    for (Language language : Language.values()) {
      JsonNode lang = root.get(language.code());
      if (lang == null || !lang.isObject()) {
        throw new IllegalArgumentException("prompt pack " + source + ": " + PackLayout.FIXED_FILE + " has no object \""
            + language.code() + "\"");
      }
      Map<String, String> m = new HashMap<>();
      for (String key : PackLayout.FIXED) {
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

  private static final class ClarqPackHolder {
    static final PromptPack PACK = read("clarq resources", "clarq", relative -> {
      try (InputStream in = PromptPack.class.getResourceAsStream(CLARQ_RESOURCE + relative)) {
        return in == null ? Optional.empty() : Optional.of(in.readAllBytes());
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read clarq's prompt pack resource " + relative, e);
      }
    });
  }
}
