package io.clarq.core.cq;

import java.util.Objects;

/**
 * Overlap scores as Wang et al. (WWW 2023) report them: on the questions as written, and again after the template
 * opening ({@link TemplateWords}) is removed from both the generated and the reference question.
 *
 * @param withTemplateWords scores on the questions as written
 * @param withoutTemplateWords scores after both sides lost their template opening
 */
public record OverlapReport(OverlapScores withTemplateWords, OverlapScores withoutTemplateWords) {
  public OverlapReport {
    Objects.requireNonNull(withTemplateWords, "withTemplateWords");
    Objects.requireNonNull(withoutTemplateWords, "withoutTemplateWords");
  }
}
