package io.clarq.datasets.clarqllm;

import io.clarq.core.clarqllm.task.Language;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What {@code --tasks DIR} may name: the folder holding {@code English/} and {@code Chinese/}, or one language's
 * folder of task files. Every command resolves its tasks through here, so both forms work everywhere.
 */
public final class TasksDirectory {
  private TasksDirectory() {}

  /**
   * The folder of task files for a language.
   *
   * @throws IllegalArgumentException naming the folder when it does not exist, holds the other language, or
   *     holds neither language folders nor task files
   */
  public static Path resolve(Path dir, Language language) {
    requireDirectory(dir);
    Path sub = dir.resolve(language.directoryName());
    if (Files.isDirectory(sub)) {
      return sub;
    }
    if (!hasTaskFiles(dir)) {
      throw new IllegalArgumentException("tasks directory " + dir + " holds neither " + language.directoryName()
          + "/ nor task files named N._Type_Name.json");
    }
    Optional<Language> named = languageOfName(dir);
    if (named.isPresent() && named.get() != language) {
      throw new IllegalArgumentException("tasks directory " + dir + " holds the " + named.get().directoryName()
          + " tasks, but " + language.directoryName() + " tasks are needed (give the folder holding English/ and"
          + " Chinese/, or " + language.directoryName() + "/ itself)");
    }
    return dir;
  }

  /**
   * The languages a tasks directory offers: those of its {@code English/} and {@code Chinese/} folders, or the one
   * language of a folder of task files (from the folder's name, else from the texts).
   */
  public static Set<Language> languages(Path dir) {
    requireDirectory(dir);
    Set<Language> out = EnumSet.noneOf(Language.class);
    for (Language l : Language.values()) {
      if (Files.isDirectory(dir.resolve(l.directoryName()))) {
        out.add(l);
      }
    }
    if (!out.isEmpty()) {
      return out;
    }
    if (!hasTaskFiles(dir)) {
      throw new IllegalArgumentException("tasks directory " + dir
          + " holds neither English/ nor Chinese/ nor task files named N._Type_Name.json");
    }
    return EnumSet.of(languageOfName(dir).orElseGet(() -> ClarqLlmTasks.detectLanguage(dir)));
  }

  /** The task files of a language folder, by name; files of another shape are ignored. */
  static List<Path> taskFiles(Path dir) {
    try (Stream<Path> s = Files.list(dir)) {
      List<Path> out = new ArrayList<>();
      s.filter(p -> Files.isRegularFile(p) && TaskFileName.parse(p.getFileName().toString()).isPresent())
          .sorted()
          .forEach(out::add);
      return out;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list tasks directory " + dir + ": " + e.getMessage(), e);
    }
  }

  private static boolean hasTaskFiles(Path dir) {
    return !taskFiles(dir).isEmpty();
  }

  private static Optional<Language> languageOfName(Path dir) {
    Path name = dir.toAbsolutePath().normalize().getFileName();
    if (name == null) {
      return Optional.empty();
    }
    for (Language l : Language.values()) {
      if (l.directoryName().equalsIgnoreCase(name.toString())) {
        return Optional.of(l);
      }
    }
    return Optional.empty();
  }

  private static void requireDirectory(Path dir) {
    if (!Files.isDirectory(dir)) {
      throw new IllegalArgumentException("tasks directory " + dir + " does not exist or is not a directory");
    }
  }
}
