package io.clarq.core.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Sections of the docs that code writes: the text between {@code <!-- generated: SPEC -->} and
 * {@code <!-- end generated -->} (each marker on a line of its own) is what a generator gives for SPEC. A check
 * regenerates every section whose SPEC a generator knows and lists the files where the text differs; with the system
 * property {@code clarq.docs.write=true} it rewrites them instead (the command each check's failure message prints).
 */
public final class GeneratedDocs {
  /** The opening marker's prefix; the SPEC follows up to {@code -->}. */
  public static final String OPEN = "<!-- generated: ";
  /** The closing marker. */
  public static final String CLOSE = "<!-- end generated -->";
  /** The system property that makes a check rewrite the docs instead of failing. */
  public static final String WRITE_PROPERTY = "clarq.docs.write";

  private GeneratedDocs() {}

  /** The repository root: the working directory's parent when tests run in a module, else the working directory. */
  public static Path repositoryRoot() {
    Path here = Path.of("").toAbsolutePath();
    for (Path p = here; p != null; p = p.getParent()) {
      if (Files.isDirectory(p.resolve("docs")) && Files.isRegularFile(p.resolve("pom.xml"))) {
        return p;
      }
    }
    throw new IllegalStateException("no repository root (a folder with docs/ and pom.xml) above " + here);
  }

  /** README.md and every Markdown file under docs/. */
  public static List<Path> markdownFiles(Path root) {
    List<Path> files = new ArrayList<>();
    files.add(root.resolve("README.md"));
    try (Stream<Path> s = Files.walk(root.resolve("docs"))) {
      s.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return files;
  }

  /**
   * {@code text} with every generated section whose SPEC {@code generator} knows (gives non-null for) replaced by
   * what it gives now; the others are left as they are.
   *
   * @throws IllegalArgumentException naming the file and line of a marker that is not closed
   */
  public static String regenerate(String file, String text, Function<String, String> generator) {
    StringBuilder out = new StringBuilder();
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      out.append(line);
      if (i < lines.length - 1) {
        out.append('\n');
      }
      String spec = spec(line);
      if (spec == null) {
        continue;
      }
      int end = i + 1;
      while (end < lines.length && !lines[end].strip().equals(CLOSE)) {
        if (spec(lines[end]) != null) {
          break;
        }
        end++;
      }
      if (end >= lines.length || !lines[end].strip().equals(CLOSE)) {
        throw new IllegalArgumentException(file + ":" + (i + 1) + ": '" + line.strip() + "' has no '" + CLOSE
            + "' before the next generated section or the end of the file; add it after the section");
      }
      String fresh = generator.apply(spec);
      if (fresh == null) {
        continue; // another check's section: copied as it is by the loop
      }
      out.append(fresh.endsWith("\n") ? fresh : fresh + "\n");
      i = end - 1;
    }
    return out.toString();
  }

  /**
   * Regenerates the sections {@code generator} knows in {@code files} and returns the files whose text differs
   * (relative to {@code root}); with {@code -Dclarq.docs.write=true} writes the new text to them first.
   */
  public static List<String> check(Path root, List<Path> files, Function<String, String> generator) {
    boolean write = Boolean.getBoolean(WRITE_PROPERTY);
    List<String> stale = new ArrayList<>();
    for (Path f : files) {
      try {
        String text = Files.readString(f, StandardCharsets.UTF_8);
        String fresh = regenerate(root.relativize(f).toString(), text, generator);
        if (!fresh.equals(text)) {
          stale.add(root.relativize(f) + firstDifference(text, fresh));
          if (write) {
            Files.writeString(f, fresh, StandardCharsets.UTF_8);
          }
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + f + ": " + e.getMessage(), e);
      }
    }
    return write ? List.of() : stale;
  }

  /** The SPEC of an opening marker line, or null. */
  static String spec(String line) {
    String s = line.strip();
    if (!s.startsWith(OPEN) || !s.endsWith("-->")) {
      return null;
    }
    return s.substring(OPEN.length(), s.length() - 3).strip();
  }

  private static String firstDifference(String was, String now) {
    String[] a = was.split("\n", -1);
    String[] b = now.split("\n", -1);
    for (int i = 0; i < Math.max(a.length, b.length); i++) {
      String x = i < a.length ? a[i] : "(end of file)";
      String y = i < b.length ? b[i] : "(end of file)";
      if (!x.equals(y)) {
        return " (line " + (i + 1) + " is\n    " + x + "\n  and should be\n    " + y + ")";
      }
    }
    return "";
  }
}
