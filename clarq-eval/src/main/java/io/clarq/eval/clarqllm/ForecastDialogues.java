package io.clarq.eval.clarqllm;

import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.Split;
import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.core.clarqllm.transcript.TurnRecord;
import io.clarq.core.dialogue.Speaker;
import io.clarq.datasets.clarqllm.transcript.TranscriptReader;
import io.clarq.eval.kernel.Shard;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The dialogues a {@link RunForecast} counts: those of a run's part, those of them already finished in its output
 * directory, and what a finished dialogue's turns recorded.
 */
public final class ForecastDialogues {
  private ForecastDialogues() {}

  /**
   * The dialogues of a run's part: the selected tasks of {@code tasks} times {@code trials}, the {@code shard}'s
   * share; each as "language task trial", in the run's order.
   */
  public static List<String> of(Path tasks, Collection<Language> languages, Split split, TaskSelection selection,
      int trials, Shard shard) {
    List<ClarqTask> selected = ClarqEvaluator.selectTasks(Optional.of(tasks), List.of(), List.copyOf(languages),
        split, selection);
    return shard.of(TaskTrial.of(selected, trials)).stream()
        .map(t -> key(t.task().language(), t.task().id().toString(), t.trial())).toList();
  }

  /**
   * The finished dialogues of {@code out}'s transcript (read only) that belong to {@code dialogues}; empty when there
   * is no transcript.
   */
  public static List<DialogueRecord> finishedIn(Path out, List<String> dialogues) {
    Path transcript = out.resolve(ClarqEvaluator.TRANSCRIPT);
    if (!Files.isRegularFile(transcript)) {
      return List.of();
    }
    Set<String> wanted = new HashSet<>(dialogues);
    Set<String> seen = new HashSet<>();
    List<DialogueRecord> done = new ArrayList<>();
    for (DialogueRecord r : TranscriptReader.read(transcript).records()) {
      String key = key(r.language(), r.taskId().toString(), r.trial());
      if (r.finished() && wanted.contains(key) && seen.add(key)) {
        done.add(r);
      }
    }
    return done;
  }

  private static String key(Language language, String task, int trial) {
    return language.code() + " " + task + " " + trial;
  }

  /**
   * Calls, input tokens, output tokens, cached input tokens and cache-written input tokens (the last two part of the
   * input tokens) the {@code speaker}'s turns of a dialogue recorded.
   */
  static long[] spent(DialogueRecord r, Speaker speaker) {
    long[] out = new long[5];
    List<TurnRecord> turns = r.turns();
    for (int i = 0; i < turns.size(); i++) {
      if (r.dialogue().utterances().get(i).speaker() != speaker) {
        continue;
      }
      TurnRecord t = turns.get(i);
      out[0] += t.llmCalls().orElse(0);
      t.usage().ifPresent(u -> {
        out[1] += u.promptTokens();
        out[2] += u.completionTokens();
        out[3] += u.cachedInputTokens();
        out[4] += u.cacheWriteTokens();
      });
    }
    return out;
  }
}
