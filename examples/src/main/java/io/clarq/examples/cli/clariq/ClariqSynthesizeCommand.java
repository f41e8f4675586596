package io.clarq.examples.cli.clariq;

import io.clarq.core.clariq.ClariqSplit;
import io.clarq.datasets.clariq.ClariqDataDir;
import io.clarq.datasets.clariq.SyntheticConversationsJsonl;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.SortedMap;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code clarq clariq synthesize}: ClariQ's synthetic multi-turn conversations as JSON Lines. */
@Command(
    name = "synthesize",
    mixinStandardHelpOptions = true,
    description = {
      "Writes ClariQ's synthetic multi-turn conversations of a split as JSON Lines: for every facet, every ordered"
          + " choice of --turns distinct questions asked about it (Q00001 \"ask no question\" left out), each with the"
          + " answer that facet's user gave.",
      "Order: topics and facets in file order, then length, then question positions; prints the count per length."
    })
public final class ClariqSynthesizeCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--data", paramLabel = "DIR", required = true, description = "the ClariQ data directory")
  Path data;

  @Option(names = "--split", paramLabel = "train|dev|test", defaultValue = "train", converter = ClariqEvalCommand.SplitConverter.class,
      description = "train, dev or test (test reads test_with_labels.tsv); default ${DEFAULT-VALUE}")
  ClariqSplit split;

  @Option(names = "--turns", paramLabel = "N[,N...]", defaultValue = "2,3", split = ",",
      description = "conversation lengths in exchanges, comma-separated; default ${DEFAULT-VALUE}")
  List<Integer> turns;

  @Option(names = "--out", paramLabel = "FILE", required = true, description = "the JSON Lines file to write (replaced only when complete)")
  Path out;

  @Override
  public Integer call() {
    if (turns.stream().anyMatch(t -> t < 1)) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--turns must be at least 1, got " + turns);
    }
    SortedMap<Integer, Long> counts =
        SyntheticConversationsJsonl.write(out, split, new ClariqDataDir(data).topics(split), turns);
    PrintWriter o = spec.commandLine().getOut();
    long total = 0;
    for (int t : new java.util.TreeSet<>(turns)) {
      long n = counts.getOrDefault(t, 0L);
      total += n;
      o.println(String.format(Locale.ROOT, "%s %d turns: %,d", split.id(), t, n));
    }
    o.println(String.format(Locale.ROOT, "%s total: %,d", split.id(), total));
    o.flush();
    spec.commandLine().getErr().println("wrote " + total + " conversations to " + out);
    return 0;
  }
}
