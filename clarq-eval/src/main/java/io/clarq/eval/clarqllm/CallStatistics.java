package io.clarq.eval.clarqllm;

/**
 * What the forecast takes from one reference-trace file: one role's model calls per turn (lowest and highest
 * per-dialogue rate; the judge's: calls per judged dialogue) and its estimated input and output tokens per call
 * (10th and 90th percentile, nearest rank; {@link TokenEstimate}).
 */
record CallStatistics(double callsPerTurnLow, double callsPerTurnHigh, double inputLow, double inputHigh,
    double outputLow, double outputHigh) {
  CallStatistics {
    double[] v = {callsPerTurnLow, callsPerTurnHigh, inputLow, inputHigh, outputLow, outputHigh};
    for (int i = 0; i < v.length; i += 2) {
      if (!(v[i] >= 0 && v[i + 1] >= v[i]) || Double.isInfinite(v[i + 1])) {
        throw new IllegalArgumentException("illegal call statistics range " + v[i] + "-" + v[i + 1]
            + ": must be finite, 0 <= low <= high");
      }
    }
  }
}
