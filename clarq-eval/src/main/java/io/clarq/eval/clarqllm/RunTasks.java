package io.clarq.eval.clarqllm;

import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.Split;
import io.clarq.core.clarqllm.task.TaskSet;
import io.clarq.eval.kernel.Shard;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Which ClarQ-LLM tasks a {@link RunConfig} plays: where they come from (a tasks folder, or task sets already
 * loaded), in which languages, from which split, which of the split's tasks, and which shard of that selection.
 *
 * @param directory the folder holding English/ and Chinese/ (or one language's folder), when tasks are read from disk
 * @param sets task sets given already loaded; used when there is no directory
 * @param languages the languages to play
 * @param split the split the tasks come from
 * @param selection which of the split's tasks
 * @param shard which part of the selection
 */
record RunTasks(Optional<Path> directory, List<TaskSet> sets, Set<Language> languages, Split split,
    TaskSelection selection, Shard shard) {
  RunTasks {
    Objects.requireNonNull(directory, "directory");
    sets = List.copyOf(sets);
    languages = Set.copyOf(languages);
    Objects.requireNonNull(split, "split");
    Objects.requireNonNull(selection, "selection");
    Objects.requireNonNull(shard, "shard");
  }

  /** The languages, English before Chinese. */
  List<Language> languagesInOrder() {
    List<Language> out = new ArrayList<>();
    for (Language l : Language.values()) {
      if (languages.contains(l)) {
        out.add(l);
      }
    }
    return out;
  }

  /** The tasks' source in a line: the folder, or how many task sets were given. */
  String describe() {
    return directory.map(Path::toString).orElse(sets.size() + " task sets");
  }
}
