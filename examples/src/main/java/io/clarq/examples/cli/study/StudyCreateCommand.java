package io.clarq.examples.cli.study;

import io.clarq.serve.study.Study;
import io.clarq.serve.study.StudyHost;
import io.clarq.serve.study.StudySpec;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code clarq study create SPEC}: makes a study folder and prints one link per participant. */
@Command(
    name = "create",
    mixinStandardHelpOptions = true,
    description = {
      "Creates a study from a spec (JSON; docs/schemas/study-spec.schema.json) in STUDIES/NAME and prints one"
          + " unguessable link per participant.",
      "Give each person their own link: it is their only key. Serve the studies with `clarq study serve`."
    })
public final class StudyCreateCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(index = "0", paramLabel = "SPEC", description = "The study spec (JSON).")
  Path specFile;

  @Option(names = "--studies", paramLabel = "DIR", defaultValue = "studies",
      description = "The folder holding the studies (default: ${DEFAULT-VALUE}); the study goes into DIR/NAME.")
  Path studies;

  @Option(names = "--url", paramLabel = "URL", defaultValue = "http://127.0.0.1:7070",
      description = "The address the server will be reached at, put before each link (default: ${DEFAULT-VALUE}).")
  String url;

  @Override
  public Integer call() {
    if (!Files.isRegularFile(specFile)) {
      throw new CommandLine.ParameterException(spec.commandLine(), "SPEC " + specFile + ": no such file");
    }
    StudySpec parsed = StudySpec.read(specFile);
    try (StudyHost host = new StudyHost(studies)) {
      Study study = host.create(parsed).study();
      PrintWriter out = spec.commandLine().getOut();
      out.println("study " + study.name() + " (" + parsed.mode().key() + ") created in " + study.folder());
      String base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
      study.links().forEach((label, path) -> out.println(label + "\t" + base + path));
      out.flush();
    }
    return 0;
  }
}
