package io.clarq.eval.clariq;

import io.clarq.core.clariq.ClariqRequest;
import io.clarq.core.clariq.ClariqSplit;
import io.clarq.core.ir.WeightedClassification;
import io.clarq.datasets.clariq.ClariqDataDir;
import io.clarq.retrieval.clariq.question.ClarificationNeedPredictor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The clarification-need baseline: {@link ClarificationNeedPredictor} trained on train.tsv (one example per topic,
 * 187), then applied to the requests of a split. Its one chosen setting, the weight decay, is chosen on train alone
 * by {@link #crossValidate} (dev and test are never looked at); iterations and step size are fixed, not tuned.
 */
public final class ClarificationNeedBaseline {
  /** Gradient steps. */
  public static final int ITERATIONS = 500;
  /** Step size. */
  public static final double LEARNING_RATE = 0.5;
  /** The weight decays tried: {@value #FOLDS}-fold cross-validation on train picks one ({@link #L2}). */
  public static final List<Double> L2_GRID = List.of(0.0, 0.01, 0.1);
  /** Folds of the cross-validation: topic i of train.tsv (file order) is in fold i mod FOLDS. */
  public static final int FOLDS = 5;
  /**
   * Weight decay: the value of {@link #L2_GRID} with the best weighted F1 over the pooled held-out predictions of
   * {@link #crossValidate} on train (ClarificationNeedBaselineTest recomputes the choice).
   */
  public static final double L2 = 0.01;

  private ClarificationNeedBaseline() {}

  /** Trains on the train split of the data directory. */
  public static ClarificationNeedPredictor train(ClariqDataDir data) {
    return ClarificationNeedPredictor.train(trainExamples(data), ITERATIONS, LEARNING_RATE, L2);
  }

  /**
   * Cross-validation on the given examples: for every weight decay of the grid, the weighted F1 (scikit-learn 1.3+)
   * of the held-out predictions of all folds together, in grid order.
   */
  public static Map<Double, Double> crossValidate(List<ClarificationNeedPredictor.Example> examples, List<Double> grid,
      int folds) {
    if (folds < 2 || folds > examples.size()) {
      throw new IllegalArgumentException("illegal fold count " + folds + ": must be 2-" + examples.size());
    }
    Map<Double, Double> f1 = new LinkedHashMap<>();
    for (double l2 : grid) {
      List<Integer> gold = new ArrayList<>();
      List<Integer> predicted = new ArrayList<>();
      for (int k = 0; k < folds; k++) {
        List<ClarificationNeedPredictor.Example> fit = new ArrayList<>();
        List<ClarificationNeedPredictor.Example> held = new ArrayList<>();
        for (int i = 0; i < examples.size(); i++) {
          (i % folds == k ? held : fit).add(examples.get(i));
        }
        ClarificationNeedPredictor p = ClarificationNeedPredictor.train(fit, ITERATIONS, LEARNING_RATE, l2);
        for (ClarificationNeedPredictor.Example e : held) {
          gold.add(e.need());
          predicted.add(p.predict(e.request()));
        }
      }
      f1.put(l2, WeightedClassification.score(gold, predicted).f1());
    }
    return f1;
  }

  /** The train split's topics as training examples, in file order. */
  public static List<ClarificationNeedPredictor.Example> trainExamples(ClariqDataDir data) {
    return data.topics(ClariqSplit.TRAIN).topics().stream()
        .map(t -> new ClarificationNeedPredictor.Example(t.initialRequest(), t.need().level()))
        .toList();
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
