package io.clarq.datasets.clarqllm.reference;

import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.prompt.PromptPack;
import io.clarq.datasets.clarqllm.verdict.VerdictFile;
import io.clarq.datasets.clarqllm.verdict.VerdictRecord;
import io.clarq.datasets.fetch.DataCatalog;
import io.clarq.datasets.fetch.DataDirectory;
import io.clarq.datasets.fetch.DataFetcher;
import io.clarq.datasets.fetch.DataFile;
import io.clarq.datasets.fetch.DataSet;
import io.clarq.datasets.fetch.DerivedCheck;
import io.clarq.datasets.fetch.DerivedFiles;
import io.clarq.datasets.fetch.FileCheck;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The {@code clarq-llm-reference} data set: the reference ClarQ-LLM code's files at the pinned commit, and what clarq
 * derives from them, in Java, into the same folder: {@code reference-prompts/} (the reference prompt pack, whose
 * digest is {@link PromptPack#REFERENCE_DIGEST}) and {@code judge-verdicts.jsonl} (the 560 verdicts of the paper's
 * GPT-4o judge, from {@code log/llm_evaluator_cache.pkl}).
 *
 * <pre>{@code
 * DataDirectory dir = DataDirectory.ofEnvironment();
 * DataFetcher.create().fetch(DataCatalog.builtIn().get(ClarqLlmReference.DATA_SET), dir, Optional.empty(), l);
 * ClarqLlmReference.Derived d = ClarqLlmReference.derive(dir);
 * PromptPack pack = PromptPack.load(d.prompts());
 * }</pre>
 */
public final class ClarqLlmReference {
  /** The data set's name and folder. */
  public static final String DATA_SET = "clarq-llm-reference";

  /** The derived prompt pack's folder inside the data set's folder. */
  public static final String PROMPTS = PromptPack.REFERENCE_FOLDER;

  /** The derived verdict file inside the data set's folder. */
  public static final String VERDICTS = "judge-verdicts.jsonl";

  /**
   * The {@linkplain VerdictFile#digest digest of the verdicts} derived from the pinned judge cache: the paper's
   * GPT-4o verdicts, in whatever order a file lists them ({@code ../shared/data/clarq-llm/judge-verdicts.jsonl}
   * has them in the cache's order, the fetch sorted). A verdict file with another digest is not the paper's.
   */
  public static final String VERDICTS_DIGEST = "20a39e0cfcf4b04244396130725aa837e5c5d10cfe14e13a452a0c38466beed2";

  /** How outputs name the judge whose verdicts have {@link #VERDICTS_DIGEST}. */
  public static final String PAPER_JUDGE = "the paper's GPT-4o judge";

  private static final String CACHE = "log/llm_evaluator_cache.pkl";

  private ClarqLlmReference() {}

  /**
   * What {@link #derive} wrote.
   *
   * @param prompts the prompt pack folder
   * @param verdicts the verdict file
   * @param verdictCount how many verdicts it holds
   */
  public record Derived(Path prompts, Path verdicts, int verdictCount) {}

  /** The derived prompt pack in {@code dir}, if it is there. */
  public static Optional<Path> prompts(DataDirectory dir) {
    Path p = dir.folder(DATA_SET).resolve(PROMPTS);
    return Files.isDirectory(p) ? Optional.of(p) : Optional.empty();
  }

  /** The derived verdict file in {@code dir}, if it is there. */
  public static Optional<Path> verdicts(DataDirectory dir) {
    Path p = dir.folder(DATA_SET).resolve(VERDICTS);
    return Files.isRegularFile(p) ? Optional.of(p) : Optional.empty();
  }

  /**
   * The label of a verdict file in every output that names its judge: {@value #PAPER_JUDGE} when its verdicts are
   * the paper's ({@link VerdictFile#digest} is {@link #VERDICTS_DIGEST}); a warning that it was modified when it is a
   * derived verdict file (listed in a derivation's {@link DerivedFiles#RECORD} beside it, or {@value #VERDICTS} in a
   * {@value #DATA_SET} folder) whose verdicts are not the paper's; empty for any other file (a judge's own cache),
   * which claims nothing.
   *
   * @param records the file's records, as read
   */
  public static Optional<String> verdictsLabel(Path file, List<VerdictRecord> records) {
    if (VerdictFile.digest(records).equals(VERDICTS_DIGEST)) {
      return Optional.of(PAPER_JUDGE);
    }
    Path name = file.getFileName();
    Path parent = file.toAbsolutePath().getParent();
    boolean derived = name != null && parent != null && name.toString().equals(VERDICTS)
        && parent.getFileName() != null && parent.getFileName().toString().equals(DATA_SET);
    if (!derived && name != null && parent != null) {
      try {
        derived = DerivedFiles.read(parent).map(r -> r.containsKey(name.toString())).orElse(false);
      } catch (IOException | IllegalArgumentException e) {
        derived = Files.isRegularFile(parent.resolve(DerivedFiles.RECORD));   // a damaged record: still derived
      }
    }
    return derived ? Optional.of("MODIFIED since `clarq data fetch " + DATA_SET + "` derived it: not "
        + PAPER_JUDGE + "'s verdicts") : Optional.empty();
  }

  /**
   * The files {@link #derive} wrote, each checked against the SHA-256 it recorded: a derived file edited, removed or
   * added since is named. Without a record (derived by an older clarq) each derived file present is
   * {@linkplain DerivedCheck.Status#UNRECORDED unchecked}; in a fetched folder without them they are missing. Empty
   * when the data set was never fetched.
   */
  public static List<DerivedCheck> verifyDerived(DataDirectory dir) throws IOException {
    Path folder = dir.folder(DATA_SET);
    if (Files.isRegularFile(folder.resolve(DerivedFiles.RECORD))) {
      return DerivedFiles.verify(folder);
    }
    List<DerivedCheck> out = new ArrayList<>();
    if (!Files.isDirectory(folder)) {
      return out;
    }
    for (String p : List.of(PROMPTS, VERDICTS)) {
      Path where = folder.resolve(p);
      out.add(new DerivedCheck(p, where, Files.exists(where) ? DerivedCheck.Status.UNRECORDED
          : DerivedCheck.Status.MISSING, Optional.empty(), Optional.empty()));
    }
    return out;
  }

  /**
   * Derives the prompt pack and the verdicts from the fetched files in {@code dir} and writes them beside those files.
   * Every source file is checked against its pin first. Nothing is left half-written: each result is written to a
   * temporary name and moved into place whole, replacing an earlier derivation. The SHA-256 of every file written
   * is recorded last, in {@link DerivedFiles#RECORD}, for {@link #verifyDerived} (and {@code clarq data verify}).
   *
   * @throws IllegalArgumentException naming the file when a source is missing or is not the pinned file, or when the
   *     derivation does not give the reference pack
   * @throws IOException when a file cannot be read or written
   */
  public static Derived derive(DataDirectory dir) throws IOException {
    DataSet set = DataCatalog.builtIn().get(DATA_SET);
    Path folder = dir.folder(DATA_SET);
    List<String> needed = new ArrayList<>(ReferencePromptPack.SOURCES);
    needed.add("LICENSE");
    needed.add(CACHE);
    Map<String, String> sources = new HashMap<>();
    for (String path : needed) {
      DataFile file = set.files().stream().filter(f -> f.path().equals(path)).findFirst()
          .orElseThrow(() -> new IllegalStateException("the data catalogue does not pin " + path));
      FileCheck check = DataFetcher.check(set, dir, file);
      if (check.status() != FileCheck.Status.VERIFIED) {
        throw new IllegalArgumentException("cannot derive the reference prompt pack and verdicts: " + check.describe()
            + "; run `clarq data fetch " + DATA_SET + "`");
      }
      if (!path.equals(CACHE)) {
        sources.put(path, utf8(check.where()));
      }
    }
    DerivedFiles.forget(folder);
    Map<String, byte[]> pack = ReferencePromptPack.derive(sources);
    pack.put("README.md", readme().getBytes(StandardCharsets.UTF_8));
    Path packDir = writeFolder(folder, PROMPTS, pack);
    List<ReferenceVerdicts.JudgeTemplates> judge = new ArrayList<>();
    for (Language l : Language.values()) {
      String c = "." + l.code() + ".txt";
      judge.add(new ReferenceVerdicts.JudgeTemplates(l, text(pack, "judge/judge" + c),
          text(pack, "judge/judge_gold_item" + c), text(pack, "judge/judge_generated_item" + c)));
    }
    List<VerdictRecord> verdicts;
    try (InputStream in = Files.newInputStream(folder.resolve(CACHE))) {
      verdicts = ReferenceVerdicts.read(in, folder.resolve(CACHE).toString(), judge);
    }
    StringBuilder lines = new StringBuilder();
    for (VerdictRecord r : verdicts) {
      lines.append(VerdictFile.toLine(r)).append('\n');
    }
    Path verdictFile = folder.resolve(VERDICTS);
    Path tmp = Files.createTempFile(folder, ".judge-verdicts", ".part");
    try {
      Files.writeString(tmp, lines, StandardCharsets.UTF_8);
      move(tmp, verdictFile);
    } finally {
      Files.deleteIfExists(tmp);
    }
    List<String> written = new ArrayList<>();
    pack.keySet().forEach(f -> written.add(PROMPTS + "/" + f));
    written.add(VERDICTS);
    DerivedFiles.record(folder, written);
    return new Derived(packDir, verdictFile, verdicts.size());
  }

  private static String text(Map<String, byte[]> pack, String file) {
    return new String(pack.get(file), StandardCharsets.UTF_8);
  }

  // writes the files into a temporary folder, checks the pack, then swaps it in for the old one
  private static Path writeFolder(Path parent, String name, Map<String, byte[]> files) throws IOException {
    Path tmp = Files.createTempDirectory(parent, "." + name);
    Path target = parent.resolve(name);
    Path old = parent.resolve("." + name + ".old");
    try {
      for (Map.Entry<String, byte[]> e : files.entrySet()) {
        Path f = tmp.resolve(e.getKey());
        Files.createDirectories(f.getParent());
        Files.write(f, e.getValue());
      }
      PromptPack p = PromptPack.load(tmp);
      if (!p.digest().equals(PromptPack.REFERENCE_DIGEST)) {
        throw new IllegalArgumentException("the prompt pack derived from " + parent + " has digest " + p.digest()
            + ", not the reference pack's " + PromptPack.REFERENCE_DIGEST + "; nothing was written");
      }
      deleteTree(old);
      if (Files.exists(target)) {
        move(target, old);
      }
      move(tmp, target);
      deleteTree(old);
      return target;
    } finally {
      deleteTree(tmp);
    }
  }

  private static void move(Path from, Path to) throws IOException {
    try {
      Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
    }
  }

  private static void deleteTree(Path p) throws IOException {
    if (!Files.exists(p)) {
      return;
    }
    try (Stream<Path> s = Files.walk(p)) {
      for (Path x : s.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(x);
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  private static String utf8(Path p) throws IOException {
    try {
      return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(Files.readAllBytes(p))).toString();
    } catch (CharacterCodingException e) {
      throw new IllegalArgumentException(p + " is not UTF-8 text", e);
    }
  }

  private static String readme() {
    return "# The reference prompt pack, derived\n\n"
        + "Written by `clarq data fetch " + DATA_SET + "` from the reference ClarQ-LLM code beside this folder\n"
        + "(github.com/ygan/ClarQ-LLM, commit " + DataCatalog.builtIn().get(DATA_SET).commit() + ", MIT licence: the\n"
        + "full text is in LICENSE-upstream). Each template is the string the reference code's prompt builder returns\n"
        + "when its inputs are the named placeholders; `templates.json` lists them, `fixed-utterances.json` holds the\n"
        + "provider's fixed lines. How clarq fills and sends them: docs/clarq-llm.md and docs/data.md in the clarq\n"
        + "repository. Do not edit: a changed pack no longer has the reference digest, and its figures are not\n"
        + "comparable with the paper's.\n";
  }
}
