package io.clarq.examples.cli;

import io.clarq.core.clarqllm.judge.Judge;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * {@code --tasks}, {@code --verdicts} and {@code --judge}: how the commands that read finished runs ({@code compare},
 * {@code leaderboard}) score a RUN given as a transcript file or a published run by name.
 */
public final class RecordedRunOptions {
  @Option(names = "--tasks", paramLabel = "DIR", description = "The tasks transcript files were played on. Default"
      + " when a RUN is a file: clarq-llm/tasks in the data directory (clarq data fetch clarq-llm).")
  Path tasks;

  @Option(names = "--verdicts", paramLabel = "FILE", description = "Replay these judge verdicts when scoring files."
      + " Default when a RUN is a published run in the data directory: the paper's GPT-4o verdicts, when `clarq data"
      + " fetch clarq-llm-reference` has derived them.")
  Path verdicts;

  @Option(names = "--judge", paramLabel = "offline|none", defaultValue = "none", converter = OfflineJudgeChoice.class,
      description = "Who decides what --verdicts cannot when scoring files (default: ${DEFAULT-VALUE}).")
  Judge judge;

  /** The runs, loaded and scored as these options say ({@link CompareCommand#loadRuns}). */
  CompareCommand.LoadedRuns load(CommandLine.Model.CommandSpec spec, List<Path> runs) throws Exception {
    return CompareCommand.loadRuns(spec, runs, tasks, verdicts, judge);
  }
}
