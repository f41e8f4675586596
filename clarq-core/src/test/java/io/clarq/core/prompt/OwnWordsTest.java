package io.clarq.core.prompt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.testing.SharedData;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The reference prompts are data under another licence that we read at run time, never words we ship: no tracked text
 * file of the repository may share a run of {@value #WORDS} words, or of {@value #HAN} Chinese characters, with any
 * file of {@code clarq-llm/reference-prompts/} or with the asker prompts of {@code flm-toa/asker-prompts.json}.
 *
 * <p>Words are maximal runs of letters and digits, lower-cased; everything else (white space, punctuation, the
 * {@code \n} escapes of source and JSON files) only separates them, and a Chinese character ends an English run.
 * Chinese runs count the Han characters alone, whatever stands between them. Runs are compared by a 64-bit rolling
 * hash, so the whole repository is scanned in about a second.
 */
class OwnWordsTest {
  static final int WORDS = 8;
  static final int HAN = 14;

  @Test
  void testNoTrackedFileSharesARunWithTheReferenceWording() throws IOException {
    Path prompts = SharedData.require("clarq-llm/reference-prompts");
    Path asker = SharedData.require("flm-toa/asker-prompts.json");
    Grams reference = new Grams();
    try (Stream<Path> files = Files.walk(prompts)) {
      for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
        reference.add(Files.readString(f, StandardCharsets.UTF_8));
      }
    }
    // the asker prompts are the templates; the file's "source" field is the paper's citation, which we may cite
    JsonNode askerPrompts = new ObjectMapper().readTree(asker.toFile()).path("prompts");
    assertThat(askerPrompts.size()).as("asker prompts in " + asker).isPositive();
    for (JsonNode p : askerPrompts) {
      reference.add(p.path("template").asText());
    }
    assertThat(reference.words).as("word runs read from the reference").hasSizeGreaterThan(1000);
    assertThat(reference.han).as("Chinese runs read from the reference").hasSizeGreaterThan(1000);

    Path root = projectRoot();
    List<String> shared = new ArrayList<>();
    int scanned = 0;
    for (String name : trackedFiles(root)) {
      Path f = root.resolve(name);
      if (!Files.isRegularFile(f)) {
        continue;
      }
      String text = text(Files.readAllBytes(f));
      if (text == null) {
        continue;
      }
      scanned++;
      for (String run : reference.sharedRuns(text)) {
        shared.add(name + ":" + run);
      }
    }
    assertThat(scanned).as("text files scanned").isGreaterThan(100);
    assertThat(shared).as("runs of %d words or %d Chinese characters shared with the reference prompts (write them in "
        + "our own words; file:line: the run)", WORDS, HAN).isEmpty();
  }

  @Test
  void testTheScanFindsCopiedRunsAndOnlyThose() {
    Grams g = new Grams();
    g.add("Please tell the seeker, who stands at the gate, how to open it with a key.\n请告诉门口的人怎样用钥匙打开这扇沉重的大门然后进去");
    // 8 words copied across a line break, other case and punctuation: found, at the line where the run starts
    assertThat(g.sharedRuns("x\nTHE seeker -- who\n stands, at the gate; how to")).containsExactly(
        "2: the seeker who stands at the gate how to");
    assertThat(g.sharedRuns("seeker who stands at the gate how")).isEmpty();
    // 14 Han characters, whatever stands between them
    assertThat(g.sharedRuns("a\n\"告诉门口的人\", \"怎样用钥匙 打开这扇\"")).containsExactly("2: 告诉门口的人怎样用钥匙打开这扇");
    assertThat(g.sharedRuns("告诉门口的人怎样用钥匙打开")).isEmpty();
    // a Chinese character breaks an English run; \n escapes of source files separate words
    assertThat(g.sharedRuns("the seeker who stands 门 at the gate how to open")).isEmpty();
    assertThat(g.sharedRuns("\"stands at the gate,\\nhow to open it with\"")).containsExactly(
        "1: stands at the gate how to open it with");
  }

  /** Hashes of every run in the reference, and the scan of a file against them. */
  static final class Grams {
    private static final long MULT = 0x9E3779B97F4A7C15L;
    final Set<Long> words = new HashSet<>();
    final Set<Long> han = new HashSet<>();

    void add(String text) {
      Tokens t = Tokens.of(text);
      for (int i = 0; i + WORDS <= t.words.size(); i++) {
        if (t.sameSegment(i, WORDS)) {
          words.add(hash(t.words, i, WORDS));
        }
      }
      for (int i = 0; i + HAN <= t.han.size(); i++) {
        han.add(hash(t.han, i, HAN));
      }
    }

    /** Maximal shared runs as "line: run" (the line where the run starts). */
    List<String> sharedRuns(String text) {
      Tokens t = Tokens.of(text);
      List<String> out = new ArrayList<>();
      collect(t.words, WORDS, words, t, " ", out);
      collect(t.han, HAN, han, null, "", out);
      return out;
    }

    private static void collect(List<Token> tokens, int n, Set<Long> set, Tokens segments, String joiner,
        List<String> out) {
      int i = 0;
      while (i + n <= tokens.size()) {
        if (isShared(tokens, i, n, set, segments)) {
          int end = i + n;
          while (end < tokens.size() && isShared(tokens, end - n + 1, n, set, segments)) {
            end++;
          }
          List<String> run = new ArrayList<>();
          for (int k = i; k < end; k++) {
            run.add(tokens.get(k).text);
          }
          out.add(tokens.get(i).line + ": " + String.join(joiner, run));
          i = end;
        } else {
          i++;
        }
      }
    }

    private static boolean isShared(List<Token> tokens, int from, int n, Set<Long> set, Tokens segments) {
      return (segments == null || segments.sameSegment(from, n)) && set.contains(hash(tokens, from, n));
    }

    private static long hash(List<Token> tokens, int from, int n) {
      long h = 0;
      for (int k = from; k < from + n; k++) {
        h = h * MULT + tokens.get(k).hash;
      }
      return h;
    }
  }

  /** One word or Han character, its line and its hash. */
  record Token(String text, int line, int segment, long hash) {
    static Token of(String text, int line, int segment) {
      long h = 0xcbf29ce484222325L;
      for (int i = 0; i < text.length(); i++) {
        h = (h ^ text.charAt(i)) * 0x100000001b3L;
      }
      return new Token(text, line, segment, h);
    }
  }

  /** The words (in segments that a Chinese character ends) and the Han characters of a text. */
  static final class Tokens {
    final List<Token> words = new ArrayList<>();
    final List<Token> han = new ArrayList<>();

    boolean sameSegment(int from, int n) {
      return words.get(from).segment == words.get(from + n - 1).segment;
    }

    static Tokens of(String text) {
      Tokens t = new Tokens();
      int line = 1;
      int segment = 0;
      StringBuilder word = new StringBuilder();
      int wordLine = 1;
      for (int i = 0; i < text.length(); ) {
        int cp = text.codePointAt(i);
        int width = Character.charCount(cp);
        boolean escape = cp == '\\' && i + 1 < text.length() && "nrt".indexOf(text.charAt(i + 1)) >= 0;
        boolean isHan = Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN;
        if (!escape && !isHan && Character.isLetterOrDigit(cp)) {
          if (word.length() == 0) {
            wordLine = line;
          }
          word.appendCodePoint(cp);
        } else {
          if (word.length() > 0) {
            t.words.add(Token.of(word.toString().toLowerCase(Locale.ROOT), wordLine, segment));
            word.setLength(0);
          }
          if (isHan) {
            t.han.add(Token.of(new String(Character.toChars(cp)), line, 0));
            segment++;
          }
        }
        if (cp == '\n') {
          line++;
        }
        i += escape ? 2 : width;
      }
      if (word.length() > 0) {
        t.words.add(Token.of(word.toString().toLowerCase(Locale.ROOT), wordLine, segment));
      }
      return t;
    }
  }

  /** The text of a file, or null when it is not UTF-8 text (a NUL byte or an invalid sequence). */
  static String text(byte[] bytes) {
    for (int i = 0; i < Math.min(bytes.length, 8192); i++) {
      if (bytes[i] == 0) {
        return null;
      }
    }
    try {
      return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
    } catch (CharacterCodingException e) {
      return null;
    }
  }

  /** The git work tree holding the tests' module (tests run in a module directory). */
  static Path projectRoot() {
    for (Path p = Path.of("").toAbsolutePath(); p != null; p = p.getParent()) {
      if (Files.exists(p.resolve(".git"))) {
        return p;
      }
    }
    String message = "not in a git work tree: the tracked files cannot be listed";
    if ("true".equalsIgnoreCase(System.getenv("CI"))) {
      fail(message);
    }
    assumeTrue(false, message);
    return null;
  }

  static List<String> trackedFiles(Path root) throws IOException {
    Process git = new ProcessBuilder("git", "ls-files", "-z").directory(root.toFile())
        .redirectError(ProcessBuilder.Redirect.DISCARD).start();
    byte[] out;
    try (InputStream in = git.getInputStream()) {
      out = in.readAllBytes();
    }
    try {
      if (!git.waitFor(60, TimeUnit.SECONDS) || git.exitValue() != 0) {
        fail("git ls-files failed in " + root);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      fail("interrupted while listing the tracked files");
    }
    List<String> names = new ArrayList<>();
    for (String s : new String(out, StandardCharsets.UTF_8).split("\0")) {
      if (!s.isEmpty()) {
        names.add(s);
      }
    }
    assertThat(names).as("tracked files in " + root).isNotEmpty();
    return names;
  }
}
