package io.clarq.core.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TextFilesTest {
  @TempDir Path tmp;

  @Test
  void testReadsUtf8AndNamesTheLineOfABadByte() throws IOException {
    Path file = tmp.resolve("a.txt");
    Files.writeString(file, "first\nsecond caf\u00e9\n", StandardCharsets.UTF_8);
    assertThat(TextFiles.readUtf8(file)).isEqualTo("first\nsecond caf\u00e9\n");
    Files.write(file, "first\nsecond caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
    assertThatThrownBy(() -> TextFiles.readUtf8(file))
        .hasMessage(file + ", line 2: not UTF-8 (byte 0xE9 at byte 11 of the line); save the file as UTF-8");
  }

  @Test
  void testACutCharacterInATornLastLineIsLeftToTheCaller() throws IOException {
    Path file = tmp.resolve("t.jsonl");
    byte[] whole = "{\"a\": 1}\n{\"b\": \"\u91d1".getBytes(StandardCharsets.UTF_8);
    Files.write(file, java.util.Arrays.copyOf(whole, whole.length - 1)); // the last character cut in two
    assertThat(TextFiles.readUtf8(file, true)).startsWith("{\"a\": 1}\n{\"b\": \"").endsWith("\ufffd");
    assertThatThrownBy(() -> TextFiles.readUtf8(file)).hasMessageStartingWith(file + ", line 2: not UTF-8");
  }

  @Test
  void testDirectoryAndMissingFileAreNamed() {
    assertThatThrownBy(() -> TextFiles.readUtf8(tmp)).hasMessage(tmp + ": is a directory, expected a file");
    Path missing = tmp.resolve("missing.txt");
    assertThatThrownBy(() -> TextFiles.readUtf8(missing)).hasMessage(missing + ": no such file");
  }

  @Test
  void testProblemNamesTheFileOnce() {
    Path f = tmp.resolve("x.tsv");
    assertThat(TextFiles.problem(f, new AccessDeniedException(f.toString()))).isEqualTo(f + ": permission denied");
    assertThat(TextFiles.problem(f, new IOException(f + ", line 3: broken"))).isEqualTo(f + ", line 3: broken");
    assertThat(TextFiles.problem(f, new IOException("broken"))).isEqualTo(f + ": broken");
  }
}
