package io.clarq.eval.clarqllm;

import io.clarq.core.clarqllm.transcript.DialogueRecord;

/**
 * Hears a run's progress, e.g. to print it. Called from the runner's threads, one call at a time; keep it quick.
 * The CLI prints {@link RunProgress#line()} to stderr.
 */
public interface RunListener {
  /** Hears nothing. */
  RunListener NONE = new RunListener() {};

  /** The run starts; {@code progress} counts the dialogues resumed from the output directory. */
  default void started(RunProgress progress) {}

  /** A dialogue finished or failed and was written to the transcript. */
  default void dialogueDone(DialogueRecord record, RunProgress progress) {}

  /** Every dialogue is done; reports are next. */
  default void finished(RunProgress progress) {}
}
