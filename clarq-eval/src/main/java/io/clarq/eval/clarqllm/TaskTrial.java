package io.clarq.eval.clarqllm;

import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.llm.Trials;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One item of a ClarQ-LLM run on the kernel: a task and which of its trials to play (1 to {@link RunConfig#trials()};
 * trial t's model requests carry seed 8848 + t - 1, {@link Trials}).
 */
record TaskTrial(ClarqTask task, int trial) {
  TaskTrial {
    Objects.requireNonNull(task, "task");
    if (trial < 1) {
      throw new IllegalArgumentException("illegal trial " + trial + " of task " + task.id() + ": trials are "
          + "numbered from 1");
    }
  }

  /**
   * The run's items in their fixed order: every task's trial 1 (in the tasks' order), then every task's trial 2, and
   * so on, so a run cut short has the reference trial of the most tasks, and one trial gives the tasks unchanged.
   *
   * @throws IllegalArgumentException when {@code trials} is below 1
   */
  static List<TaskTrial> of(List<ClarqTask> tasks, int trials) {
    if (trials < 1) {
      throw new IllegalArgumentException("illegal trial count " + trials + ": must be at least 1");
    }
    List<TaskTrial> out = new ArrayList<>(tasks.size() * trials);
    for (int t = 1; t <= trials; t++) {
      for (ClarqTask task : tasks) {
        out.add(new TaskTrial(task, t));
      }
    }
    return out;
  }
}
