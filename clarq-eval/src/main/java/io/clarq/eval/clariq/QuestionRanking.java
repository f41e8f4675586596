package io.clarq.eval.clariq;

import io.clarq.core.clariq.ClariqRequest;
import io.clarq.core.clariq.ClariqSplit;
import io.clarq.core.clariq.ClariqTopic;
import io.clarq.datasets.clariq.ClariqDataDir;
import io.clarq.datasets.trec.RunRow;
import io.clarq.retrieval.clariq.question.QuestionRanker;
import io.clarq.retrieval.clariq.question.RankedQuestion;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Single-turn question ranking for a whole split: one TREC run line per (topic, question). The score column is
 * {@code depth - rank + 1} rather than the retrieval score, because the official tool keeps only the first of
 * several rows with an equal score, and BM25 gives equal scores to equal question texts.
 */
public final class QuestionRanking {
  /** The depth the official tool evaluates (Recall@30). */
  public static final int DEPTH = 30;

  private QuestionRanking() {}

  /** The requests of a split: dev and train from their labelled files, test from test.tsv. */
  public static List<ClariqRequest> requests(ClariqDataDir data, ClariqSplit split) {
    if (split == ClariqSplit.TEST) {
      return data.testRequests();
    }
    return data.topics(split).topics().stream().map(ClariqTopic::request).toList();
  }

  /** Ranks every request and returns the run rows, topic by topic, best first. */
  public static List<RunRow> rank(QuestionRanker ranker, List<ClariqRequest> requests, int depth, String tag) {
    return rank(ranker, requests, depth, tag, r -> { });
  }

  /**
   * Ranks every request and returns the run rows, topic by topic, best first; {@code onRanked} hears each request as
   * soon as its questions are ranked (the CLI prints progress from it).
   */
  public static List<RunRow> rank(QuestionRanker ranker, List<ClariqRequest> requests, int depth, String tag,
      Consumer<ClariqRequest> onRanked) {
    List<RunRow> rows = new ArrayList<>();
    for (ClariqRequest r : requests) {
      List<RankedQuestion> ranked = ranker.rank(r.text(), depth);
      for (int i = 0; i < ranked.size(); i++) {
        rows.add(new RunRow(0, Integer.toString(r.topicId()), ranked.get(i).question().id(), i + 1, depth - i, tag));
      }
      onRanked.accept(r);
    }
    return rows;
  }
}
