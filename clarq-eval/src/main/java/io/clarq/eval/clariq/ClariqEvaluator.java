package io.clarq.eval.clariq;

import io.clarq.core.clariq.ClariqSplit;
import io.clarq.core.clariq.ClariqTopic;
import io.clarq.core.clariq.ClariqTopics;
import io.clarq.core.clariq.DocumentRelevanceTable;
import io.clarq.core.clariq.QuestionBank;
import io.clarq.core.ir.ClassificationScores;
import io.clarq.core.ir.FScoreFormula;
import io.clarq.core.ir.MetricTable;
import io.clarq.core.ir.QuestionRecall;
import io.clarq.core.ir.ScoredItem;
import io.clarq.core.ir.WeightedClassification;
import io.clarq.datasets.clariq.ClarificationNeedRun;
import io.clarq.datasets.clariq.ClarificationNeedRunReader;
import io.clarq.datasets.clariq.ClariqDataDir;
import io.clarq.datasets.clariq.OfficialEvalFiles;
import io.clarq.datasets.trec.FileFormatException;
import io.clarq.datasets.trec.RunFile;
import io.clarq.datasets.trec.RunRow;
import io.clarq.datasets.trec.TrecRunReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Scores ClariQ runs exactly as the official {@code clariq_eval_tool.py} does. In strict mode a run line naming a
 * topic outside the gold file is an error naming the line; in lenient mode such lines are ignored, as the official
 * tool does, and counted in the report's warnings.
 */
public final class ClariqEvaluator {
  private static final String KIND = "run file";

  private ClariqEvaluator() {}

  /**
   * Clarification need: gold = first row per topic; a topic missing from the run is predicted as the dummy label
   * 0; scikit-learn's weighted precision, recall and F1 with zero_division 0, F as scikit-learn 1.3+ has it.
   */
  public static ClariqReport clarificationNeed(ClariqTopics gold, ClarificationNeedRun run, boolean lenient) {
    return clarificationNeed(gold, run, lenient, FScoreFormula.COUNTS);
  }

  /** Clarification need as above, with the per-class F of the given scikit-learn version ({@link FScoreFormula}). */
  public static ClariqReport clarificationNeed(
      ClariqTopics gold, ClarificationNeedRun run, boolean lenient, FScoreFormula formula) {
    List<String> warnings = new ArrayList<>(run.warnings());
    int unknown = 0;
    for (Map.Entry<Integer, Integer> p : run.labels().entrySet()) {
      if (gold.topic(p.getKey()).isEmpty()) {
        if (!lenient) {
          throw new FileFormatException(KIND, run.file(), run.lines().get(p.getKey()),
              "topic " + p.getKey() + " is not a topic of the gold file");
        }
        unknown++;
      }
    }
    if (unknown > 0) {
      warnings.add(unknown + " topic(s) of the run are not in the gold file: ignored, as the official tool does");
    }
    List<Integer> y = new ArrayList<>();
    List<Integer> yHat = new ArrayList<>();
    for (ClariqTopic t : gold.topics()) {
      y.add(t.need().level());
      yHat.add(run.labels().getOrDefault(t.id(), 0));
    }
    ClassificationScores s = WeightedClassification.score(y, yHat, formula);
    Map<String, Double> means = new LinkedHashMap<>();
    means.put("Precision", s.precision());
    means.put("Recall", s.recall());
    means.put("F1", s.f1());
    return new ClariqReport(ClariqTask.CLARIFICATION_NEED, means, new MetricTable(), s, warnings);
  }

  /**
   * Question relevance: Recall@5/10/20/30 per gold topic (a topic missing from the run scores 0), ordered and
   * de-duplicated by score as the official tool does, then exact means.
   */
  public static ClariqReport questionRelevance(ClariqTopics gold, RunFile run, boolean lenient) {
    List<String> warnings = new ArrayList<>(run.warnings());
    Map<Integer, List<ScoredItem>> byTopic = rowsByGoldTopic(gold, run, lenient, warnings);
    MetricTable table = new MetricTable();
    for (int k : QuestionRecall.CUTOFFS) {
      for (ClariqTopic t : gold.topicsById().values()) {
        List<ScoredItem> rows = byTopic.get(t.id());
        double recall = rows == null ? 0.0
            : QuestionRecall.recallAt(QuestionRecall.officialOrder(rows), t.relevantQuestionIds(), k);
        table.put("Recall" + k, Integer.toString(t.id()), recall);
      }
    }
    return new ClariqReport(ClariqTask.QUESTION_RELEVANCE, table.means(), table, null, warnings);
  }

  /**
   * Document relevance from the official table: the top-scoring question of each topic (ties: the last in file
   * order) is looked up for every facet of the topic that the table has; {@code MAX} counts as {@code MIN}, a
   * question outside the table scores the facet's {@code MIN} (0 when the facet has none), a topic without run
   * lines scores 0.
   */
  public static ClariqReport documentRelevance(
      ClariqTopics gold, RunFile run, DocumentRelevanceTable table, boolean lenient) {
    List<String> warnings = new ArrayList<>(run.warnings());
    Map<Integer, String> selected = new LinkedHashMap<>();
    rowsByGoldTopic(gold, run, lenient, warnings).forEach((topic, rows) -> {
      ScoredItem best = rows.get(0);
      for (ScoredItem r : rows) {
        if (r.score() >= best.score()) {
          best = r;
        }
      }
      selected.put(topic, DocumentRelevanceTable.MAX.equals(best.id()) ? DocumentRelevanceTable.MIN : best.id());
    });
    Map<String, Integer> facetToTopic = gold.facetToTopic();
    MetricTable out = new MetricTable();
    for (String metric : table.metrics()) {
      for (String facet : table.facets(metric)) {
        Integer topic = facetToTopic.get(facet);
        if (topic == null) {
          continue; // the official tool keeps only the facets of the split's topic file
        }
        String question = selected.get(topic);
        // the official tool scores a facet with neither the question nor a MIN entry 0
        double value = question == null ? 0.0 : table.cell(metric, facet, question)
            .or(() -> table.cell(metric, facet, DocumentRelevanceTable.MIN))
            .map(DocumentRelevanceTable.Cell::withAnswer)
            .orElse(0.0);
        out.put(metric, facet, value);
      }
    }
    if (out.values().isEmpty()) {
      throw new IllegalArgumentException("the document-relevance table has no facet of this split");
    }
    return new ClariqReport(ClariqTask.DOCUMENT_RELEVANCE, out.means(), out, null, warnings);
  }

