package io.clarq.examples.cli.clariq;

import io.clarq.core.clariq.ClariqRequest;
import io.clarq.core.clariq.ClariqSplit;
import io.clarq.datasets.clariq.ClariqDataDir;
import io.clarq.datasets.trec.RunRow;
import io.clarq.datasets.trec.TrecRunWriter;
import io.clarq.eval.clariq.QuestionRanking;
import io.clarq.examples.cli.DataDefaults;
import io.clarq.examples.cli.ProgressLine;
import io.clarq.retrieval.clariq.question.QuestionRanker;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code clarq clariq rank}: ranks the question bank for every request of a split and writes a TREC run. */
@Command(
    name = "rank",
    mixinStandardHelpOptions = true,
    description = {
      "Ranks the ClariQ question bank for every request of a split with Lucene BM25 (+ RM3 over the bank) and writes"
          + " a run <topic_id> 0 <question_id> <rank> <score> <run_id> that clarq clariq eval scores.",
      "The score column is depth - rank + 1: the official tool drops rows whose score equals an earlier row's."
    })
public final class ClariqRankCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--split", paramLabel = "train|dev|test", defaultValue = "dev", converter = ClariqEvalCommand.SplitConverter.class,
      description = "train, dev or test (test ranks test.tsv's requests); default ${DEFAULT-VALUE}")
  ClariqSplit split;

  @Option(names = "--data", paramLabel = "DIR", description = "The ClariQ data directory (train.tsv, dev.tsv, ...). Default: clariq in the data directory (clarq data"
          + " fetch clariq).")
  Path data;

  @Option(names = "--out", paramLabel = "FILE", required = true, description = "the run file to write")
  Path out;

  @Option(names = "--depth", paramLabel = "N", defaultValue = "30", description = "questions per topic (default ${DEFAULT-VALUE})")
  int depth;

  @Option(names = "--tag", paramLabel = "TAG", defaultValue = "clarq_bm25_rm3", description = "run tag (default ${DEFAULT-VALUE})")
  String tag;

  @Mixin QuestionRankerOptions ranker;

  @Override
  public Integer call() {
    data = DataDefaults.orFetched(spec, data, "--data", "clariq", "");
    if (depth <= 0) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--depth must be positive, got " + depth);
    }
    ClariqDataDir dir = new ClariqDataDir(data);
    List<ClariqRequest> requests = QuestionRanking.requests(dir, split);
    List<RunRow> rows;
    try (QuestionRanker r = new QuestionRanker(dir.questionBank(), ranker.config())) {
      ProgressLine progress = new ProgressLine(spec.commandLine().getErr(), "clariq rank: topics", requests.size(), 0);
      rows = QuestionRanking.rank(r, requests, depth, tag, request -> progress.tick());
    }
    TrecRunWriter.write(out, rows, "0", TrecRunWriter.COMPACT);
    spec.commandLine().getErr().println("wrote " + rows.size() + " lines for " + requests.size() + " topics to " + out);
    return 0;
  }
}
