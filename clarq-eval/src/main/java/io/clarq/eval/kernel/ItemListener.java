package io.clarq.eval.kernel;

/**
 * Hears a run's progress, e.g. to print it. The kernel calls it one call at a time, from its worker threads; keep it
 * quick.
 */
public interface ItemListener<I, R> {
  /** The run starts; {@code progress} counts the items resumed from the output directory. */
  default void started(Progress progress) {}

  /** An item ended and its record was written to the item log. */
  default void itemDone(I item, R record, Progress progress) {}

  /** Every item has ended; the end step is next. */
  default void finished(Progress progress) {}
}
