package io.clarq.core.toa.flm;

/** Whether a context sentence is one of the example's supporting facts or a distractor. */
public enum FactRole {
  /** Listed in the example's {@code supporting_facts}. */
  SUPPORTING,
  /** Any other context sentence, from any paragraph. */
  DISTRACTOR,
  /** Not told: how an oracle sees every candidate ({@link io.clarq.core.toa.OracleQuery}). */
  UNTOLD
}
