package io.clarq.core.flm;

import java.util.Objects;

/**
 * The incomplete example x^i as an asker sees it: the masked fact is not reachable from here.
 *
 * @param exampleId the FLM example's id (for askers that look questions up, e.g. human questions)
 * @param question the task's question
 * @param context the rendered incomplete context
 */
public record IncompleteTask(String exampleId, String question, String context) {
  public IncompleteTask {
    Objects.requireNonNull(exampleId, "exampleId");
    Objects.requireNonNull(question, "question");
    Objects.requireNonNull(context, "context");
  }
}
