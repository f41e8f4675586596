package io.clarq.examples.cli.mediq;

import io.clarq.eval.mediq.MediqFigures;
import io.clarq.eval.mediq.MediqOutcome;
import io.clarq.eval.mediq.MediqOutputFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code clarq mediq evaluate}: the figures of output files of the reference MediQ benchmark. */
@Command(
    name = "evaluate",
    mixinStandardHelpOptions = true,
    description = {
      "Scores output files of the reference MediQ benchmark (its --output_filename): accuracy with its 95% Wilson"
          + " interval, timeout rate and average turns, with the reference's definitions, per file and over all."
    })
public final class MediqEvaluateCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(arity = "1..*", paramLabel = "FILE", description = "Output files of the reference benchmark (JSON Lines).")
  List<Path> files;

  @Option(names = "--max-questions", defaultValue = "30", paramLabel = "N",
      description = "The run's question cap (--max_questions), which timeouts are judged against."
          + " Default: ${DEFAULT-VALUE}.")
  int maxQuestions;

  @Override
  public Integer call() throws IOException {
    PrintWriter out = spec.commandLine().getOut();
    List<MediqOutcome> all = new ArrayList<>();
    for (Path f : files) {
      if (!Files.isRegularFile(f)) {
        throw new CommandLine.ParameterException(spec.commandLine(), "no file " + f);
      }
      List<MediqOutcome> outcomes;
      try {
        outcomes = MediqOutputFile.read(f, maxQuestions);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
      }
      out.println(line(f.getFileName().toString(), MediqFigures.of(outcomes)));
      all.addAll(outcomes);
    }
    if (files.size() > 1) {
      out.println(line("all", MediqFigures.of(all)));
    }
    out.flush();
    return 0;
  }

  static String line(String name, MediqFigures f) {
    return String.format(Locale.ROOT, "%s: %d cases, accuracy %d/%d = %.4f [%.4f, %.4f], timeout rate %d/%d = %.4f,"
        + " avg. turns %.4f", name, f.cases(), f.correct(), f.cases(), f.accuracy().value(),
        f.accuracy().interval().lower(), f.accuracy().interval().upper(), f.timeouts(), f.cases(), f.timeoutRate(),
        f.averageTurns());
  }
}
