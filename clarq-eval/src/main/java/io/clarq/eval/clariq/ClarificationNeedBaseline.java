package io.clarq.eval.clariq;

import io.clarq.core.clariq.ClariqRequest;
import io.clarq.core.clariq.ClariqSplit;
import io.clarq.datasets.clariq.ClariqDataDir;
import io.clarq.retrieval.question.ClarificationNeedPredictor;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The clarification-need baseline: {@link ClarificationNeedPredictor} trained on train.tsv (one example per topic,
 * 187), then applied to the requests of a split.
 */
public final class ClarificationNeedBaseline {
  /** Gradient steps. */
  public static final int ITERATIONS = 500;
  /** Step size. */
  public static final double LEARNING_RATE = 0.5;
  /** Weight decay (chosen on dev among 0, 0.01, 0.1). */
  public static final double L2 = 0.1;

  private ClarificationNeedBaseline() {}

  /** Trains on the train split of the data directory. */
  public static ClarificationNeedPredictor train(ClariqDataDir data) {
    List<ClarificationNeedPredictor.Example> examples = data.topics(ClariqSplit.TRAIN).topics().stream()
        .map(t -> new ClarificationNeedPredictor.Example(t.initialRequest(), t.need().level()))
        .toList();
    return ClarificationNeedPredictor.train(examples, ITERATIONS, LEARNING_RATE, L2);
  }

  /** Topic id -> predicted label for every request of the split. */
  public static Map<Integer, Integer> predict(ClarificationNeedPredictor predictor, List<ClariqRequest> requests) {
    Map<Integer, Integer> out = new LinkedHashMap<>();
    for (ClariqRequest r : requests) {
      out.put(r.topicId(), predictor.predict(r.text()));
    }
    return out;
  }

}
