package io.clarq.eval.mediq;

import io.clarq.core.mediq.MediqCase;
import java.util.Objects;

/**
 * One play of a case of a MediQ run: the data set it comes from ("craft_md", "dev_good") and the trial (1..K) it is
 * played in ({@link io.clarq.core.llm.Trials}).
 */
public record MediqItem(String dataset, MediqCase mediqCase, int trial) {
  public MediqItem {
    Objects.requireNonNull(dataset, "dataset");
    Objects.requireNonNull(mediqCase, "mediqCase");
    io.clarq.core.llm.Trials.check(trial);
  }

  /** The case in trial 1. */
  public MediqItem(String dataset, MediqCase mediqCase) {
    this(dataset, mediqCase, 1);
  }

  /** The item's key in the run: "dataset/id", with "#t" for trial t > 1. */
  public String key() {
    return key(dataset, mediqCase.id(), trial);
  }

  static String key(String dataset, int id, int trial) {
    return dataset + "/" + id + (trial == 1 ? "" : "#" + trial);
  }
}
