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
 * Every prompt and fixed utterance an LLM-backed agent sends or says: the ClarQ-LLM provider, seekers and judge, the
 * TOA asker, oracles and primary model, the CQ generator and rubric judge draw their words from a pack, never from
 * code. A pack follows a {@link PackLayout} (which templates, which placeholders), and has an {@link #id()} and a
 * {@link #digest()} that runs record, so a results file says which words produced it.
 *
 * <p>For ClarQ-LLM two packs matter: the <b>reference pack</b>, {@link #load loaded} from a directory in the layout of
 * {@code clarq-llm/reference-prompts/} (the paper's code, under its own licence, read at run time), with which a live
 * run sends exactly the requests the reference code sends; and <b>clarq's own pack</b> ({@link #clarq()}), in this
 * module's resources in the same layout, whose figures are not comparable with the paper's tables. clarq's own TOA and
 * CQ packs ({@link #builtIn}) sit beside it; the TOA paper's asker prompts are data, made into a pack at run time
 * ({@link #fromFiles}). A directory may hold a {@code pack.json} ({@code {"name", "layout", "behaviour":
 * "reference"|"clarq", "description"}}); without one it is a ClarQ-LLM pack with {@link PackBehaviour#REFERENCE
 * reference behaviour}.
 *
 * <p>Loading checks the whole pack: every template of the layout in each of its languages, each using only the
 * placeholders its step fills, and the fixed utterances per language; the error names the file and what is wrong.
 */
public final class PromptPack {
  /**
   * The digest of the reference pack as extracted from the paper's code (github.com/ygan/ClarQ-LLM e3bc7c8): a pack
   * with this digest and reference behaviour produces figures comparable with the paper's.
   */
  public static final String REFERENCE_DIGEST = "b757d3724a74df85";

  /** The folder name of the reference pack beside the tasks folder in the data layout. */
  public static final String REFERENCE_FOLDER = "reference-prompts";

  private static final String RESOURCES = "/io/clarq/core/prompt/";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final String name;
  private final String description;
  private final PackBehaviour behaviour;
  private final String source;
  private final String digest;
  private final PackLayout layout;
  private final Map<String, PromptTemplate> templates;
  private final Map<Language, Map<String, String>> fixed;

  private PromptPack(String name, String description, PackBehaviour behaviour, String source, String digest,
      PackLayout layout, Map<String, PromptTemplate> templates, Map<Language, Map<String, String>> fixed) {
    this.layout = layout;
    this.name = name;
    this.description = description;
    this.behaviour = behaviour;
    this.source = source;
    this.digest = digest;
    this.templates = Map.copyOf(templates);
    this.fixed = fixed;
  }

  /**
   * Loads the pack in {@code directory}, in the layout its {@code pack.json} names (ClarQ-LLM's when it names none).
   *
   * @throws IllegalArgumentException naming the file and the problem when the pack is incomplete or malformed
   * @throws UncheckedIOException when a file cannot be read
   */
  public static PromptPack load(Path directory) {
    return load(directory, Optional.empty());
  }

  /**
   * Loads the pack in {@code directory}, which must be of {@code layout} (a {@code pack.json} naming another layout
   * is refused, naming both).
   *
   * @throws IllegalArgumentException naming the file and the problem when the pack is incomplete or malformed
   * @throws UncheckedIOException when a file cannot be read
   */
  public static PromptPack load(Path directory, PackLayout layout) {
    return load(directory, Optional.of(Objects.requireNonNull(layout, "layout")));
  }

  private static PromptPack load(Path directory, Optional<PackLayout> layout) {
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
        }, layout);
  }

  /**
   * A pack from files held in memory, by path relative to the pack's root ({@code asker/prompt.en.txt},
   * {@code pack.json}), as a directory in {@code layout} would hold them: how a pack is made from a data file in
   * another shape (the TOA paper's {@code asker-prompts.json}). The digest is computed as for a directory.
   *
   * @param source where the words come from, for messages and {@link #source()}
   * @throws IllegalArgumentException naming the file and the problem when the pack is incomplete or malformed
   */
  public static PromptPack fromFiles(String source, PackLayout layout, Map<String, String> files) {
    Objects.requireNonNull(source, "source");
    Map<String, String> copy = Map.copyOf(files);
    return read(source, source, relative -> Optional.ofNullable(copy.get(relative))
        .map(t -> t.getBytes(StandardCharsets.UTF_8)), Optional.of(Objects.requireNonNull(layout, "layout")));
  }

  /**
   * clarq's own pack of {@code layout}, from this module's resources ({@link #clarq()} for ClarQ-LLM's).
   *
   * @throws IllegalArgumentException for a layout clarq ships no pack of ({@link PackLayout#TOA_ASKER})
   */
  public static PromptPack builtIn(PackLayout layout) {
    if (layout == PackLayout.CLARQ_LLM) {
      return clarq();
    }
    if (layout == PackLayout.TOA) {
      return BuiltIn.TOA;
    }
    if (layout == PackLayout.CQ) {
      return BuiltIn.CQ;
    }
    if (layout == PackLayout.ASKING) {
      return BuiltIn.ASKING;
    }
    throw new IllegalArgumentException("clarq ships no prompt pack of layout " + layout + ": its words are data");
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

  /** The layout the pack follows: which templates it holds. */
  public PackLayout layout() {
    return layout;
  }

  /** A SHA-256 digest (16 hex digits) of every template and fixed utterance: equal digests, equal words. */
  public String digest() {
    return digest;
  }

  /** "name@digest": how runs record the pack (in {@code run-config.json} and the resume fingerprint). */
  public String id() {
    return name + "@" + digest;
  }

  /**
   * Whether figures of a run with this pack are comparable with the ClarQ-LLM paper's: the unmodified reference pack.
   * False for the other layouts, whose reference words have no published digest.
   */
  public boolean comparableWithPaper() {
    return layout == PackLayout.CLARQ_LLM && behaviour == PackBehaviour.REFERENCE && digest.equals(REFERENCE_DIGEST);
  }

  /**
   * How outputs label this pack: {@value #REFERENCE_LABEL} when {@link #comparableWithPaper()}; {@value #MODIFIED_LABEL}
   * for another pack of reference behaviour in the ClarQ-LLM layout (the reference pack's folder with other words);
   * empty for clarq's own and other packs, which claim nothing.
   */
  public Optional<String> label() {
    if (comparableWithPaper()) {
      return Optional.of(REFERENCE_LABEL);
    }
    return layout == PackLayout.CLARQ_LLM && behaviour == PackBehaviour.REFERENCE ? Optional.of(MODIFIED_LABEL)
        : Optional.empty();
  }

  /**
   * The {@link #label()} of a pack as a run records it ({@link #id()}, then its behaviour: "reference@b757d3724a74df85
   * (reference behaviour)"), for outputs that read a run's files rather than the pack.
   */
  public static Optional<String> label(String recorded) {
    String id = recorded.strip().split(" ", 2)[0];
    boolean reference = recorded.contains("(" + PackBehaviour.REFERENCE.key() + " behaviour)");
    if (reference && id.equals("reference@" + REFERENCE_DIGEST)) {
      return Optional.of(REFERENCE_LABEL);
    }
    return reference && id.contains("@") ? Optional.of(MODIFIED_LABEL) : Optional.empty();
  }

  /** The label of the paper's unmodified reference pack. */
  public static final String REFERENCE_LABEL = "the reference pack";

  /** The label of a pack of reference behaviour whose words are not the reference pack's. */
  public static final String MODIFIED_LABEL = "MODIFIED: not the reference pack";

  /**
   * A template ("provider/pass1") in a language.
   *
   * @throws IllegalArgumentException when the layout has no such template in that language
   */
  public PromptTemplate template(String template, Language language) {
    PromptTemplate t = templates.get(PackLayout.file(template, language));
    if (t == null) {
      throw new IllegalArgumentException("prompt pack " + name + " (" + layout + ") has no template " + template
          + " in " + language.code() + "; templates: " + layout.templates());
    }
    return t;
  }

  /** A template in English, the one language of the TOA and CQ layouts. */
  public PromptTemplate template(String template) {
    return template(template, Language.ENGLISH);
  }

  /**
   * This pack's template rendered with {@code values} in English: the whole text of a prompt, or a piece of one.
   *
   * @throws IllegalArgumentException when the template is missing or a placeholder has no value
   */
  public String render(String template, Map<String, String> values) {
    return template(template).render(values);
  }

  /** A fixed utterance ("opening", "gate_unrelated", "enough_info", "type5_unrelated") in a language. */
  public String fixed(String key, Language language) {
    Map<String, String> inLanguage = fixed.get(language);
    String s = inLanguage == null ? null : inLanguage.get(key);
    if (s == null) {
      throw new IllegalArgumentException("prompt pack " + name + " (" + layout + ") has no fixed utterance " + key
          + " in " + language.code() + "; known: " + layout.fixedUtterances());
    }
    return s;
  }

  @Override
  public String toString() {
    return "PromptPack{" + id() + ", layout=" + layout + ", behaviour=" + behaviour.key() + ", source=" + source
        + "}";
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof PromptPack p && p.digest.equals(digest) && p.behaviour == behaviour && p.name.equals(name)
        && p.layout == layout;
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, behaviour, digest, layout.name());
  }

  private interface PackFiles {
    Optional<byte[]> read(String relative);
  }

  private static PromptPack read(String source, String folderName, PackFiles files, Optional<PackLayout> wanted) {
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
      boolean reference = digest.equals(REFERENCE_DIGEST);
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

  private static PromptPack resource(String folder, PackLayout layout) {
    return read("clarq resources", folder, relative -> {
      try (InputStream in = PromptPack.class.getResourceAsStream(RESOURCES + folder + "/" + relative)) {
        return in == null ? Optional.empty() : Optional.of(in.readAllBytes());
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read clarq's prompt pack resource " + folder + "/" + relative, e);
      }
    }, Optional.of(layout));
  }

  private static final class ClarqPackHolder {
    static final PromptPack PACK = resource("clarq", PackLayout.CLARQ_LLM);
  }

  private static final class BuiltIn {
    static final PromptPack TOA = resource(PackLayout.TOA.builtIn().orElseThrow(), PackLayout.TOA);
    static final PromptPack CQ = resource(PackLayout.CQ.builtIn().orElseThrow(), PackLayout.CQ);
    static final PromptPack ASKING = resource(PackLayout.ASKING.builtIn().orElseThrow(), PackLayout.ASKING);
  }
}
