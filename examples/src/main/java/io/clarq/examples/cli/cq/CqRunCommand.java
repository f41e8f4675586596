package io.clarq.examples.cli.cq;

import io.clarq.core.clariq.ClariqSplit;
import io.clarq.core.clariq.ClariqTopics;
import io.clarq.core.clariq.HumanConversation;
import io.clarq.core.clariq.MultiTurnContext;
import io.clarq.core.cq.CqExample;
import io.clarq.core.cq.CqGeneration;
import io.clarq.core.cq.FacetRequest;
import io.clarq.core.cq.GeneratedQuestion;
import io.clarq.core.cq.QuestionGenerator;
import io.clarq.core.ir.RelevanceJudgments;
import io.clarq.datasets.clariq.ClariqDataDir;
import io.clarq.datasets.clariq.MultiTurnRunRow;
import io.clarq.datasets.clariq.MultiTurnRuns;
import io.clarq.datasets.trec.QrelsReader;
import io.clarq.eval.clariq.retrieval.RetrievalScores;
import io.clarq.eval.cq.ClariqFacetRequests;
import io.clarq.eval.cq.CqDocumentRelevance;
import io.clarq.eval.cq.CqGenerationRun;
import io.clarq.eval.cq.CqMultiTurnRun;
import io.clarq.eval.kernel.RunKernel;
import io.clarq.eval.kernel.Shard;
import io.clarq.examples.cli.DataDefaults;
import io.clarq.examples.cli.OldOptionNames;
import io.clarq.examples.cli.ProgressLine;
import io.clarq.retrieval.analysis.EnglishAnalysis;
import io.clarq.retrieval.clariq.document.DocumentIndex;
import io.clarq.retrieval.clariq.document.DocumentSearcher;
import io.clarq.retrieval.clariq.document.HtmlCollection;
import io.clarq.retrieval.clariq.document.RetrievalModel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code clarq cq run}: generated questions for every ClariQ facet, as a ClariQ multi-turn run file. */
@Command(
    name = "run",
    mixinStandardHelpOptions = true,
    description = "Generates one question per facet of every ClariQ topic of a split (facet keywords cut from the "
        + "facet description) and writes them as a ClariQ multi-turn run, <context_id> 0 \"<question>\" <rank> "
        + "<score> <tag>: each context lists its topic's facet questions, ranked, so it is scored like a ranker's run.")
