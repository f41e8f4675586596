package io.clarq.core.prompt;

import io.clarq.core.clarqllm.task.Language;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

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


  private final String name;
  private final String description;
  private final PackBehaviour behaviour;
  private final String source;
  private final String digest;
  private final PackLayout layout;
  private final Map<String, PromptTemplate> templates;
  private final Map<Language, Map<String, String>> fixed;

  PromptPack(String name, String description, PackBehaviour behaviour, String source, String digest,
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
    return PackReader.read(directory.toString(), directory.getFileName() == null ? "pack" : directory.getFileName().toString(),
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
    return PackReader.read(source, source, relative -> Optional.ofNullable(copy.get(relative))
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
    if (layout == PackLayout.MEDIQ) {
      return BuiltIn.MEDIQ;
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

  private static final class ClarqPackHolder {
    static final PromptPack PACK = PackReader.resource("clarq", PackLayout.CLARQ_LLM);
  }

  private static final class BuiltIn {
    static final PromptPack TOA = PackReader.resource(PackLayout.TOA.builtIn().orElseThrow(), PackLayout.TOA);
    static final PromptPack CQ = PackReader.resource(PackLayout.CQ.builtIn().orElseThrow(), PackLayout.CQ);
    static final PromptPack MEDIQ = PackReader.resource(PackLayout.MEDIQ.builtIn().orElseThrow(), PackLayout.MEDIQ);
    static final PromptPack ASKING = PackReader.resource(PackLayout.ASKING.builtIn().orElseThrow(), PackLayout.ASKING);
  }
}
