package io.clarq.examples.cli.mediq;

import io.clarq.core.prompt.PromptPack;
import io.clarq.datasets.mediq.MediqReferencePack;
import io.clarq.eval.mediq.MediqConformance;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code clarq mediq conformance}: replays the MediQ reference traces against clarq's reference experts and patients
 * with the prompt pack derived from the reference code; one line per file and a total; exit 0 only when every case
 * of every file matched.
 */
@Command(
    name = "conformance",
    mixinStandardHelpOptions = true,
    description = {
      "Checks that clarq's MediQ experts and patients send exactly the requests of the reference code and reach its"
          + " outcomes.",
      "Each recorded reply is served only for a byte-identical request, in order; each case's letter, questions,"
          + " answers, intermediate choices, timeout, facts, confidences and token counts must be the reference's."
          + " Exit 0 only when every case of every file matched."
    })
public final class MediqConformanceCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--traces", required = true, paramLabel = "DIR",
      description = "The folder of trace files (*.jsonl.gz), e.g. ../shared/data/mediq/reference-traces.")
  Path traces;

  @Option(names = "--upstream", paramLabel = "DIR",
      description = "The MediQ reference code (holding src/prompts.py and src/patient.py at commit faa2ce6), from"
          + " which the prompt pack is derived (default: upstream/ beside the trace folder, else mediq/upstream/ of the"
          + " data directory after `clarq data fetch mediq`).")
  Path upstream;

  @Override
  public Integer call() throws IOException {
    Path code = upstream != null ? upstream : traces.toAbsolutePath().getParent().resolve("upstream");
    if (upstream == null && !Files.isDirectory(code)) {
      Object root = spec.root().userObject();
      code = (root instanceof io.clarq.examples.cli.ClarqCommand c ? c.dataDirectory()
          : io.clarq.datasets.fetch.DataDirectory.ofEnvironment()).folder(MediqReferencePack.DATA_SET)
          .resolve(MediqReferencePack.UPSTREAM);
    }
    if (!Files.isDirectory(code)) {
      throw new CommandLine.ParameterException(spec.commandLine(), "no MediQ reference code at " + code
          + "; give it with --upstream DIR");
    }
    PromptPack pack;
    try {
      pack = MediqReferencePack.load(code);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    List<Path> files;
    try {
      files = MediqConformance.traceFiles(traces);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
    }
    PrintWriter out = spec.commandLine().getOut();
    int passed = 0;
    int cases = 0;
    int casesPassed = 0;
    long requests = 0;
    for (Path f : files) {
      MediqConformance.FileResult r = MediqConformance.check(f, pack);
      out.println(r.line());
      out.flush();
      passed += r.passed() ? 1 : 0;
      cases += r.cases().size();
      casesPassed += (int) r.cases().stream().filter(MediqConformance.CaseResult::passed).count();
      requests += r.requests();
    }
    out.printf(Locale.ROOT, "%s: %d/%d files, %d/%d cases, %d requests (pack %s)%n",
        passed == files.size() ? "PASS" : "FAIL", passed, files.size(), casesPassed, cases, requests, pack.id());
    out.flush();
    return passed == files.size() ? 0 : 1;
  }
}