public final class CqRunCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--clariq", paramLabel = "DIR", description = "The ClariQ data directory (train.tsv, dev.tsv, ...). Default: clariq in the data directory (clarq data"
          + " fetch clariq).")
  Path clariq;

  @Option(names = "--split", defaultValue = "dev", paramLabel = "SPLIT",
      description = "train, dev or test (test reads test_with_labels.tsv) (default: ${DEFAULT-VALUE})")
  String split;

  @Option(names = "--contexts", defaultValue = "requests", paramLabel = "KIND",
      description = "requests: one context per topic, named by the topic id; human: the contexts of "
          + "multi_turn_human_generated_data.tsv (<row>-<turns>) whose topic is in the split "
          + "(default: ${DEFAULT-VALUE})")
  String contexts;

  @Option(names = "--tag", defaultValue = "clarq_cq", paramLabel = "TAG",
      description = "the run id column (default: ${DEFAULT-VALUE})")
  String tag;

  @Option(names = "--out", required = true, paramLabel = "FILE", description = "The run file to write. The"
      + " generated questions are kept in the directory FILE.generation beside it, so a rerun resumes them.")
  Path out;

  @Option(names = "--concurrency", defaultValue = "1", paramLabel = "N",
      description = "Facets generated at once. Default: ${DEFAULT-VALUE}.")
  int threads;

  /** The old name of {@code --concurrency}, taken exactly like it (same checks); not both. */
  @Option(names = "--threads", hidden = true, paramLabel = "N")
  Integer oldThreads;

  @Option(names = "--documents", paramLabel = "TAR_GZ",
      description = "also score document relevance in retrieval mode: a collection of HTML files (tar.gz, docid = "
          + "file name without .html) searched with BM25 (k1 0.9, b 0.4) for request + selected question + answer "
          + "per facet (request contexts only)")
  Path documents;

  @Option(names = "--qrels", paramLabel = "FILE",
      description = "the judgments for --documents (default: the split's .qrel in the ClariQ directory)")
  Path qrels;

  @Option(names = "--answer", defaultValue = "human", paramLabel = "MODE",
      description = "how the user answers the selected question: human (the answer the data records for that facet"
          + " and question, else none), none, or oracle-facet (an UPPER BOUND: the gold facet description if the"
          + " question was made for its facet, else \"no\"; labelled in the output) (default: ${DEFAULT-VALUE})")
  String answer;

  @Mixin CqGeneratorOptions generatorOptions;

  @Override
  public Integer call() throws Exception {
    clariq = DataDefaults.orFetched(spec, clariq, "--clariq", "clariq", "");
    ClariqSplit s;
    try {
      s = ClariqSplit.parse(split);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
    }
    if (!contexts.equals("requests") && !contexts.equals("human")) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          "unknown --contexts \"" + contexts + "\": expected requests or human");
    }
    CqDocumentRelevance.Answer answerMode;
    try {
      answerMode = CqDocumentRelevance.Answer.parse(answer);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
    }
    if (documents != null && !contexts.equals("requests")) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--documents needs --contexts requests");
    }
    threads = OldOptionNames.resolve(spec, "--concurrency", threads, "--threads", oldThreads);
    if (threads < 1) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--concurrency " + threads + ": must be at least 1");
    }
    List<AutoCloseable> opened = new ArrayList<>();
    DocumentIndex index = null;
    try {
      QuestionGenerator gen;
      try {
        gen = generatorOptions.open(spec.commandLine(), opened);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
      }
      ClariqDataDir dir = new ClariqDataDir(clariq);
      ClariqTopics topics = dir.topics(s);
      // every input is read before anything is generated or written: an unreadable --documents or --qrels must
      // not leave a complete-looking run file behind
      RelevanceJudgments judgments = null;
      if (documents != null) {
        judgments = qrels != null ? QrelsReader.read(qrels) : dir.qrels(s);
        if (topics.facetToTopic().keySet().stream().noneMatch(judgments.topics()::contains)) {
          throw new IllegalArgumentException("--qrels " + (qrels != null ? qrels : "(the " + split + " split's)")
              + ": no facet of the " + split + " split has a judgment; document relevance would be figures over"
              + " nothing (give the qrels of the same split)");
        }
        var collection = HtmlCollection.read(documents);
        if (collection.isEmpty()) {
          throw new IllegalArgumentException("--documents " + documents + ": the archive holds no .html document;"
              + " expected one HTML file per document (docid = file name without .html)");
        }
        index = DocumentIndex.build(collection, EnglishAnalysis.porter());
        opened.add(index);
      }
      List<MultiTurnContext> ctx = contexts.equals("requests") ? CqMultiTurnRun.requestContexts(topics)
          : humanContexts(dir, topics);
      // the generation run wants examples; ClariQ facets have no single reference question, so the facet
      // description stands in (it is never scored here)
      List<CqExample> examples = new ArrayList<>();
      for (FacetRequest r : ClariqFacetRequests.of(topics)) {
        examples.add(new CqExample(r, r.facet()));
      }
      Map<String, GeneratedQuestion> byFacet = new HashMap<>();
      Path generated = out.resolveSibling(out.getFileName() + ".generation");
      java.util.Map<String, String> settings = generatorOptions.settings();
      settings.put("split", split);
      for (CqGeneration g : CqGenerationRun.run(examples, gen, settings, false,
          new RunKernel.Plan(generated, Shard.ALL, threads, "clarq-cq-run"),
          ProgressLine.listener(spec.commandLine().getErr(), "cq run: facets")).generations()) {
        byFacet.put(g.example().id(), g.generated());
      }
      List<MultiTurnRunRow> rows = CqMultiTurnRun.rows(ctx, topics, byFacet, tag);
      MultiTurnRuns.write(out, rows);
      spec.commandLine().getOut().printf(Locale.ROOT, "%d run lines for %d contexts (%d facets, %s) written to %s%n",
          rows.size(), ctx.size(), examples.size(), gen.name(), out);
      if (index != null) {
        DocumentSearcher searcher = new DocumentSearcher(index, RetrievalModel.Bm25.ANSERINI, null);
        String label = CqDocumentRelevance.label(tag, answerMode);
        RetrievalScores scores = CqDocumentRelevance.evaluate(label, searcher,
            CqDocumentRelevance.queries(topics, rows, byFacet, answerMode), judgments, 1000);
        spec.commandLine().getOut().printf(Locale.ROOT, "document relevance of %s (%d judged facets):%n%s", label,
            scores.topics(), scores.summary());
      }
      spec.commandLine().getOut().flush();
      return 0;
    } finally {
      CqCommand.closeAll(opened);
    }
  }

  private List<MultiTurnContext> humanContexts(ClariqDataDir dir, ClariqTopics topics) {
    List<MultiTurnContext> out = new ArrayList<>();
    for (HumanConversation c : dir.humanConversations()) {
      if (topics.topic(c.topicId()).isPresent()) {
        out.addAll(c.contexts());
      }
    }
    if (out.isEmpty()) {
      throw new IllegalArgumentException("no human multi-turn conversation has a topic of the " + split
          + " split (they are on test topics: use --split test)");
    }
    return out;
  }
}
