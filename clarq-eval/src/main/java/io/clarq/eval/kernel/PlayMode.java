package io.clarq.eval.kernel;

import java.util.Locale;
import java.util.Map;

/**
 * How a run's model calls were made: one at a time as each item needs them, or turn-synchronously through the
 * providers' batch APIs ({@link RunKernel.Plan#batches()}). A batch run records {@value #SETTING} {@code = batch} in
 * its settings (so a resume in the other mode is refused, naming it) and its results say which mode played them.
 */
public enum PlayMode {
  /** Each call sent when an item needs it. */
  SYNCHRONOUS,
  /** The next call of every waiting item in one batch per model, the items advancing together. */
  BATCH;

  /** The setting a batch run records, and the results' field. */
  public static final String SETTING = "play_mode";

  /** The mode's word in settings and results: {@code synchronous} or {@code batch}. */
  public String word() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The mode a run's settings record: batch when {@value #SETTING} says so, else synchronous. */
  public static PlayMode of(Map<String, String> settings) {
    return BATCH.word().equals(settings.get(SETTING)) ? BATCH : SYNCHRONOUS;
  }
}
