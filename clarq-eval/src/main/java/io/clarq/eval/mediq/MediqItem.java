package io.clarq.eval.mediq;

import io.clarq.core.mediq.MediqCase;
import java.util.Objects;

/** One case of a MediQ run, with the data set it comes from ("craft_md", "dev_good"). */
public record MediqItem(String dataset, MediqCase mediqCase) {
  public MediqItem {
    Objects.requireNonNull(dataset, "dataset");
    Objects.requireNonNull(mediqCase, "mediqCase");
  }

  /** The item's key in the run: "dataset/id". */
  public String key() {
    return dataset + "/" + mediqCase.id();
  }
}
