package io.clarq.core.toa;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What happened on one FLM example: the asker's question, the oracle's answer, and the primary model's answers on
 * the complete (x^c), incomplete (x^i) and recovered (x^r) examples, with their scores against the gold answer.
 * When the oracle returned nothing, x^r is x^i.
 *
 * @param exampleId the FLM example's id
 * @param question the asker's question
 * @param oracleAnswer the oracle's answer
 * @param maskedFactReturned whether the oracle returned the masked fact f*
 * @param goldAnswer HotpotQA's answer
 * @param completeAnswer M1's answer on x^c
 * @param incompleteAnswer M1's answer on x^i
 * @param recoveredAnswer M1's answer on x^r
 * @param improvability whether some candidate would have raised F1, when that was checked ({@link Improvability})
 */
public record ToaOutcome(
    String exampleId,
    String question,
    OracleAnswer oracleAnswer,
    boolean maskedFactReturned,
    String goldAnswer,
    String completeAnswer,
    String incompleteAnswer,
    String recoveredAnswer,
    Optional<Improvability> improvability) {
  public ToaOutcome {
    Objects.requireNonNull(exampleId, "exampleId");
    Objects.requireNonNull(question, "question");
    Objects.requireNonNull(oracleAnswer, "oracleAnswer");
    Objects.requireNonNull(goldAnswer, "goldAnswer");
    Objects.requireNonNull(completeAnswer, "completeAnswer");
    Objects.requireNonNull(incompleteAnswer, "incompleteAnswer");
    Objects.requireNonNull(recoveredAnswer, "recoveredAnswer");
    Objects.requireNonNull(improvability, "improvability");
    if (maskedFactReturned && oracleAnswer.status() != OracleAnswer.Status.ANSWERED) {
      throw new IllegalArgumentException(
          "example " + exampleId + ": masked fact returned but oracle status is " + oracleAnswer.status());
    }
  }

  /** An outcome without an improvability check. */
  public ToaOutcome(String exampleId, String question, OracleAnswer oracleAnswer, boolean maskedFactReturned,
      String goldAnswer, String completeAnswer, String incompleteAnswer, String recoveredAnswer) {
    this(exampleId, question, oracleAnswer, maskedFactReturned, goldAnswer, completeAnswer, incompleteAnswer,
        recoveredAnswer, Optional.empty());
  }

  public double f1Complete() {
    return HotpotAnswerMetrics.f1(completeAnswer, goldAnswer);
  }

  public double f1Incomplete() {
    return HotpotAnswerMetrics.f1(incompleteAnswer, goldAnswer);
  }

  public double f1Recovered() {
    return HotpotAnswerMetrics.f1(recoveredAnswer, goldAnswer);
  }

  public double emComplete() {
    return HotpotAnswerMetrics.exactMatch(completeAnswer, goldAnswer);
  }

  public double emIncomplete() {
    return HotpotAnswerMetrics.exactMatch(incompleteAnswer, goldAnswer);
  }

  public double emRecovered() {
    return HotpotAnswerMetrics.exactMatch(recoveredAnswer, goldAnswer);
  }

  /**
   * This example's own F1 recovery ratio, empty when F1(x^c) = F1(x^i). Not the paper's recovery, which is a ratio
   * of means over all examples ({@link Recovery}).
   */
  public OptionalDouble f1RecoveryOfExample() {
    return Recovery.of(f1Complete(), f1Incomplete(), f1Recovered());
  }

  /** This example's own EM recovery ratio, empty when EM(x^c) = EM(x^i); see {@link #f1RecoveryOfExample()}. */
  public OptionalDouble emRecoveryOfExample() {
    return Recovery.of(emComplete(), emIncomplete(), emRecovered());
  }
}
