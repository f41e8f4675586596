package io.clarq.core.toa;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The figures of a TOA run over many examples.
 *
 * @param examples the number of outcomes
 * @param f1 mean F1 of M1 on x^c, x^i and x^r
 * @param em mean exact match of M1 on x^c, x^i and x^r
 * @param f1Recovery the paper's F1 recovery: the ratio of the mean F1s ({@link Recovery}), with a bootstrap interval
 * @param emRecovery the paper's EM recovery, likewise
 * @param perExampleF1Recovery a different statistic: the mean of per-example F1 recovery ratios with its normal
 *     interval, over the examples where the ratio is defined; unbounded, not comparable with the paper
 * @param perExampleEmRecovery likewise for EM
 * @param maskedFactResponseRate MFRR: share of all examples where the oracle returned f* (empty when no examples);
 *     unparsed and unmatched questions count as misses
 * @param responseFlow the paper's Table 5: masked and distractor responses by F1 change, the hallucination rate
 * @param improvability how many examples were checked for improvability and how many were improvable, when checked
 * @param unparsed oracle answers that named no candidate
 * @param noMatch oracle answers with no candidate matching the question at all
 * @param unparsedReplies per-candidate model replies that could not be read as a score, summed over examples
 */
public record ToaSummary(
    int examples,
    Triple f1,
    Triple em,
    RecoveryEstimate f1Recovery,
    RecoveryEstimate emRecovery,
    MeanInterval perExampleF1Recovery,
    MeanInterval perExampleEmRecovery,
    OptionalDouble maskedFactResponseRate,
    ResponseFlow responseFlow,
    Optional<ImprovableShare> improvability,
    int unparsed,
    int noMatch,
    int unparsedReplies) {

  /** Mean scores on the complete, incomplete and recovered examples (NaN when there are no examples). */
  public record Triple(double complete, double incomplete, double recovered) {}

  /**
   * The share of improvable examples ({@link Improvability}).
   *
   * @param checked examples checked
   * @param improvable examples where some candidate raised F1
   */
  public record ImprovableShare(int checked, int improvable) {
    public ImprovableShare {
      if (checked < 1 || improvable < 0 || improvable > checked) {
        throw new IllegalArgumentException("illegal improvable share " + improvable + " of " + checked);
      }
    }

    /** improvable / checked. */
    public double share() {
      return (double) improvable / checked;
    }
  }

  public ToaSummary {
    Objects.requireNonNull(f1Recovery, "f1Recovery");
    Objects.requireNonNull(emRecovery, "emRecovery");
    Objects.requireNonNull(responseFlow, "responseFlow");
    Objects.requireNonNull(improvability, "improvability");
  }

  /** Summarises outcomes with the default bootstrap ({@link RecoveryBootstrap#DEFAULT}). */
  public static ToaSummary of(List<ToaOutcome> outcomes) {
    return of(outcomes, RecoveryBootstrap.DEFAULT);
  }

  /** Summarises outcomes; a pure function of them and the bootstrap's seed. */
  public static ToaSummary of(List<ToaOutcome> outcomes, RecoveryBootstrap bootstrap) {
    int n = outcomes.size();
    OptionalDouble mfrr = n == 0 ? OptionalDouble.empty()
        : OptionalDouble.of((double) outcomes.stream().filter(ToaOutcome::maskedFactReturned).count() / n);
    List<Improvability> checked = outcomes.stream().map(ToaOutcome::improvability).flatMap(Optional::stream)
        .toList();
    Optional<ImprovableShare> improvable = checked.isEmpty() ? Optional.empty()
        : Optional.of(new ImprovableShare(checked.size(),
            (int) checked.stream().filter(Improvability::improvable).count()));
    return new ToaSummary(n,
        new Triple(mean(outcomes, ToaOutcome::f1Complete), mean(outcomes, ToaOutcome::f1Incomplete),
            mean(outcomes, ToaOutcome::f1Recovered)),
        new Triple(mean(outcomes, ToaOutcome::emComplete), mean(outcomes, ToaOutcome::emIncomplete),
            mean(outcomes, ToaOutcome::emRecovered)),
        bootstrap.estimate(scores(outcomes, ToaOutcome::f1Complete), scores(outcomes, ToaOutcome::f1Incomplete),
            scores(outcomes, ToaOutcome::f1Recovered)),
        bootstrap.estimate(scores(outcomes, ToaOutcome::emComplete), scores(outcomes, ToaOutcome::emIncomplete),
            scores(outcomes, ToaOutcome::emRecovered)),
        perExample(outcomes, ToaOutcome::f1RecoveryOfExample), perExample(outcomes, ToaOutcome::emRecoveryOfExample),
        mfrr, ResponseFlow.of(outcomes), improvable,
        count(outcomes, OracleAnswer.Status.UNPARSED), count(outcomes, OracleAnswer.Status.NO_MATCH),
        outcomes.stream().mapToInt(o -> o.oracleAnswer().unparsedReplies()).sum());
  }

  /** Examples whose per-example F1 ratio is undefined (F1(x^c) = F1(x^i)): left out of its mean. */
  public int undefinedPerExampleF1() {
    return examples - perExampleF1Recovery.n();
  }

  /** Examples whose per-example EM ratio is undefined (EM(x^c) = EM(x^i)): left out of its mean. */
  public int undefinedPerExampleEm() {
    return examples - perExampleEmRecovery.n();
  }

  private static MeanInterval perExample(List<ToaOutcome> outcomes, Function<ToaOutcome, OptionalDouble> f) {
    return MeanInterval.of(outcomes.stream().map(f).filter(OptionalDouble::isPresent)
        .map(OptionalDouble::getAsDouble).toList());
  }

  private static double[] scores(List<ToaOutcome> outcomes, ToDoubleFunction<ToaOutcome> f) {
    return outcomes.stream().mapToDouble(f).toArray();
  }

  private static double mean(List<ToaOutcome> outcomes, ToDoubleFunction<ToaOutcome> f) {
    return outcomes.stream().mapToDouble(f).average().orElse(Double.NaN);
  }

  private static int count(List<ToaOutcome> outcomes, OracleAnswer.Status status) {
    return (int) outcomes.stream().filter(o -> o.oracleAnswer().status() == status).count();
  }
}
