package io.clarq.datasets.clarqllm.demo;

import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskSet;
import io.clarq.datasets.clarqllm.ClarqLlmTasks;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * The demo tasks: ten short errands in English and the same ten in Chinese ("Village Errands", ids 1.0-1.9), original
 * content written for clarq in the ClarQ-LLM task-file format (response trees of depth 1 to 3, every gold line with a
 * purpose). They ship in this jar, so a seeker can be tried with no data set on disk:
 *
 * <pre>{@code
 * RunResult result = ClarqEvaluator.run(RunConfig.builder()
 *     .taskSets(DemoTasks.all()).languages(DemoTasks.languages())
 *     .seeker(mySeeker).provider(new OfflineProvider())
 *     .output(Path.of("runs/demo")).build());
 * }</pre>
 */
public final class DemoTasks {
  /** The task file's name in each language's resource folder. */
  public static final String FILE = "1._Village_Errands.json";

  private DemoTasks() {}

  /** The demo tasks of a language (10 tasks, type 1, test split). */
  public static TaskSet load(Language language) {
    String resource = "tasks/" + language.directoryName() + "/" + FILE;
    try (InputStream in = DemoTasks.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("demo task resource " + resource + " is missing from the jar");
      }
      // the loader reads files; a jar entry is copied out first and removed at once
      Path dir = Files.createTempDirectory("clarq-demo-tasks");
      Path file = dir.resolve(FILE);
      try {
        Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
        return new TaskSet(language, ClarqLlmTasks.loadFile(file, language));
      } finally {
        Files.deleteIfExists(file);
        Files.deleteIfExists(dir);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read demo task resource " + resource + ": " + e.getMessage(), e);
    }
  }

  /**
   * Copies a language's demo task file ({@value #FILE}) to {@code target}, as it ships. The resource is read here,
   * inside this module: on the module path another module cannot read it through {@code DemoTasks.class} (its
   * package is exported, not opened).
   *
   * @throws java.nio.file.FileAlreadyExistsException when {@code target} exists
   * @throws IOException when it cannot be written
   */
  public static void copyFile(Language language, Path target) throws IOException {
    String resource = "tasks/" + language.directoryName() + "/" + FILE;
    try (InputStream in = DemoTasks.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException("demo task resource " + resource + " is missing from the jar");
      }
      Files.copy(in, target);
    }
  }

  /** The demo tasks of both languages, English first. */
  public static List<TaskSet> all() {
    return List.of(load(Language.ENGLISH), load(Language.CHINESE));
  }

  /** The languages of {@link #all()}. */
  public static Set<Language> languages() {
    return EnumSet.allOf(Language.class);
  }
}
