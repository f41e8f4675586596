package io.clarq.core.clarqllm.metrics;

import io.clarq.core.clarqllm.task.TaskId;
import java.util.Objects;

/**
 * The three ClarQ-LLM figures of one dialogue, each explainable.
 *
 * @param taskId the task played
 * @param success the success outcome and why
 * @param aqd query discrepancy: scored provider lines + 1 - gold lines including node 0 (negative: the seeker
 *     left before hearing every gold line)
 * @param aql the seeker's average query length
 */
public record DialogueScore(TaskId taskId, SuccessBreakdown success, int aqd, QueryLength aql) {
  public DialogueScore {
    Objects.requireNonNull(taskId, "taskId");
    Objects.requireNonNull(success, "success");
    Objects.requireNonNull(aql, "aql");
  }

  /** The number of judge questions this dialogue needed. */
  public int judgeCalls() {
    return success.judged().size();
  }
}
