package io.clarq.examples.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.files.SettingsFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code clarq cq}: generate clarifying questions for ClariQ-FKw facets and judge them. */
@Command(
    name = "cq",
    mixinStandardHelpOptions = true,
    description = "Clarifying-question generation from facets (ClariQ-FKw): generate, then judge.",
    subcommands = {
      CqGenerateCommand.class,
      CqJudgeCommand.class,
      CqRunCommand.class,
    })
public final class CqCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }

  /** The file next to {@code out} that records the settings it was made with: {@code OUT.config.json}. */
  static Path settingsFile(Path out) {
    return out.resolveSibling(out.getFileName() + ".config.json");
  }

  /**
   * Whether to resume {@code out}: a non-empty output is resumed when it was made with the same {@code settings}
   * (recorded in {@link #settingsFile}; an output from before such files existed gets one now), and refused
   * otherwise; a new or empty output starts afresh with the settings recorded.
   *
   * @throws IllegalStateException naming the output, the settings file and every setting that differs with both
   *     values
   */
  static boolean resume(Path out, ObjectNode settings) throws IOException {
    Path sidecar = settingsFile(out);
    if (!Files.isRegularFile(out) || Files.size(out) == 0) {
      SettingsFile.record(sidecar, settings);
      return false;
    }
    List<String> diffs = SettingsFile.recordOrCompare(sidecar, settings);
    if (!diffs.isEmpty()) {
      throw new IllegalStateException(out + " was made with other settings (" + String.join("; ", diffs)
          + ", recorded in " + sidecar + "); choose another --out, or delete both files to start over");
    }
    return true;
  }

  /** Closes model clients, keeping the first failure. */
  static void closeAll(List<AutoCloseable> opened) throws Exception {
    Exception first = null;
    for (AutoCloseable c : opened) {
      try {
        c.close();
      } catch (Exception e) {
        first = first == null ? e : first;
      }
    }
    if (first != null) {
      throw first;
    }
  }
}
