package io.clarq.core.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputLockTest {
  @TempDir Path dir;

  @Test
  void testSecondWriterIsRefusedNamingTheDirectoryAndTheHolder() {
    Path out = dir.resolve("run");
    try (OutputLock held = OutputLock.acquire(out)) {
      assertThatThrownBy(() -> OutputLock.acquire(out))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("cannot write into " + out + ": another run is writing to it (process "
              + ProcessHandle.current().pid() + ", lock " + out.resolve(OutputLock.FILE) + ")");
      // the refusal must not have dropped the holder's lock: still refused
      assertThatThrownBy(() -> OutputLock.acquire(out)).isInstanceOf(IllegalStateException.class);
    }
    try (OutputLock again = OutputLock.acquire(out)) {
      assertThat(again.directory()).isEqualTo(out.toAbsolutePath().normalize());
    }
  }

  @Test
  void testLockFileOfADeadProcessDoesNotBlock() throws IOException {
    Path out = Files.createDirectories(dir.resolve("run"));
    Files.writeString(out.resolve(OutputLock.FILE), "999999999\n");
    try (OutputLock lock = OutputLock.acquire(out)) {
      assertThat(Files.readString(out.resolve(OutputLock.FILE))).isEqualTo(ProcessHandle.current().pid() + "\n");
    }
  }

  @Test
  void testACleanFinishRemovesTheLockFile() {
    Path out = dir.resolve("run");
    try (OutputLock lock = OutputLock.acquire(out)) {
      assertThat(out.resolve(OutputLock.FILE)).exists();
    }
    assertThat(out.resolve(OutputLock.FILE)).doesNotExist();
    assertThat(out).isEmptyDirectory();
  }
}
