package io.clarq.examples.demo;

import io.clarq.core.task.Language;
import io.clarq.core.task.TaskSet;
import io.clarq.datasets.clarqllm.ClarqLlmTasks;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The demo tasks: ten short errands in English and the same ten in Chinese ("Village Errands"), original content in
 * the ClarQ-LLM task-file format (trees of depth 1 to 3, with purposes). They ship as resources and are read with the
 * ClarQ-LLM loader like any task file.
 */
public final class DemoTasks {
  /** The task file's name in each language's resource folder. */
  public static final String FILE = "1._Village_Errands.json";

  private DemoTasks() {}

  /** The demo tasks of a language. */
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
}
