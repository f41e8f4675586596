package io.clarq.examples.cli;

import io.clarq.core.transcript.DialogueRecord;
import io.clarq.core.judge.Judge;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.usage.MeteredLlmClient;
import io.clarq.core.provider.ProviderAgent;
import io.clarq.core.provider.llm.LlmProviderAgent;
import io.clarq.core.seeker.EndDetection;
import io.clarq.core.seeker.SeekerAgent;
import io.clarq.core.seeker.console.ConsoleSeeker;
import io.clarq.core.seeker.llm.LlmSeeker;
import io.clarq.core.task.Language;
import io.clarq.core.task.Split;
import io.clarq.eval.evaluate.VerdictCacheJudge;
import io.clarq.eval.run.ClarqEvaluator;
import io.clarq.eval.run.RunConfig;
import io.clarq.eval.run.RunListener;
import io.clarq.eval.run.RunProgress;
import io.clarq.eval.run.RunResult;
import io.clarq.eval.run.TaskSelection;
import io.clarq.eval.run.TurnUsage;
import io.clarq.retrieval.provider.OfflineProvider;
import io.clarq.retrieval.provider.OfflineProviderSettings;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code clarq run}: plays the ClarQ-LLM benchmark between a seeker and a provider, writes transcripts, results and
 * a summary, and resumes an interrupted run in the same output directory.
 */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    header = "Runs the ClarQ-LLM benchmark: your seeker against a provider; resumable.",
    description = {
      "Runs the ClarQ-LLM benchmark: a seeker asks a provider about each task; transcripts.jsonl, results.json and",
      "summary.md go to --out. Rerun the same command to resume: finished dialogues are kept, failed ones retried.",
      "Progress is printed to stderr."
    })
