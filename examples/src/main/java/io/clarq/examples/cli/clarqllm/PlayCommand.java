package io.clarq.examples.cli.clarqllm;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.metrics.DialogueScore;
import io.clarq.core.clarqllm.metrics.GoldMatch;
import io.clarq.core.clarqllm.provider.console.ConsoleProvider;
import io.clarq.core.clarqllm.seeker.EndDetection;
import io.clarq.core.clarqllm.seeker.console.ConsoleSeeker;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.clarqllm.task.TaskSet;
import io.clarq.datasets.clarqllm.ClarqLlmTasks;
import io.clarq.datasets.clarqllm.demo.DemoTasks;
import io.clarq.eval.clarqllm.ClarqEvaluator;
import io.clarq.eval.clarqllm.RunConfig;
import io.clarq.eval.clarqllm.RunResult;
import io.clarq.eval.clarqllm.TaskSelection;
import io.clarq.examples.cli.DataDefaults;
import io.clarq.examples.cli.InputPaths;
import io.clarq.examples.cli.LlmOptions;
import io.clarq.examples.cli.OldOptionNames;
import io.clarq.examples.cli.PromptOptions;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.Reader;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code clarq play}: a person plays one task in the terminal. As the seeker (default): the briefing is shown, each
 * typed line is answered by the provider, "goodbye" (any case) ends; then the verdict and the gold lines never given.
 * As the provider ({@code --as provider}, the paper's L2H setup): an LLM seeker asks, the person answers from the
 * response tree; the transcript is written and scored like any other.
 */
@Command(
    name = "play",
    mixinStandardHelpOptions = true,
    description = {
      "Play one ClarQ-LLM task as the seeker: read the briefing, type your questions to Jax, type goodbye when done.",
      "Or as the provider (--as provider --seeker SPEC): an LLM seeker asks, you answer with node ids or a typed reply.",
      "At the end: whether you succeeded and the gold lines Jax never gave you. Without --tasks the tasks come from",
      "clarq-llm/tasks in the data directory (clarq data fetch clarq-llm), else ../shared/data/clarq-llm/tasks, else",
      "from the demo tasks shipped in the jar (ids 1.0-1.9)."
    })
public final class PlayCommand implements Callable<Integer> {
  static final Path DEFAULT_TASKS = Path.of("..", "shared", "data", "clarq-llm", "tasks");

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--task", paramLabel = "TYPE.INDEX",
      description = "The task, e.g. 3.2 (required as the seeker; as the provider the default is 1.0).")
  String task;

  @Option(names = "--as", defaultValue = "seeker", paramLabel = "seeker|provider",
      description = "Whom you play: the seeker (default; --provider answers you) or the provider, the paper's L2H "
          + "setup (--seeker asks you; you answer by giving available nodes or typing a reply).")
  String role;

  @Option(names = "--seeker", paramLabel = "SPEC",
      description = "With --as provider: the LLM seeker that asks you, [comp:|chat:]MODEL-SPEC (e.g. chat:openai:gpt-4o).")
  String seekerSpec;

  @Option(names = "--lang", defaultValue = "en", paramLabel = "en|zh", description = "Language. Default: en.")
  String lang;

  @Option(names = "--provider", defaultValue = "offline", paramLabel = "offline|SPEC",
      description = "Who answers: offline (default), or a model spec (e.g. openai:gpt-4o) for the LLM provider agent.")
  String provider;

  @Mixin LlmOptions llm;

  @Mixin PromptOptions prompts;

  @Option(names = "--tasks", paramLabel = "DIR",
      description = "The ClarQ-LLM tasks (the folder holding English/ and Chinese/, or one language's folder).")
  Path tasks;

  @Option(names = "--out", paramLabel = "DIR",
      description = "Where the transcript goes. Default: a new folder under the system's temporary directory.")
  Path output;

  /** The old name of {@code --out}, taken exactly like it; not both. */
  @Option(names = "--output", hidden = true, paramLabel = "DIR")
  Path oldOutput;

  /** The person's typing; the terminal unless a test sets it. */
  public Reader in = new InputStreamReader(System.in, Charset.defaultCharset());

  @Override
  public Integer call() throws Exception {
    output = OldOptionNames.resolve(spec, "--out", output, "--output", oldOutput);
    CommandLine cl = spec.commandLine();
    boolean asProvider = switch (role) {
      case "seeker" -> false;
      case "provider" -> true;
      default -> throw new CommandLine.ParameterException(cl, "--as " + role + ": expected seeker or provider");
    };
    if (task == null && !asProvider) {
      throw new CommandLine.ParameterException(cl, "give --task TYPE.INDEX, e.g. --task 3.2");
    }
    if (asProvider == (seekerSpec == null)) {
      throw new CommandLine.ParameterException(cl, asProvider ? "--as provider needs --seeker SPEC, the LLM seeker"
          + " that asks you" : "--seeker is for --as provider");
    }
    TaskId id = parse(cl, "--task", task == null ? "1.0" : task, TaskId::parse);
    Language language = parse(cl, "--lang", lang, Language::parse);
    io.clarq.core.prompt.PromptPack pack = prompts.pack(cl, Optional.ofNullable(tasks != null ? tasks
        : defaultTasks()));
    if (asProvider || !provider.trim().equals("offline")) {
      PromptOptions.announce(pack, cl.getErr());   // an LLM agent speaks from the pack
    }
    List<AutoCloseable> closing = new java.util.ArrayList<>();
    try {
      if (asProvider) {
        return play(cl, id, language, pack, RunRoles.llmSeeker(cl, "--seeker", seekerSpec, llm, closing),
            new ConsoleProvider(in, cl.getOut(), l -> pack.fixed("opening", l)));
      }
      return play(cl, id, language, pack, new ConsoleSeeker(in, cl.getOut()),
          ProviderChoice.single(cl, provider, llm, closing));
    } finally {
      for (AutoCloseable c : closing) {
        c.close();
      }
    }
  }

  private int play(CommandLine cl, TaskId id, Language language, io.clarq.core.prompt.PromptPack pack,
      io.clarq.core.clarqllm.seeker.SeekerAgent seeker,
      io.clarq.core.clarqllm.provider.ProviderAgent agent) throws Exception {
    // a person seeker may end with any "bye"; an LLM seeker is held to the reference's end rule
    EndDetection end = seeker instanceof ConsoleSeeker ? EndDetection.LENIENT : EndDetection.REFERENCE;
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
        .seeker(seeker)
        .provider(agent)
        .prompts(pack)
        .judge(Judge.none())
        .endDetection(end)
        .concurrency(1)
        .output(output != null ? output : Files.createTempDirectory("clarq-play-"))
        .build());
    report(out, played, result);
    return result.complete() ? 0 : 1;
  }

  private static void report(PrintWriter out, ClarqTask task, RunResult result) {
    out.println();
    List<DialogueScore> scores = result.scores(task.language());
    if (result.failed().stream().anyMatch(r -> r.error().orElse("").contains(ConsoleSeeker.Abandoned.MESSAGE))) {
      out.println("The dialogue was abandoned: your input ended before you said goodbye, so it is not scored"
          + " (say goodbye to end a dialogue). Transcript: " + result.transcript());
      out.flush();
      return;
    }
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
      InputPaths.requireDirectory(cl, "--tasks", tasks);
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
