package io.clarq.examples.cli.clarqllm;

import io.clarq.eval.report.RunReport;
import io.clarq.examples.cli.InputPaths;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code clarq report RUN_DIR}: (re)writes the HTML report of a finished run from its directory alone. */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    description = {
      "Writes RUN_DIR/report.html for a finished ClarQ-LLM run (clarq run or clarq demo output): one self-contained",
      "page with the figures and their intervals, the judge, per-language, per-type and per-gold-lines tables, charts,",
      "the failed, unjudged and unscored dialogues, and every dialogue as a chat. Reads results.json and",
      "transcripts.jsonl only; nothing is re-scored."
    })
public final class ReportCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(paramLabel = "RUN_DIR", description = "The run's output directory.")
  Path runDir;

  @Override
  public Integer call() {
    InputPaths.requireDirectory(spec.commandLine(), "RUN_DIR", runDir);
    Path page = RunReport.write(runDir);
    PrintWriter out = spec.commandLine().getOut();
    out.println("report: " + page);
    out.flush();
    return 0;
  }
}
