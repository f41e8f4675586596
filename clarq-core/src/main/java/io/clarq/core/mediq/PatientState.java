package io.clarq.core.mediq;

import java.util.List;
import java.util.Objects;

/**
 * What the expert sees each turn: the patient's initial information and every exchange so far.
 */
public record PatientState(String initialInfo, List<Exchange> history) {
  public PatientState {
    Objects.requireNonNull(initialInfo, "initialInfo");
    history = List.copyOf(history);
  }
}