public final class RunCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Mixin LlmOptions llm;

  @Option(names = "--seeker", required = true, paramLabel = "SPEC",
      description = "The seeker: [comp:|chat:]MODEL-SPEC for the paper's baseline LLM seeker in Completion (default)"
          + " or Chat mode, e.g. chat:openai:gpt-4o; or 'console' to play it yourself.")
  String seekerSpec;

  @Option(names = "--provider", required = true, paramLabel = "SPEC",
      description = "The provider: a model spec (openai:gpt-4o, or a base URL) for the LLM provider agent, or "
          + "'offline' for the provider that needs no model (clarq-retrieval's offline provider).")
  String providerSpec;

  @Option(names = "--multi-info", description = "The multi-info provider: several answerable lines in one reply.")
  boolean multiInfo;

  @Option(names = "--lang", paramLabel = "en|zh|both", defaultValue = "en",
      description = "Languages to run (default: ${DEFAULT-VALUE}).")
  String lang;

  @Option(names = "--split", paramLabel = "test|dev", defaultValue = "test",
      description = "Task split (default: ${DEFAULT-VALUE}, the 260 tasks per language of the benchmark).")
  String split;

  @Option(names = "--select", paramLabel = "LIST", defaultValue = "",
      description = "Only these tasks: types (3), type ranges (3-5) or tasks (3.2), comma-separated.")
  String select;

  @Option(names = "--tasks", paramLabel = "DIR",
      description = "The ClarQ-LLM tasks: the folder holding English/ and Chinese/, or one language's folder."
          + " Default: clarq-llm/tasks in the data directory (clarq data fetch clarq-llm).")
  Path tasks;

  @Option(names = "--out", required = true, paramLabel = "DIR", description = "The output directory.")
  Path out;

  @Option(names = "--concurrency", paramLabel = "N", defaultValue = "4",
      description = "Dialogues in flight (default: ${DEFAULT-VALUE}; 1 with the console seeker).")
  int concurrency;

  @Option(names = "--max-seeker-turns", paramLabel = "N", defaultValue = "12",
      description = "Seeker utterances before the dialogue is cut (default: ${DEFAULT-VALUE}, the reference's).")
  int maxSeekerTurns;

  @Option(names = "--lenient-end", description = "End on any 'goodbye'/'bye' in any case, not only the reference's"
      + " case-sensitive 'Goodbye'.")
  boolean lenientEnd;

  @Option(names = "--verdicts", paramLabel = "FILE", description = "Judge leftover gold lines by replaying this "
      + "verdict file (e.g. clarq-llm/judge-verdicts.jsonl); without it they are reported unjudged.")
  Path verdicts;

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    tasks = DataDefaults.orFetched(spec, tasks, "--tasks", "clarq-llm", "tasks");
    checkArguments(cl);
    List<AutoCloseable> closing = new ArrayList<>();
    try {
      SeekerAgent seeker = seeker(cl, closing);
      ProviderAgent provider = provider(cl, closing);
      Judge judge = Judge.none();
      if (verdicts != null) {
        VerdictCacheJudge v = VerdictCacheJudge.readOnly(verdicts, Judge.none());
        closing.add(v);
        judge = v;
      }
      PrintWriter err = cl.getErr();
      RunResult result = ClarqEvaluator.run(RunConfig.builder()
          .tasks(tasks)
          .languages(languages(cl))
          .split(parse(cl, "--split", split, Split::parse))
          .selection(parse(cl, "--select", select, TaskSelection::parse))
          .seeker(seeker)
          .provider(provider)
          .judge(judge)
          .maxSeekerTurns(maxSeekerTurns)
          .endDetection(lenientEnd ? EndDetection.LENIENT : EndDetection.REFERENCE)
          .concurrency(seeker instanceof ConsoleSeeker ? 1 : concurrency)
          .output(out)
          .listener(progressTo(err))
          .build());
      PrintWriter stdout = cl.getOut();
      stdout.print(result.summary());
      stdout.println("transcripts: " + result.transcript());
      stdout.println("results:     " + result.results());
      if (llm.usage().calls() > 0) {
        stdout.println("model usage: " + llm.usageSummary());
      }
      stdout.flush();
      if (!result.failed().isEmpty()) {
        throw new IllegalStateException(result.failed().size() + " dialogue(s) failed (listed in "
            + result.summaryFile() + "); rerun the same command to retry them");
      }
      return 0;
    } finally {
      for (int i = closing.size() - 1; i >= 0; i--) {
        closing.get(i).close();
      }
    }
  }

  private SeekerAgent seeker(CommandLine cl, List<AutoCloseable> closing) {
    if (seekerSpec.equals("console")) {
      return new ConsoleSeeker(new InputStreamReader(System.in, StandardCharsets.UTF_8), cl.getOut());
    }
    LlmSeeker.Mode mode = LlmSeeker.Mode.COMPLETION;
    String modelSpec = seekerSpec;
    for (LlmSeeker.Mode m : LlmSeeker.Mode.values()) {
      if (seekerSpec.startsWith(m.shortName() + ":")) {
        mode = m;
        modelSpec = seekerSpec.substring(m.shortName().length() + 1);
      }
    }
    return new LlmSeeker(client(cl, "--seeker", modelSpec, closing), mode, llm.spec(cl, "--seeker", modelSpec).model());
  }

  private ProviderAgent provider(CommandLine cl, List<AutoCloseable> closing) {
    if (providerSpec.equals("offline")) {
      return new OfflineProvider(OfflineProviderSettings.DEFAULTS.withMultiInfo(multiInfo));
    }
    return LlmProviderAgent.builder(client(cl, "--provider", providerSpec, closing))
        .model(llm.spec(cl, "--provider", providerSpec).model()).multiInfo(multiInfo).build();
  }

  /** A client from the shared LLM options, also reporting each reply to the runner's per-turn usage. */
  private LlmClient client(CommandLine cl, String option, String specText, List<AutoCloseable> closing) {
    LlmClient c = new MeteredLlmClient(llm.client(cl, option, specText), TurnUsage.listener());
    closing.add(c);
    return c;
  }

  private EnumSet<Language> languages(CommandLine cl) {
    switch (lang.toLowerCase(Locale.ROOT)) {
      case "both":
        return EnumSet.allOf(Language.class);
      default:
        return EnumSet.of(parse(cl, "--lang", lang, Language::parse));
    }
  }

  private void checkArguments(CommandLine cl) {
    if (!Files.isDirectory(tasks)) {
      throw new CommandLine.ParameterException(cl, "--tasks " + tasks + ": no such directory");
    }
    if (verdicts != null && !Files.isRegularFile(verdicts)) {
      throw new CommandLine.ParameterException(cl, "--verdicts " + verdicts + ": no such file");
    }
    if (concurrency < 1) {
      throw new CommandLine.ParameterException(cl, "--concurrency " + concurrency + ": must be at least 1");
    }
    if (maxSeekerTurns < 1) {
      throw new CommandLine.ParameterException(cl, "--max-seeker-turns " + maxSeekerTurns + ": must be at least 1");
    }
  }

  private static <T> T parse(CommandLine cl, String option, String text, java.util.function.Function<String, T> f) {
    try {
      return f.apply(text);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, option + ": " + e.getMessage(), e, null, text);
    }
  }

  private static RunListener progressTo(PrintWriter err) {
    return new RunListener() {
      @Override
      public void started(RunProgress p) {
        err.println("clarq run: " + p.total() + " dialogues, " + p.resumed() + " already finished");
        err.flush();
      }

      @Override
      public void dialogueDone(DialogueRecord record, RunProgress p) {
        err.println(p.line() + (record.finished() ? "" : "  [" + record.language().code() + " " + record.taskId()
            + " failed: " + record.error().orElse("") + "]"));
        err.flush();
      }
    };
  }
}
