package io.clarq.examples.cli;

import io.clarq.core.prompt.PromptPack;
import io.clarq.datasets.clarqllm.reference.ClarqLlmReference;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The {@code --prompts DIR} option every command with an LLM-backed ClarQ-LLM agent shares ({@code @Mixin
 * PromptOptions prompts;}): the prompt pack, else the reference pack beside the tasks folder, else clarq's own.
 */
public final class PromptOptions {
  @Option(names = "--prompts", paramLabel = "DIR",
      description = "The prompt pack for the LLM provider, seekers and judge: a folder in the layout of "
          + "clarq-llm/reference-prompts (the paper's prompts), or 'clarq' for clarq's own. Default: "
          + "reference-prompts/ beside the tasks folder when there is one, else the pack `clarq data fetch "
          + "clarq-llm-reference` derived in the data directory, else clarq's own (figures not comparable with the "
          + "paper's).")
  Path prompts;

  /**
   * The pack: {@code --prompts}, else the reference pack beside {@code tasks} (when given), else the one derived by
   * {@code clarq data fetch clarq-llm-reference} in the data directory, else clarq's own.
   */
  public PromptPack pack(CommandLine cl, Optional<Path> tasks) {
    if (prompts != null && prompts.toString().equals("clarq") && !Files.exists(prompts)) {
      return PromptPack.clarq();
    }
    if (prompts != null) {
      InputPaths.requireDirectory(cl, "--prompts", prompts);
      try {
        return PromptPack.load(prompts);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.ParameterException(cl, "--prompts " + prompts + ": " + e.getMessage());
      }
    }
    return reference(cl, tasks).map(PromptPack::load).orElseGet(PromptPack::clarq);
  }

  /** The reference pack's folder: beside {@code tasks}, else derived in the data directory. */
  public static Optional<Path> reference(CommandLine cl, Optional<Path> tasks) {
    return tasks.flatMap(PromptPack::besideTasks)
        .or(() -> ClarqLlmReference.prompts(DataDefaults.directory(cl.getCommandSpec())));
  }

  /** Says on {@code err} which pack is in use and whether figures are comparable with the paper's. */
  public static void announce(PromptPack pack, PrintWriter err) {
    err.println("prompt pack: " + pack.id() + " from " + pack.source() + (pack.comparableWithPaper()
        ? " (the paper's prompts and decisions: figures comparable with its tables)"
        : " (NOT the paper's reference pack: figures are not comparable with its tables; run `clarq data fetch "
            + ClarqLlmReference.DATA_SET + "` or give --prompts with " + PromptPack.REFERENCE_FOLDER
            + "/ for comparable ones)"));
    err.flush();
  }
}
