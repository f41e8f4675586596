package io.clarq.examples.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine;

/** Checks of path options that say what is wrong: missing, or a folder where a file is wanted (or the reverse). */
public final class InputPaths {
  private InputPaths() {}

  /** @throws CommandLine.ParameterException "OPTION PATH: no such file" or "...: is a directory, expected a file" */
  public static void requireFile(CommandLine cl, String option, Path path) {
    if (Files.isDirectory(path)) {
      throw new CommandLine.ParameterException(cl, option + " " + path + ": is a directory, expected a file");
    }
    if (!Files.isRegularFile(path)) {
      throw new CommandLine.ParameterException(cl, option + " " + path + ": no such file");
    }
  }

  /** @throws CommandLine.ParameterException "OPTION PATH: no such directory" or "...: is a file, expected a directory" */
  public static void requireDirectory(CommandLine cl, String option, Path path) {
    if (Files.isRegularFile(path)) {
      throw new CommandLine.ParameterException(cl, option + " " + path + ": is a file, expected a directory");
    }
    if (!Files.isDirectory(path)) {
      throw new CommandLine.ParameterException(cl, option + " " + path + ": no such directory");
    }
  }
}
