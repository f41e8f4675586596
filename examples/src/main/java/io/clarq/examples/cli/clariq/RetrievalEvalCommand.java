package io.clarq.examples.cli.clariq;

import io.clarq.core.clariq.ConversationTurn;
import io.clarq.core.ir.ScoredItem;
import io.clarq.datasets.clariq.ClarificationsTsv;
import io.clarq.datasets.trec.TrecRunWriter;
import io.clarq.eval.clariq.retrieval.CacmExperiment;
import io.clarq.eval.clariq.retrieval.RetrievalScores;
import io.clarq.eval.clariq.retrieval.RetrievalSetup;
import io.clarq.eval.clariq.retrieval.TrecEvaluation;
import io.clarq.examples.cli.DataDefaults;
import io.clarq.examples.cli.ParsingConverter;
import io.clarq.retrieval.clariq.document.ClarifiedQuery;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code clarq retrieval eval}: index a collection, run a model over its topics, score with trec_eval's measures. */
@Command(
    name = "eval",
    mixinStandardHelpOptions = true,
    description = {
      "Indexes a TREC-style collection, retrieves 1000 documents per topic and prints MAP, P@5/10/30, nDCG@10/20 and"
          + " MRR as trec_eval computes them (CACM reproduces Anserini's published Lucene regression), and beside"
          + " them ClariQ's document-relevance measures under the official tool's names (NDCG3 first, NDCG1/5/10/20,"
          + " P1/3/5/10/20, MRR100, MAP), computed as `clarq cq run` computes them for ClariQ.",
      "With --clarifications, each topic's query is its text expanded with a clarifying question and the user's"
          + " answer, as in ClariQ's document-relevance task."
    })
public final class RetrievalEvalCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--collection", paramLabel = "NAME", required = true, description = "the collection: cacm")
  String collection;

  @Option(names = "--data", paramLabel = "DIR",
      description = "The collection directory (cacm: cacm.tar.gz, topics.cacm.txt, qrels.cacm.txt). Default: cacm"
          + " in the data directory (clarq data fetch cacm).")
  Path data;

  @Option(names = "--model", paramLabel = "MODEL", defaultValue = "bm25", converter = ModelConverter.class,
      description = "bm25, ql, bm25+rm3 or ql+rm3 (default ${DEFAULT-VALUE})")
  RetrievalSetup model;

  @Option(names = "--clarifications", paramLabel = "FILE", description = "TSV topic_id<TAB>question<TAB>answer (with header) expanding"
      + " the topics' queries")
  Path clarifications;

  @Option(names = "--run", paramLabel = "FILE", description = "also write the run (trec_eval format)")
  Path run;

  @Option(names = "--json", description = "print the means as JSON")
  boolean json;

  @Override
  public Integer call() {
    data = DataDefaults.orFetched(spec, data, "--data", "cacm", "");
    if (!collection.equals("cacm")) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          "unknown collection \"" + collection + "\": expected cacm");
    }
    try (CacmExperiment cacm = CacmExperiment.open(data)) {
      Map<String, String> queries = new LinkedHashMap<>();
      if (clarifications != null) {
        for (Map.Entry<String, ConversationTurn> e : ClarificationsTsv.read(clarifications).entrySet()) {
          String topic = cacm.topics().get(e.getKey());
          if (topic == null) {
            throw new IllegalArgumentException("clarifications file " + clarifications + ": topic " + e.getKey()
                + " is not a topic of the collection");
          }
          queries.put(e.getKey(), new ClarifiedQuery(topic, e.getValue().question(), e.getValue().answer()).text());
        }
      }
      Map<String, List<ScoredItem>> hits = cacm.run(model.model(), model.rm3(), queries);
      List<String> measures = new ArrayList<>(TrecEvaluation.MEASURES);
      measures.addAll(TrecEvaluation.CLARIQ_MEASURES);
      RetrievalScores scores = TrecEvaluation.score(model.id(), hits, cacm.qrels(), measures);
      if (run != null) {
        TrecRunWriter.write(run, CacmExperiment.runRows(hits, "clarq_" + model.id()), "Q0", TrecRunWriter.SIX_DECIMALS);
      }
      PrintWriter out = spec.commandLine().getOut();
      // every output says what the figures rest on
      String figures = scores.json();
      out.print(json ? figures.substring(0, figures.length() - 1) + ", \"documents\": " + cacm.index().documentCount()
          + ", \"topics_read\": " + cacm.topics().size() + "}" + System.lineSeparator()
          : "# " + cacm.describe() + System.lineSeparator() + scores.summary(TrecEvaluation.MEASURES)
              + "# ClariQ's document-relevance measures (official tool's names)" + System.lineSeparator()
              + scores.summary(TrecEvaluation.CLARIQ_MEASURES));
      out.flush();
    }
    return 0;
  }

  /** Parses {@code --model}. */
  static final class ModelConverter extends ParsingConverter<RetrievalSetup> {
    ModelConverter() {
      super(RetrievalSetup::parse);
    }
  }
}
