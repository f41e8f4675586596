package io.clarq.core.toa;

import io.clarq.core.toa.flm.FactRole;
import java.util.List;
import java.util.OptionalDouble;

/**
 * The response flow of the TOA paper's Table 5: the oracle's responses split into the masked fact f* and every other
 * sentence ("distractor" responses), each split by whether the primary model's F1 on x^r rose (+), stayed (=) or
 * fell (-) against x^i; and the distractor hallucination rate, distractor(-) / distractor responses.
 *
 * <p>Shares are of the examples where the oracle returned a sentence ({@link #responses()}); examples where it
 * returned nothing (unparsed, no match) are counted in {@link #noResponse()} and left out, since x^r is then x^i.
 * With the paper's random pick for an unparsed choice every example has a response and the shares are the paper's.
 * A "distractor" response may be another supporting fact already in x^i; {@link #distractorSupporting()} says how
 * many were.
 *
 * @param masked responses that were f*, by F1 change
 * @param distractor responses that were any other sentence, by F1 change
 * @param distractorSupporting of the distractor responses, those that were another supporting fact
 * @param noResponse examples where the oracle returned nothing
 */
public record ResponseFlow(Change masked, Change distractor, int distractorSupporting, int noResponse) {
  /**
   * Counts of responses by the change they made to the primary model's F1.
   *
   * @param rose F1(x^r) &gt; F1(x^i)
   * @param same F1(x^r) = F1(x^i)
   * @param fell F1(x^r) &lt; F1(x^i)
   */
  public record Change(int rose, int same, int fell) {
    public Change {
      if (rose < 0 || same < 0 || fell < 0) {
        throw new IllegalArgumentException("illegal response counts +" + rose + " =" + same + " -" + fell
            + ": must be non-negative");
      }
    }

    /** All responses of this kind. */
    public int total() {
      return rose + same + fell;
    }
  }

  public ResponseFlow {
    java.util.Objects.requireNonNull(masked, "masked");
    java.util.Objects.requireNonNull(distractor, "distractor");
    if (distractorSupporting < 0 || distractorSupporting > distractor.total() || noResponse < 0) {
      throw new IllegalArgumentException("illegal response flow: " + distractorSupporting
          + " supporting of " + distractor.total() + " distractor responses, " + noResponse + " without response");
    }
  }

  /** The flow of a run's outcomes; a pure function of them. */
  public static ResponseFlow of(List<ToaOutcome> outcomes) {
    int[] m = new int[3];
    int[] d = new int[3];
    int supporting = 0;
    int none = 0;
    for (ToaOutcome o : outcomes) {
      if (o.oracleAnswer().response().isEmpty()) {
        none++;
        continue;
      }
      int change = (int) Math.signum(o.f1Recovered() - o.f1Incomplete());
      (o.maskedFactReturned() ? m : d)[1 - change]++;
      if (!o.maskedFactReturned() && o.oracleAnswer().response().get().role() == FactRole.SUPPORTING) {
        supporting++;
      }
    }
    return new ResponseFlow(new Change(m[0], m[1], m[2]), new Change(d[0], d[1], d[2]), supporting, none);
  }

  /** Examples where the oracle returned a sentence: the denominator of every share. */
  public int responses() {
    return masked.total() + distractor.total();
  }

  /** {@code count / responses()}, empty when there were no responses. */
  public OptionalDouble share(int count) {
    return responses() == 0 ? OptionalDouble.empty() : OptionalDouble.of((double) count / responses());
  }

  /** Distractor responses that lowered F1, over all distractor responses; empty when there were none. */
  public OptionalDouble hallucinationRate() {
    return distractor.total() == 0 ? OptionalDouble.empty()
        : OptionalDouble.of((double) distractor.fell() / distractor.total());
  }
}