  /**
   * Reads the gold file of the split, the run (strictly, or as the official tool does when {@code lenient}) and,
   * for document relevance, the table, then scores the run.
   *
   * @param table the document-relevance table as JSON; required for document relevance, ignored otherwise
   */
  public static ClariqReport evaluate(
      Path dataDir, ClariqTask task, ClariqSplit split, Path runFile, boolean lenient, Path table) {
    return evaluate(dataDir, task, split, runFile, lenient, table, FScoreFormula.COUNTS);
  }

  /**
   * As {@link #evaluate(Path, ClariqTask, ClariqSplit, Path, boolean, Path)}, with the clarification-need F1 of the
   * given scikit-learn version (ignored by the other tasks).
   */
  public static ClariqReport evaluate(Path dataDir, ClariqTask task, ClariqSplit split, Path runFile, boolean lenient,
      Path table, FScoreFormula formula) {
    ClariqTopics gold = new ClariqDataDir(dataDir).topics(split);
    return switch (task) {
      case CLARIFICATION_NEED -> clarificationNeed(gold, lenient
          ? ClarificationNeedRunReader.readAsOfficialTool(runFile) : ClarificationNeedRunReader.read(runFile), lenient,
          formula);
      case QUESTION_RELEVANCE -> questionRelevance(gold, checkQuestionIds(readRun(runFile, lenient),
          new ClariqDataDir(dataDir), lenient), lenient);
      case DOCUMENT_RELEVANCE -> {
        if (table == null) {
          throw new IllegalArgumentException("document_relevance needs the official table (--table FILE, the pickle"
              + " exported as JSON); for retrieval-based document relevance use clarq retrieval eval");
        }
        yield documentRelevance(gold, checkQuestionIds(readRun(runFile, lenient), new ClariqDataDir(dataDir), lenient),
            OfficialEvalFiles.readDocumentRelevanceTable(table), lenient);
      }
    };
  }

  /**
   * A run citing a question the bank lacks: strictly an error naming the line; leniently scored as the official tool
   * scores it (never relevant) with a warning counting the lines. The official table's {@code MIN} and {@code MAX}
   * stand for the worst and best question and are not bank ids.
   */
  static RunFile checkQuestionIds(RunFile run, ClariqDataDir data, boolean lenient) {
    QuestionBank bank = data.questionBank();
    int unknown = 0;
    RunRow first = null;
    for (RunRow r : run.rows()) {
      if (DocumentRelevanceTable.MIN.equals(r.item()) || DocumentRelevanceTable.MAX.equals(r.item())
          || bank.byId(r.item()).isPresent()) {
        continue;
      }
      if (!lenient) {
        throw new FileFormatException(KIND, run.file(), r.line(), "question id \"" + r.item() + "\" is not in the"
            + " question bank (" + data.file("question_bank.tsv") + "); cite questions by their bank ids");
      }
      unknown++;
      first = first == null ? r : first;
    }
    if (unknown == 0) {
      return run;
    }
    List<String> warnings = new ArrayList<>(run.warnings());
    warnings.add(unknown + " run line(s) cite question ids not in the question bank (first: " + first.item()
        + " on line " + first.line() + "): scored as never relevant, as the official tool does");
    return new RunFile(run.file(), run.rows(), warnings);
  }

  private static RunFile readRun(Path runFile, boolean lenient) {
    return lenient ? TrecRunReader.readAsOfficialTool(runFile) : TrecRunReader.read(runFile, TrecRunReader.QUESTION_RUN);
  }

  private static Map<Integer, List<ScoredItem>> rowsByGoldTopic(
      ClariqTopics gold, RunFile run, boolean lenient, List<String> warnings) {
    Map<Integer, List<ScoredItem>> byTopic = new LinkedHashMap<>();
    int unknown = 0;
    for (RunRow r : run.rows()) {
      Integer topic = parseTopic(r.topic());
      if (topic == null || gold.topic(topic).isEmpty()) {
        if (!lenient) {
          throw new FileFormatException(KIND, run.file(), r.line(), topic == null
              ? "topic id \"" + r.topic() + "\" is not an integer"
              : "topic " + topic + " is not a topic of the gold file");
        }
        unknown++;
        continue;
      }
      byTopic.computeIfAbsent(topic, k -> new ArrayList<>()).add(new ScoredItem(r.item(), r.score()));
    }
    if (unknown > 0) {
      warnings.add(unknown + " run line(s) name topics outside the gold file: ignored, as the official tool does");
    }
    return byTopic;
  }

  private static Integer parseTopic(String text) {
    try {
      return Integer.parseInt(text);
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
