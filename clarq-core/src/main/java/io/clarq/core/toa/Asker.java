package io.clarq.core.toa;

import io.clarq.core.llm.LlmException;
import io.clarq.core.toa.flm.IncompleteTask;

/**
 * M2, the asker: sees the incomplete example and asks one question meant to retrieve the missing fact.
 * Implementations are thread-safe; the pipeline calls them from many threads at once.
 */
public interface Asker {
  /**
   * The question to put to the oracle.
   *
   * @throws LlmException when a model behind the asker gave no usable reply
   */
  String ask(IncompleteTask task) throws LlmException;

  /** What this asker is, for run configurations and reports (e.g. "repeater", "llm:template=direct"). */
  String describe();
}
