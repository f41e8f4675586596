package io.clarq.retrieval.clariq.document;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Archives written the way tar writes long and non-ASCII names (PAX headers) are read entry by entry. */
class TarGzArchiveTest {
  @TempDir Path tmp;

  private Path archive(boolean truncate, String... namesAndTexts) throws IOException {
    Path file = tmp.resolve("docs.tar.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file));
        TarArchiveOutputStream tar = new TarArchiveOutputStream(out, "UTF-8")) {
      tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
      tar.putArchiveEntry(new TarArchiveEntry("collection/", TarArchiveEntry.LF_DIR));
      tar.closeArchiveEntry();
      for (int i = 0; i < namesAndTexts.length; i += 2) {
        byte[] body = namesAndTexts[i + 1].getBytes(StandardCharsets.UTF_8);
        TarArchiveEntry e = new TarArchiveEntry(namesAndTexts[i]);
        e.setSize(body.length);
        tar.putArchiveEntry(e);
        tar.write(body);
        tar.closeArchiveEntry();
      }
    }
    if (truncate) {
      byte[] all = Files.readAllBytes(file);
      Files.write(file, java.util.Arrays.copyOf(all, all.length / 2));
    }
    return file;
  }

  @Test
  void testPaxLongAndNonAsciiNames() throws IOException {
    String longName = "collection/" + "a-very-long-directory-name/".repeat(6) + "CACM-0001.html";
    Path file = archive(false, longName, "<html>first</html>", "collection/文档-2.html", "<p>second</p>");
    List<TarGzArchive.Entry> seen = new ArrayList<>();
    TarGzArchive.forEachFile(file, seen::add);
    assertThat(longName.length()).isGreaterThan(100);
    assertThat(seen).extracting(TarGzArchive.Entry::name).containsExactly(longName, "collection/文档-2.html");
    assertThat(new String(seen.get(1).content(), StandardCharsets.UTF_8)).isEqualTo("<p>second</p>");
  }

  @Test
  void testTruncatedArchiveNamesTheFile() throws IOException {
    Path file = archive(true, "collection/a.html", "x".repeat(100_000));
    assertThatThrownBy(() -> TarGzArchive.forEachFile(file, e -> { }))
        .isInstanceOf(UncheckedIOException.class).hasMessageStartingWith("cannot read archive " + file);
  }
}
