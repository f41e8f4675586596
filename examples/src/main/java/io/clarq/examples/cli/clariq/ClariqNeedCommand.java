package io.clarq.examples.cli.clariq;

import io.clarq.core.clariq.ClariqSplit;
import io.clarq.datasets.clariq.ClarificationNeedRunWriter;
import io.clarq.datasets.clariq.ClariqDataDir;
import io.clarq.eval.clariq.ClarificationNeedBaseline;
import io.clarq.eval.clariq.QuestionRanking;
import io.clarq.examples.cli.DataDefaults;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code clarq clariq need}: the clarification-need baseline, trained on train.tsv, run on a split. */
@Command(
    name = "need",
    mixinStandardHelpOptions = true,
    description = "Predicts clarification need (1-4) for every request of a split with the baseline (logistic"
        + " regression over surface features, trained on train.tsv) and writes a run <topic_id> <label>.")
public final class ClariqNeedCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--split", paramLabel = "train|dev|test", defaultValue = "dev", converter = ClariqEvalCommand.SplitConverter.class,
      description = "train, dev or test (test predicts test.tsv's requests); default ${DEFAULT-VALUE}")
  ClariqSplit split;

  @Option(names = "--data", paramLabel = "DIR", description = "The ClariQ data directory (train.tsv, dev.tsv, ...). Default: clariq in the data directory (clarq data"
          + " fetch clariq).")
  Path data;

  @Option(names = "--out", paramLabel = "FILE", required = true, description = "the run file to write")
  Path out;

  @Override
  public Integer call() {
    data = DataDefaults.orFetched(spec, data, "--data", "clariq", "");
    ClariqDataDir dir = new ClariqDataDir(data);
    Map<Integer, Integer> labels = ClarificationNeedBaseline.predict(
        ClarificationNeedBaseline.train(dir), QuestionRanking.requests(dir, split));
    ClarificationNeedRunWriter.write(out, labels);
    spec.commandLine().getErr().println("wrote " + labels.size() + " predictions to " + out);
    return 0;
  }
}
