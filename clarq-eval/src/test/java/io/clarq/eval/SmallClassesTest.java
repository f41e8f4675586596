package io.clarq.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The house rule of {@code docs/style.md}: a source file past about 400 lines is two things. Every main source file of
 * the library modules ({@link ApiPackagesTest#API}'s) and of examples must keep to {@link #MAX_LINES}; a file that
 * grows past it is split, a coherent piece moved into a class of its own.
 */
class SmallClassesTest {
  static final int MAX_LINES = 400;

  @Test
  void testNoMainSourceFileExceedsTheLineLimit() throws IOException {
    List<String> offenders = new ArrayList<>();
    List<String> modules = new ArrayList<>(new TreeSet<>(ApiPackagesTest.API.keySet()));
    modules.add("examples");
    for (String module : modules) {
      Path sources = ApiPackagesTest.root().resolve(module).resolve("src/main/java");
      assertThat(sources).as("main sources of %s", module).isDirectory();
      try (Stream<Path> files = Files.walk(sources)) {
        files.filter(f -> f.toString().endsWith(".java")).sorted().forEach(f -> {
          int lines = lineCount(f);
          if (lines > MAX_LINES) {
            offenders.add(ApiPackagesTest.root().relativize(f) + ": " + lines + " lines");
          }
        });
      }
    }
    assertThat(offenders).as("main source files over %d lines (split each: move a coherent piece into a class of"
        + " its own)", MAX_LINES).isEmpty();
  }

  @Test
  void testLinesAreCountedAsWcCountsThem(@TempDir Path dir) throws IOException {
    Path f = dir.resolve("A.java");
    Files.writeString(f, "class A {\n\n}\n", StandardCharsets.UTF_8);
    assertThat(lineCount(f)).isEqualTo(3);
  }

  private static int lineCount(Path file) {
    try {
      return Files.readAllLines(file, StandardCharsets.UTF_8).size();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }
}
