package io.clarq.examples.cli.clarqllm;

import io.clarq.core.prompt.PromptPack;
import io.clarq.eval.clarqllm.conformance.ConformanceCheck;
import io.clarq.eval.clarqllm.conformance.ConformanceReport;
import io.clarq.examples.cli.PromptOptions;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code clarq conformance}: replays reference traces against clarq's provider, seekers and judge with a prompt pack
 * and reports whether every request and decision is the reference's. Exit 0 only when every record passed.
 */
@Command(
    name = "conformance",
    mixinStandardHelpOptions = true,
    description = {
      "Checks that clarq's ClarQ-LLM agents send exactly the requests of the paper's code and take its decisions.",
      "Each recorded reply is served only for a byte-identical request, in order; every utterance, transcript, stop"
          + " and judge result must equal the recorded one. Exit 0 only when every record passed."
    })
public final class ConformanceCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(arity = "0..*", paramLabel = "TRACES",
      description = "Trace files (*.jsonl.gz) or directories of them (also as --traces).")
  List<Path> positional = List.of();

  @Option(names = "--traces", paramLabel = "PATH", arity = "1..*",
      description = "Trace files (*.jsonl.gz) or directories of them.")
  List<Path> traces = List.of();

  @Option(names = "--tasks", required = true, paramLabel = "DIR",
      description = "The ClarQ-LLM tasks: the folder holding English/ and Chinese/.")
  Path tasks;

  @Option(names = "--prompts", paramLabel = "DIR",
      description = "The prompt pack to check (default: reference-prompts/ beside the tasks folder, else the pack "
          + "`clarq data fetch clarq-llm-reference` derived in the data directory).")
  Path prompts;

  @Option(names = "--json", description = "Print one JSON object instead of the text report.")
  boolean json;

  @Override
  public Integer call() {
    List<Path> all = new java.util.ArrayList<>(traces);
    all.addAll(positional);
    if (all.isEmpty()) {
      throw new CommandLine.ParameterException(spec.commandLine(), "give the trace files or directories to replay");
    }
    Path packDir = prompts != null ? prompts : PromptOptions.reference(spec.commandLine(), Optional.of(tasks))
        .orElseThrow(() -> new CommandLine.ParameterException(spec.commandLine(), "no --prompts given, no "
            + PromptPack.REFERENCE_FOLDER + "/ beside " + tasks + ", and none in the data directory: run `clarq "
            + "data fetch clarq-llm-reference`"));
    PromptPack pack = PromptPack.load(packDir);
    PrintWriter err = spec.commandLine().getErr();
    int[] done = {0};
    ConformanceReport report = ConformanceCheck.run(all, tasks, pack, o -> {
      done[0]++;
      if (done[0] % 20 == 0) {
        err.printf(java.util.Locale.ROOT, "replayed %d records%n", done[0]);
        err.flush();
      }
    });
    PrintWriter out = spec.commandLine().getOut();
    out.print(json ? report.json() : report.text());
    out.flush();
    return report.allPassed() ? 0 : 1;
  }
}
