package io.clarq.core.mediq;

import java.util.Optional;

/**
 * The patient's age and gender as a MediQ data file gives them ("22 years", "male"); either may be absent.
 */
public record PatientProfile(Optional<String> age, Optional<String> gender) {
  public PatientProfile {
    java.util.Objects.requireNonNull(age, "age");
    java.util.Objects.requireNonNull(gender, "gender");
  }
}
