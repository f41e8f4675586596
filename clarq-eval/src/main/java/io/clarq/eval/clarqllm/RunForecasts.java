package io.clarq.eval.clarqllm;

import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.Split;
import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.eval.kernel.Shard;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The forecast of a run's settings, as {@code clarq run} makes it before it plays (and {@code --dry-run} prints it):
 * the run's dialogues, those of them already finished in its output directory, and the basis: the run's own finished
 * dialogues when there are any, else the published basis. Both the published basis and the dialogues are kept
 * between runs in a {@link ForecastCache}; the basis is read while the tasks are.
 *
 * <pre>{@code
 * RunForecast f = RunForecasts.of(new RunForecasts.Request(tasks, Optional.empty(), List.of(Language.ENGLISH),
 *     Split.TEST, TaskSelection.ALL, 1, Shard.ALL, out, false, 12, models), ForecastCache.ofEnvironment());
 * }</pre>
 */
public final class RunForecasts {
  private RunForecasts() {}

  /**
   * What a run's forecast depends on.
   *
   * @param tasks the ClarQ-LLM tasks folder
   * @param data the clarq-llm data folder holding transcripts/ (the published runs); empty: the nearest folder above
   *     {@code tasks} that holds it ({@link #dataNear})
   * @param out the run's output directory (read only: its finished dialogues)
   * @param models the models that play the roles ("" where none does)
   */
  public record Request(Path tasks, Optional<Path> data, List<Language> languages, Split split,
      TaskSelection selection, int trials, Shard shard, Path out, boolean multiInfo, int maxSeekerTurns,
      RunForecast.Models models) {
    public Request {
      Objects.requireNonNull(tasks, "tasks");
      Objects.requireNonNull(data, "data");
      languages = List.copyOf(languages);
      Objects.requireNonNull(split, "split");
      Objects.requireNonNull(selection, "selection");
      Objects.requireNonNull(shard, "shard");
      Objects.requireNonNull(out, "out");
      Objects.requireNonNull(models, "models");
      if (trials < 1 || maxSeekerTurns < 1) {
        throw new IllegalArgumentException("illegal forecast request: " + trials + " trials, " + maxSeekerTurns
            + " seeker turns; both must be at least 1");
      }
    }
  }

  /** No folder holds the published runs the forecast needs; the message says which folder was looked for. */
  public static final class NoForecastData extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    NoForecastData(String message) {
      super(message);
    }
  }

  /**
   * The forecast a run shows before it starts: {@link #of}, or, when it cannot be made (no published runs, a file
   * that cannot be read), empty with the reason given to {@code note}, since a run goes on without its forecast. A
   * dry run ({@code required}), whose only output is the forecast, throws instead.
   *
   * @throws NoForecastData when {@code required} and there is no folder of published runs
   * @throws RuntimeException when {@code required} and the forecast cannot be made, saying why
   */
  public static Optional<RunForecast> forRun(Request request, ForecastCache cache, boolean required,
      java.util.function.Consumer<String> note) {
    try {
      return Optional.of(of(request, cache));
    } catch (RuntimeException e) {
      if (required) {
        throw e;
      }
      note.accept(e.getMessage());
      return Optional.empty();
    }
  }

  /**
   * The forecast of {@code request}'s run, with what it reads kept in {@code cache}.
   *
   * @throws NoForecastData when there is no folder of published runs
   * @throws RuntimeException when the tasks, the published runs or the output's transcript cannot be read, saying why
   */
  public static RunForecast of(Request request, ForecastCache cache) {
    Optional<Path> data = request.data().isPresent() ? request.data() : dataNear(request.tasks());
    if (data.isEmpty()) {
      throw new NoForecastData("no folder above --tasks " + request.tasks() + " holds transcripts/");
    }
    if (!Files.isDirectory(data.get())) {
      throw new NoForecastData("--forecast-data " + data.get() + ": not a directory");
    }
    Path clarqLlm = data.get();
    CompletableFuture<RunForecast.Basis> basisRead = CompletableFuture.supplyAsync(
        () -> cache.published(clarqLlm, request.multiInfo(), request.maxSeekerTurns()), r -> {
          Thread t = new Thread(r, "clarq-forecast");
          t.setDaemon(true);
          t.start();
        });
    List<String> dialogues = cache.dialogues(request.tasks(), request.languages(), request.split(),
        request.selection(), request.trials(), request.shard());
    RunForecast.Basis published = joined(basisRead);
    List<DialogueRecord> done = ForecastDialogues.finishedIn(request.out(), dialogues);
    RunForecast.Basis basis = ResumedBasis.of(done, published).orElse(published);
    return RunForecast.of(dialogues.size(), done, basis, request.models());
  }

  private static <T> T joined(CompletableFuture<T> future) {
    try {
      return future.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      throw e;
    }
  }

  /**
   * The nearest folder above {@code tasks} (up to three levels) holding transcripts/ (the published runs), as
   * {@code clarq data fetch clarq-llm} lays it out.
   */
  public static Optional<Path> dataNear(Path tasks) {
    Path p = tasks.toAbsolutePath().normalize();
    for (int i = 0; i < 3 && p != null; i++, p = p.getParent()) {
      if (Files.isDirectory(p.resolve("transcripts"))) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }
}
