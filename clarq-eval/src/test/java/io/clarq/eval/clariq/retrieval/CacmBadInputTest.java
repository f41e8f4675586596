package io.clarq.eval.clariq.retrieval;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.testing.SharedData;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** CACM inputs that used to be scored in silence, or failed with "null". */
class CacmBadInputTest {
  @TempDir Path dir;

  private Path collection(String archive, String topics) throws IOException {
    Path cacm = SharedData.require("cacm");
    Path d = Files.createDirectories(dir.resolve("cacm"));
    if (archive == null) {
      Files.createSymbolicLink(d.resolve("cacm.tar.gz"), cacm.resolve("cacm.tar.gz"));
    }
    if (topics == null) {
      Files.createSymbolicLink(d.resolve("topics.cacm.txt"), cacm.resolve("topics.cacm.txt"));
    } else {
      Files.writeString(d.resolve("topics.cacm.txt"), topics);
    }
    Files.createSymbolicLink(d.resolve("qrels.cacm.txt"), cacm.resolve("qrels.cacm.txt"));
    return d;
  }

  @Test
  void testTruncatedTopicsFileIsRefused() throws IOException {
    String topics = Files.readString(SharedData.require("cacm").resolve("topics.cacm.txt"));
    // cut after the 40th topic
    int cut = 0;
    for (int i = 0; i < 40; i++) {
      cut = topics.indexOf("</DOC>", cut) + "</DOC>".length();
    }
    Path d = collection(null, topics.substring(0, cut) + "\n");
    assertThatThrownBy(() -> CacmExperiment.open(d)).hasMessageContaining("holds 40 topics but "
        + d.resolve("qrels.cacm.txt") + " judges").hasMessageContaining("is the topics file cut short?");
  }

  @Test
  void testEmptyOrZeroByteOrEscapingArchiveIsRefused() throws IOException {
    Path d = collection("own", null);
    Files.write(d.resolve("cacm.tar.gz"), new byte[0]);
    assertThatThrownBy(() -> CacmExperiment.open(d)).hasMessage("archive " + d.resolve("cacm.tar.gz")
        + " is empty (0 bytes): expected a .tar.gz file");
    Files.write(d.resolve("cacm.tar.gz"), tarGz(List.of()));
    assertThatThrownBy(() -> CacmExperiment.open(d)).hasMessage("collection " + d.resolve("cacm.tar.gz")
        + " holds no document");
    Files.write(d.resolve("cacm.tar.gz"), tarGz(List.of("docs/CACM-0001.html", "../evil/CACM-0002.html")));
    assertThatThrownBy(() -> CacmExperiment.open(d)).hasMessage("archive " + d.resolve("cacm.tar.gz")
        + ": entry \"../evil/CACM-0002.html\" is an absolute path or climbs out of the archive with ..; refusing "
        + "the archive");
    Files.write(d.resolve("cacm.tar.gz"), tarGz(List.of("/etc/CACM-0001.html")));
    assertThatThrownBy(() -> CacmExperiment.open(d)).hasMessageContaining("\"/etc/CACM-0001.html\" is an absolute");
    Files.writeString(d.resolve("cacm.tar.gz"), "not gzip at all");
    assertThatThrownBy(() -> CacmExperiment.open(d)).hasMessageStartingWith("cannot read archive ")
        .hasMessageNotContaining("null");
  }

  /** A gzip-compressed ustar archive of small HTML files with these names (no end marker needed). */
  private static byte[] tarGz(List<String> names) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(bytes)) {
      for (String name : names) {
        byte[] content = "<html><pre>\nA DOCUMENT\n</pre></html>\n".getBytes(StandardCharsets.UTF_8);
        byte[] header = new byte[512];
        byte[] n = name.getBytes(StandardCharsets.UTF_8);
        System.arraycopy(n, 0, header, 0, n.length);
        byte[] size = String.format("%011o", content.length).getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(size, 0, header, 124, size.length);
        header[156] = '0';
        gz.write(header);
        gz.write(content);
        gz.write(new byte[512 - content.length]);
      }
      gz.write(new byte[1024]);
    }
    return bytes.toByteArray();
  }
}
