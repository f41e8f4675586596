package io.clarq.eval.clarqllm.conformance;

import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskSet;
import io.clarq.core.prompt.PromptPack;
import io.clarq.datasets.clarqllm.ClarqLlmTasks;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Checks clarq's agents against reference traces (reference-traces/README.md): each record is replayed with the
 * pack, every recorded reply served only for a byte-identical request in order, and every provider utterance,
 * seeker line, transcript, stop and judge result compared with the recorded one.
 *
 * <pre>{@code
 * ConformanceReport r = ConformanceCheck.run(List.of(Path.of("../shared/data/clarq-llm/reference-traces")),
 *     Path.of("../shared/data/clarq-llm/tasks"), PromptPack.load(Path.of("../shared/data/clarq-llm/reference-prompts")),
 *     outcome -> {});
 * r.allPassed();   // true when clarq sends exactly the reference's requests
 * }</pre>
 */
public final class ConformanceCheck {
  private ConformanceCheck() {}

  /**
   * @param traces trace files, or directories of {@code *.jsonl.gz}
   * @param tasks the folder holding {@code English/} and {@code Chinese/}
   * @param pack the prompt pack to check
   * @param progress hears each record's outcome as it is replayed
   * @throws IllegalArgumentException naming the file and line of a malformed trace, or a missing task
   */
  public static ConformanceReport run(List<Path> traces, Path tasks, PromptPack pack,
      Consumer<RecordOutcome> progress) {
    Objects.requireNonNull(pack, "pack");
    Map<Language, TaskSet> sets = new EnumMap<>(Language.class);
    TraceReplayer replayer = new TraceReplayer(r -> task(sets, tasks, r), pack);
    List<RecordOutcome> outcomes = new ArrayList<>();
    for (Path file : TraceFiles.expand(traces)) {
      for (TraceRecord r : TraceFiles.read(file)) {
        RecordOutcome o = replayer.replay(file.getFileName().toString(), r);
        outcomes.add(o);
        progress.accept(o);
      }
    }
    return new ConformanceReport(pack.id(), outcomes);
  }

  private static ClarqTask task(Map<Language, TaskSet> sets, Path tasks, TraceRecord r) {
    TaskSet set = sets.computeIfAbsent(r.language(), l -> ClarqLlmTasks.load(tasks, l));
    return set.find(r.task()).orElseThrow(() -> new IllegalArgumentException("trace " + r.traceId() + ": no task "
        + r.task() + " in " + tasks + " (" + r.language().code() + ")"));
  }
}
