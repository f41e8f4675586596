package io.clarq.core.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
  @TempDir Path dir;

  @Test
  void testWritesWholeFileAndLeavesNoTemporaryFile() throws IOException {
    Path f = dir.resolve("a/b/out.txt");
    AtomicFiles.write(f, "first\n");
    AtomicFiles.write(f, w -> w.write("second\n"));
    assertThat(Files.readString(f)).isEqualTo("second\n");
    try (var s = Files.list(f.getParent())) {
      assertThat(s.map(p -> p.getFileName().toString())).containsExactly("out.txt");
    }
  }

  @Test
  void testFailureMidwayKeepsTheOldFileAndCleansUp() throws IOException {
    Path f = dir.resolve("out.txt");
    AtomicFiles.write(f, "old\n");
    assertThatThrownBy(() -> AtomicFiles.write(f, w -> {
      w.write("half of the new con");
      throw new IOException("disk full");
    })).isInstanceOf(UncheckedIOException.class).hasMessage("cannot write " + f + ": disk full");
    assertThat(Files.readString(f)).isEqualTo("old\n");
    try (var s = Files.list(dir)) {
      assertThat(s).hasSize(1);
    }
  }

  @Test
  void testDirectoryGivenForAFileIsNamed() throws IOException {
    Path d = Files.createDirectories(dir.resolve("results.json"));
    assertThatThrownBy(() -> AtomicFiles.write(d, "x"))
        .hasMessage("cannot write " + d + ": it is a directory");
  }

  @Test
  void testWrittenFilesFollowTheUmaskLikeAnyOtherFile() throws Exception {
    org.junit.jupiter.api.Assumptions.assumeTrue(dir.getFileSystem().supportedFileAttributeViews().contains("posix"),
        "POSIX permissions only");
    Path plain = Files.createFile(dir.resolve("plain.txt"));
    Path written = dir.resolve("results.json");
    AtomicFiles.write(written, "{}\n");
    assertThat(Files.getPosixFilePermissions(written)).isEqualTo(Files.getPosixFilePermissions(plain));
    try (var listing = Files.list(dir)) {
      assertThat(listing.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("plain.txt", "results.json");
    }
  }
}
