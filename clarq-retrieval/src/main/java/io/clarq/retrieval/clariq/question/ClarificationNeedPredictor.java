package io.clarq.retrieval.clariq.question;

import io.clarq.retrieval.analysis.EnglishAnalysis;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import org.apache.lucene.analysis.Analyzer;

/**
 * A baseline predictor of ClariQ's clarification need (1-4) from the request alone: multinomial logistic regression
 * over a few surface features of the request, trained by full-batch gradient descent from zero weights (so training
 * is deterministic). Features: length in words and content terms, a question mark, the opening ("tell me about",
 * "find", a wh-word...), digits and capitalised words.
 */
public final class ClarificationNeedPredictor {
  /** A training example: a request and its label. */
  public record Example(String request, int need) {
    public Example {
      Objects.requireNonNull(request, "request");
      if (need < 1 || need > 4) {
        throw new IllegalArgumentException("illegal clarification need " + need + ": must be 1-4");
      }
    }
  }

  private static final int CLASSES = 4;
  private static final Analyzer CONTENT = EnglishAnalysis.porter();

  private final double[][] weights;
  private final double[] mean;
  private final double[] scale;

  private ClarificationNeedPredictor(double[][] weights, double[] mean, double[] scale) {
    this.weights = weights;
    this.mean = mean;
    this.scale = scale;
  }

  /**
   * Trains on the examples.
   *
   * @param iterations gradient steps (e.g. 500)
   * @param learningRate step size (e.g. 0.5)
   * @param l2 weight decay (e.g. 0.01)
   */
  public static ClarificationNeedPredictor train(List<Example> examples, int iterations, double learningRate, double l2) {
    if (examples.isEmpty()) {
      throw new IllegalArgumentException("no training examples");
    }
    double[][] x = examples.stream().map(e -> features(e.request())).toArray(double[][]::new);
    int d = x[0].length;
    double[] mean = new double[d];
    double[] scale = new double[d];
    for (double[] row : x) {
      for (int j = 0; j < d; j++) {
        mean[j] += row[j] / x.length;
      }
    }
    for (double[] row : x) {
      for (int j = 0; j < d; j++) {
        scale[j] += (row[j] - mean[j]) * (row[j] - mean[j]) / x.length;
      }
    }
    for (int j = 0; j < d; j++) {
      scale[j] = scale[j] > 0 ? Math.sqrt(scale[j]) : 1;
    }
    double[][] w = new double[CLASSES][d + 1];
    ClarificationNeedPredictor model = new ClarificationNeedPredictor(w, mean, scale);
    for (int it = 0; it < iterations; it++) {
      double[][] grad = new double[CLASSES][d + 1];
      for (int i = 0; i < x.length; i++) {
        double[] z = model.standardise(x[i]);
        double[] p = model.probabilities(z);
        for (int c = 0; c < CLASSES; c++) {
          double err = p[c] - (examples.get(i).need() == c + 1 ? 1 : 0);
          for (int j = 0; j <= d; j++) {
            grad[c][j] += err * z[j] / x.length;
          }
        }
      }
      for (int c = 0; c < CLASSES; c++) {
        for (int j = 0; j <= d; j++) {
          w[c][j] -= learningRate * (grad[c][j] + (j < d ? l2 * w[c][j] : 0));
        }
      }
    }
    return model;
  }

  /** The predicted need (1-4) of a request; ties go to the lower label. */
  public int predict(String request) {
    double[] p = probabilities(standardise(features(request)));
    int best = 0;
    for (int c = 1; c < CLASSES; c++) {
      if (p[c] > p[best]) {
        best = c;
      }
    }
    return best + 1;
  }

  private double[] standardise(double[] f) {
    double[] z = new double[f.length + 1];
    for (int j = 0; j < f.length; j++) {
      z[j] = (f[j] - mean[j]) / scale[j];
    }
    z[f.length] = 1; // bias
    return z;
  }

  private double[] probabilities(double[] z) {
    double[] s = new double[CLASSES];
    double max = Double.NEGATIVE_INFINITY;
    for (int c = 0; c < CLASSES; c++) {
      for (int j = 0; j < z.length; j++) {
        s[c] += weights[c][j] * z[j];
      }
      max = Math.max(max, s[c]);
    }
    double sum = 0;
    for (int c = 0; c < CLASSES; c++) {
      s[c] = Math.exp(s[c] - max);
      sum += s[c];
    }
    for (int c = 0; c < CLASSES; c++) {
      s[c] /= sum;
    }
    return s;
  }

  static double[] features(String request) {
    String text = request.strip();
    String lower = text.toLowerCase(Locale.ROOT);
    String[] words = text.isEmpty() ? new String[0] : text.split("\\s+");
    int content = EnglishAnalysis.terms(CONTENT, "text", text).size();
    int capitalised = 0;
    for (int i = 1; i < words.length; i++) {
      if (!words[i].isEmpty() && Character.isUpperCase(words[i].charAt(0))) {
        capitalised++;
      }
    }
    return new double[] {
      Math.log1p(words.length),
      Math.log1p(content),
      lower.contains("?") ? 1 : 0,
      lower.matches("^(tell me (more )?about|i would like to know (more )?about|i'?m (interested in|looking for)).*") ? 1 : 0,
      lower.matches("^(find|give me|search|show me|get).*") ? 1 : 0,
      lower.matches("^(what|how|who|where|when|why|which|is|are|can|does|do)\\b.*") ? 1 : 0,
      lower.matches(".*\\d.*") ? 1 : 0,
      words.length == 0 ? 0 : (double) capitalised / words.length,
      lower.contains(" information ") || lower.contains(" info ") ? 1 : 0,
    };
  }
}
