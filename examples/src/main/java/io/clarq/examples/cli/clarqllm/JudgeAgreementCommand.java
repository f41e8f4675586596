package io.clarq.examples.cli.clarqllm;

import io.clarq.core.clarqllm.judge.offline.OfflineJudge;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskSet;
import io.clarq.datasets.clarqllm.ClarqLlmTasks;
import io.clarq.datasets.clarqllm.verdict.VerdictFile;
import io.clarq.datasets.clarqllm.verdict.VerdictRecord;
import io.clarq.eval.clarqllm.evaluate.CoverageCrossValidation;
import io.clarq.eval.clarqllm.evaluate.JudgeAgreement;
import io.clarq.examples.cli.DataDefaults;
import io.clarq.examples.cli.InputPaths;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code clarq judge-agreement}: how often the offline judge gives the verdicts a reference judge recorded. */
@Command(
    name = "judge-agreement",
    mixinStandardHelpOptions = true,
    description = {
      "Asks the offline judge every question of a verdict file (e.g. clarq-llm/judge-verdicts.jsonl, the 560 GPT-4o",
      "verdicts) and prints its agreement overall, per language, on the recorded \"match\" verdicts, and its false",
      "matches (recorded \"no\", offline \"match\"). With --cross-validate K it also chooses the coverage by K-fold",
      "cross-validation, folds by task (the tasks of --tasks), and prints the agreement on the held-out folds."
    })
public final class JudgeAgreementCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--verdicts", required = true, paramLabel = "FILE", description = "The recorded verdicts.")
  Path verdicts;

  @Option(names = "--coverage", paramLabel = "SHARE", defaultValue = "0.8",
      description = "Share of the gold line's content terms one leftover line must hold (default: ${DEFAULT-VALUE}).")
  double coverage;

  @Option(names = "--cross-validate", paramLabel = "K",
      description = "Also choose the coverage (0.05 to 1.00 in steps of 0.05) by K-fold cross-validation with folds by"
          + " task, and print the held-out agreement and the coverage each fold chose.")
  Integer folds;

  @Option(names = "--tasks", paramLabel = "DIR", description = "The ClarQ-LLM tasks the verdicts' gold lines come from,"
      + " to fold by task (default: the tasks folder beside the verdict file, else clarq-llm/tasks in the data"
      + " directory).")
  Path tasks;

  @Option(names = "--seed", defaultValue = "8848", paramLabel = "N",
      description = "Seed of the shuffle that deals tasks to folds (default: ${DEFAULT-VALUE}).")
  long seed;

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    InputPaths.requireFile(cl, "--verdicts", verdicts);
    if (!(coverage > 0 && coverage <= 1)) {
      throw new CommandLine.ParameterException(cl, "--coverage " + coverage + ": must be in (0, 1]");
    }
    List<VerdictRecord> recorded = VerdictFile.read(verdicts);
    List<TaskSet> taskSets = new ArrayList<>();
    if (folds != null) {
      Path beside = verdicts.toAbsolutePath().resolveSibling("tasks");
      tasks = tasks == null && Files.isDirectory(beside) ? beside
          : DataDefaults.orFetched(spec, tasks, "--tasks", "clarq-llm", "tasks");
      if (!Files.isDirectory(tasks)) {
        throw new CommandLine.ParameterException(cl, "--tasks " + tasks + ": no such directory");
      }
      for (Language l : Language.values()) {
        taskSets.add(ClarqLlmTasks.load(tasks, l));
      }
    }
    JudgeAgreement a = JudgeAgreement.measure(new OfflineJudge(coverage), recorded);
    PrintWriter out = cl.getOut();
    out.printf(Locale.ROOT, "judge %s against %s%n", a.judge(), verdicts.getFileName());
    out.printf(Locale.ROOT, "  %-8s %s%n", "all", a.all());
    new TreeMap<>(a.byLanguage()).forEach((Language l, JudgeAgreement.Tally t) ->
        out.printf(Locale.ROOT, "  %-8s %s%n", l.directoryName(), t));
    if (folds != null) {
      CoverageCrossValidation cv;
      try {
        cv = CoverageCrossValidation.run(recorded, taskSets, folds, seed);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.ParameterException(cl, "--cross-validate " + folds + ": " + e.getMessage(), e);
      }
      out.printf(Locale.ROOT, "cross-validated coverage (%d folds by task, seed %d): %s%n", folds, seed, cv);
    }
    out.flush();
    return 0;
  }
}
