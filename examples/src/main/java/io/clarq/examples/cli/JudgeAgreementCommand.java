package io.clarq.examples.cli;

import io.clarq.core.judge.offline.OfflineJudge;
import io.clarq.core.task.Language;
import io.clarq.datasets.verdict.VerdictFile;
import io.clarq.eval.evaluate.JudgeAgreement;
import java.io.PrintWriter;
import java.nio.file.Path;
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
      "matches (recorded \"no\", offline \"match\")."
    })
public final class JudgeAgreementCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--verdicts", required = true, paramLabel = "FILE", description = "The recorded verdicts.")
  Path verdicts;

  @Option(names = "--coverage", paramLabel = "SHARE", defaultValue = "0.8",
      description = "Share of the gold line's content terms one leftover line must hold (default: ${DEFAULT-VALUE}).")
  double coverage;

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    InputPaths.requireFile(cl, "--verdicts", verdicts);
    if (!(coverage > 0 && coverage <= 1)) {
      throw new CommandLine.ParameterException(cl, "--coverage " + coverage + ": must be in (0, 1]");
    }
    JudgeAgreement a = JudgeAgreement.measure(new OfflineJudge(coverage), VerdictFile.read(verdicts));
    PrintWriter out = cl.getOut();
    out.printf(Locale.ROOT, "judge %s against %s%n", a.judge(), verdicts.getFileName());
    out.printf(Locale.ROOT, "  %-8s %s%n", "all", a.all());
    new TreeMap<>(a.byLanguage()).forEach((Language l, JudgeAgreement.Tally t) ->
        out.printf(Locale.ROOT, "  %-8s %s%n", l.directoryName(), t));
    out.flush();
    return 0;
  }
}
