package io.clarq.examples.cli.clariq;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code clarq retrieval}: document retrieval experiments (retrieval-based document relevance). */
@Command(
    name = "retrieval",
    mixinStandardHelpOptions = true,
    description = "Document retrieval with Lucene (BM25, query likelihood, RM3) scored with trec_eval's measures.",
    subcommands = {
      RetrievalEvalCommand.class,
    })
public final class RetrievalCommand implements Runnable {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
