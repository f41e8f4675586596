package io.clarq.core.toa;

import io.clarq.core.toa.flm.IncompleteTask;

/** The Repeater baseline of the seed paper: asks the task's main question unchanged. */
public final class RepeaterAsker implements Asker {
  @Override
  public String ask(IncompleteTask task) {
    return task.question();
  }

  @Override
  public String describe() {
    return "repeater";
  }

  @Override
  public String toString() {
    return describe();
  }
}
