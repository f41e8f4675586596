package io.clarq.examples.cli;

import io.clarq.datasets.clarqllm.reference.ClarqLlmReference;
import io.clarq.datasets.clarqllm.verdict.VerdictFile;
import io.clarq.datasets.fetch.DataDirectory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * Paths a command reads when the option naming them is not given: the matching folder of a fetched data set in the
 * data directory ({@code $CLARQ_DATA}, else {@code ~/.clarq/data}); when it is not there either, the error says which
 * {@code clarq data fetch} brings it.
 */
public final class DataDefaults {
  private DataDefaults() {}

  /** The data directory of this command line (the root command holds it). */
  public static DataDirectory directory(CommandSpec spec) {
    Object root = spec.root().userObject();
    return root instanceof ClarqCommand c ? c.dataDirectory() : DataDirectory.ofEnvironment();
  }

  /**
   * What to do about a data set missing from the data directory: the fetch command, the directory looked in, and how a
   * folder fetched with {@code --dir} is found ({@code CLARQ_DATA}), for every error about missing data.
   */
  public static String fetchAdvice(CommandSpec spec, String dataSet) {
    return "run `clarq data fetch " + dataSet + "` (data directory " + directory(spec).root() + "; data fetched"
        + " with `clarq data fetch --dir DIR` is found by every other command with " + DataDirectory.ENV + "=DIR)";
  }

  /**
   * {@code given} if the option was given, else {@code relative} below the data set's folder.
   *
   * @throws CommandLine.ParameterException naming the option, the data directory and the fetch command to run
   */
  public static Path orFetched(CommandSpec spec, Path given, String option, String dataSet, String relative) {
    if (given != null) {
      return given;
    }
    Path folder = directory(spec).folder(dataSet);
    Path p = relative.isEmpty() ? folder : folder.resolve(relative);
    if (!Files.exists(p)) {
      throw new CommandLine.ParameterException(spec.commandLine(), option + " not given, and " + p
          + " does not exist: " + fetchAdvice(spec, dataSet) + ", or give " + option);
    }
    return p;
  }

  /**
   * The verdicts of the paper's GPT-4o judge that {@code clarq data fetch clarq-llm-reference} derived, when one of
   * {@code scored} is a published run fetched into the data directory ({@code clarq-llm/transcripts/}): those are the
   * dialogues the verdicts were given on.
   */
  public static Optional<Path> referenceVerdicts(CommandSpec spec, Collection<Path> scored) {
    DataDirectory dir = directory(spec);
    Path published = dir.folder("clarq-llm").resolve("transcripts").toAbsolutePath().normalize();
    boolean any = scored.stream().anyMatch(p -> p.toAbsolutePath().normalize().startsWith(published));
    return any ? ClarqLlmReference.verdicts(dir) : Optional.empty();
  }

  /**
   * Says on stderr that the derived reference verdicts are replayed, since no --verdicts was given: the paper's
   * GPT-4o judge only when they still are the paper's verdicts, else that the file was modified since the fetch.
   */
  public static void announceVerdicts(CommandSpec spec, Path verdicts) {
    boolean paper = ClarqLlmReference.verdictsLabel(verdicts, VerdictFile.read(verdicts))
        .filter(ClarqLlmReference.PAPER_JUDGE::equals).isPresent();
    spec.commandLine().getErr().println("verdicts: " + verdicts + (paper ? " (" + ClarqLlmReference.PAPER_JUDGE
        + ", derived by `clarq data fetch " + ClarqLlmReference.DATA_SET + "`; give --verdicts to replay others)"
        : " (MODIFIED since `clarq data fetch " + ClarqLlmReference.DATA_SET + "` derived it: NOT "
            + ClarqLlmReference.PAPER_JUDGE + "'s verdicts, so the figures are not the paper's; `clarq data verify`"
            + " names the change, `clarq data fetch " + ClarqLlmReference.DATA_SET + "` derives the file again)"));
    spec.commandLine().getErr().flush();
  }

  /**
   * A published ClarQ-LLM run by file or by name: an existing path is taken as it is; otherwise a name such as
   * {@code provider.Chat.En} or the results file's name is looked up in the fetched {@code clarq-llm/transcripts/}.
   */
  public static Path publishedRun(CommandSpec spec, Path given, String option) {
    if (given == null || Files.exists(given) || given.getParent() != null) {
      return given;
    }
    Path dir = directory(spec).folder("clarq-llm").resolve("transcripts");
    String name = given.toString();
    for (String candidate : new String[] {name, name + ".json", "l2l_GPT-4o_seeker_vs_GPT-4o_" + name + ".json"}) {
      Path p = dir.resolve(candidate);
      if (Files.isRegularFile(p)) {
        return p;
      }
    }
    if (!Files.isDirectory(dir)) {
      throw new CommandLine.ParameterException(spec.commandLine(), option + " " + given + ": no such file, and no"
          + " published runs in " + dir + ": " + fetchAdvice(spec, "clarq-llm"));
    }
    return given;
  }
}
