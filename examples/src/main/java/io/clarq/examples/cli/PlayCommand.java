package io.clarq.examples.cli;

import io.clarq.core.judge.Judge;
import io.clarq.core.metrics.DialogueScore;
import io.clarq.core.metrics.GoldMatch;
import io.clarq.core.seeker.EndDetection;
import io.clarq.core.seeker.console.ConsoleSeeker;
import io.clarq.core.task.ClarqTask;
import io.clarq.core.task.Language;
import io.clarq.core.task.TaskId;
import io.clarq.core.task.TaskSet;
import io.clarq.datasets.clarqllm.ClarqLlmTasks;
import io.clarq.eval.run.ClarqEvaluator;
import io.clarq.eval.run.RunConfig;
import io.clarq.eval.run.RunResult;
import io.clarq.eval.run.TaskSelection;
import io.clarq.datasets.demo.DemoTasks;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.Reader;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code clarq play}: a person is the seeker of one task in the terminal. The briefing is shown, each typed line is
 * answered by the provider, "goodbye" (any case) ends; then the verdict and the gold lines never given.
 */
@Command(
    name = "play",
    mixinStandardHelpOptions = true,
    description = {
      "Play one ClarQ-LLM task as the seeker: read the briefing, type your questions to Jax, type goodbye when done.",
      "At the end: whether you succeeded and the gold lines Jax never gave you. Without --tasks the tasks come from",
      "clarq-llm/tasks in the data directory (clarq data fetch clarq-llm), else ../shared/data/clarq-llm/tasks, else",
      "from the demo tasks shipped in the jar (ids 1.0-1.9)."
    })
public final class PlayCommand implements Callable<Integer> {
  static final Path DEFAULT_TASKS = Path.of("..", "shared", "data", "clarq-llm", "tasks");

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--task", required = true, paramLabel = "TYPE.INDEX", description = "The task, e.g. 3.2.")
  String task;

  @Option(names = "--lang", defaultValue = "en", paramLabel = "en|zh", description = "Language. Default: en.")
  String lang;

  @Option(names = "--provider", defaultValue = "offline", paramLabel = "offline|SPEC",
      description = "Who answers: offline (default), or a model spec (e.g. openai:gpt-4o) for the LLM provider agent.")
  String provider;

  @Mixin LlmOptions llm;

  @Option(names = "--tasks", paramLabel = "DIR",
      description = "The ClarQ-LLM tasks (the folder holding English/ and Chinese/, or one language's folder).")
  Path tasks;

  @Option(names = "--out", paramLabel = "DIR",
      description = "Where the transcript goes. Default: a new folder under the system's temporary directory.")
  Path output;

  /** The old name of {@code --out}, still accepted. */
  @Option(names = "--output", hidden = true, paramLabel = "DIR")
  void output(Path dir) {
    output = dir;
  }

  /** The person's typing; the terminal unless a test sets it. */
  Reader in = new InputStreamReader(System.in, Charset.defaultCharset());

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    TaskId id = parse(cl, "--task", task, TaskId::parse);
    Language language = parse(cl, "--lang", lang, Language::parse);
    List<AutoCloseable> closing = new java.util.ArrayList<>();
    try {
      return play(cl, id, language, ProviderChoice.single(cl, provider, llm, closing));
    } finally {
      for (AutoCloseable c : closing) {
        c.close();
      }
    }
  }

  private int play(CommandLine cl, TaskId id, Language language, io.clarq.core.provider.ProviderAgent agent)
      throws Exception {
    TaskSet set = taskSet(cl, language);
    ClarqTask played = set.find(id).orElseThrow(() -> new CommandLine.ParameterException(cl,
        "--task " + task + ": no such task in " + describeTasks() + " (" + set.size() + " tasks, "
            + set.tasks().get(0).id() + " to " + set.tasks().get(set.size() - 1).id() + ")"));
    PrintWriter out = cl.getOut();
    RunResult result = ClarqEvaluator.run(RunConfig.builder()
        .taskSets(List.of(set))
        .language(language)
        .split(played.split())
        .selection(TaskSelection.parse(id.toString()))
        .seeker(new ConsoleSeeker(in, out))
        .provider(agent)
        .judge(Judge.none())
        .endDetection(EndDetection.LENIENT)
        .concurrency(1)
        .output(output != null ? output : Files.createTempDirectory("clarq-play-"))
        .build());
    report(out, played, result);
    return result.complete() ? 0 : 1;
  }

  private static void report(PrintWriter out, ClarqTask task, RunResult result) {
    out.println();
    List<DialogueScore> scores = result.scores(task.language());
    if (scores.isEmpty()) {
      out.println("the dialogue could not be scored: see " + result.summaryFile());
      out.flush();
      return;
    }
    var success = scores.get(0).success();
    List<GoldMatch> missed = success.gold().stream().filter(g -> g.found() == GoldMatch.Found.LEFTOVER).toList();
    out.println(switch (success.outcome()) {
      case SUCCESS -> "Success: Jax gave you every gold line.";
      case FAILURE -> "Not a success: Jax did not give you every gold line.";
      case UNJUDGED -> "Not a success offline: gold lines are missing, and only a judge could credit your other"
          + " replies with them.";
    });
    if (!missed.isEmpty()) {
      out.println("Gold lines you did not get:");
      missed.forEach(g -> out.println("  " + g.node() + ": " + task.tree().node(g.node()).text()));
    }
    out.printf(Locale.ROOT, "AQD %d; transcript: %s%n", scores.get(0).aqd(), result.transcript());
    out.flush();
  }

  private TaskSet taskSet(CommandLine cl, Language language) {
    if (tasks != null) {
      if (!Files.isDirectory(tasks)) {
        throw new CommandLine.ParameterException(cl, "--tasks " + tasks + ": no such directory");
      }
      return ClarqLlmTasks.load(tasks, language);
    }
    Path found = defaultTasks();
    return found != null ? ClarqLlmTasks.load(found, language) : DemoTasks.load(language);
  }

  // fetched tasks first, then the reference copy beside the project; null: the demo tasks
  private Path defaultTasks() {
    Path fetched = DataDefaults.directory(spec).folder("clarq-llm").resolve("tasks");
    return Files.isDirectory(fetched) ? fetched : Files.isDirectory(DEFAULT_TASKS) ? DEFAULT_TASKS : null;
  }

  private String describeTasks() {
    Path found = tasks != null ? tasks : defaultTasks();
    return found != null ? found.toString() : "the demo tasks";
  }

  private static <T> T parse(CommandLine cl, String option, String value, java.util.function.Function<String, T> f) {
    try {
      return f.apply(value);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, option + " " + value + ": " + e.getMessage());
    }
  }
}
