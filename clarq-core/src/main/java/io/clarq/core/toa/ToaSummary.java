package io.clarq.core.toa;

import java.util.List;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The figures of a TOA run over many examples.
 *
 * @param examples the number of outcomes
 * @param f1 mean F1 of M1 on x^c, x^i and x^r
 * @param em mean exact match of M1 on x^c, x^i and x^r
 * @param f1Recovery mean F1 recovery with its 95% interval over the examples where it is defined
 * @param emRecovery mean EM recovery with its 95% interval over the examples where it is defined
 * @param droppedF1 examples left out of the F1 recovery (F1(x^c) = F1(x^i))
 * @param droppedEm examples left out of the EM recovery (EM(x^c) = EM(x^i))
 * @param maskedFactResponseRate MFRR: share of all examples where the oracle returned f* (empty when no examples);
 *     unparsed and unmatched questions count as misses
 * @param unparsed oracle answers that named no candidate
 * @param noMatch oracle answers with no candidate matching the question at all
 * @param unparsedReplies per-candidate model replies that could not be read as a score, summed over examples
 */
public record ToaSummary(
    int examples,
    Triple f1,
    Triple em,
    MeanInterval f1Recovery,
    MeanInterval emRecovery,
    int droppedF1,
    int droppedEm,
    OptionalDouble maskedFactResponseRate,
    int unparsed,
    int noMatch,
    int unparsedReplies) {

  /** Mean scores on the complete, incomplete and recovered examples (NaN when there are no examples). */
  public record Triple(double complete, double incomplete, double recovered) {}

  /** Summarises outcomes; a pure function of them. */
  public static ToaSummary of(List<ToaOutcome> outcomes) {
    int n = outcomes.size();
    MeanInterval f1r = recovery(outcomes, ToaOutcome::f1Recovery);
    MeanInterval emr = recovery(outcomes, ToaOutcome::emRecovery);
    OptionalDouble mfrr = n == 0 ? OptionalDouble.empty()
        : OptionalDouble.of((double) outcomes.stream().filter(ToaOutcome::maskedFactReturned).count() / n);
    return new ToaSummary(n,
        new Triple(mean(outcomes, ToaOutcome::f1Complete), mean(outcomes, ToaOutcome::f1Incomplete),
            mean(outcomes, ToaOutcome::f1Recovered)),
        new Triple(mean(outcomes, ToaOutcome::emComplete), mean(outcomes, ToaOutcome::emIncomplete),
            mean(outcomes, ToaOutcome::emRecovered)),
        f1r, emr, n - f1r.n(), n - emr.n(), mfrr,
        count(outcomes, OracleAnswer.Status.UNPARSED), count(outcomes, OracleAnswer.Status.NO_MATCH),
        outcomes.stream().mapToInt(o -> o.oracleAnswer().unparsedReplies()).sum());
  }

  private static MeanInterval recovery(List<ToaOutcome> outcomes, Function<ToaOutcome, OptionalDouble> f) {
    return MeanInterval.of(outcomes.stream().map(f).filter(OptionalDouble::isPresent)
        .map(OptionalDouble::getAsDouble).toList());
  }

  private static double mean(List<ToaOutcome> outcomes, ToDoubleFunction<ToaOutcome> f) {
    return outcomes.stream().mapToDouble(f).average().orElse(Double.NaN);
  }

  private static int count(List<ToaOutcome> outcomes, OracleAnswer.Status status) {
    return (int) outcomes.stream().filter(o -> o.oracleAnswer().status() == status).count();
  }
}
