package io.clarq.core.cq;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * How well a judge's grades agree with people's, per scale: exact agreement (the share of questions given the same
 * grade) and Cohen's kappa, {@code (po - pe) / (1 - pe)}, where po is the exact agreement and pe the agreement
 * expected by chance from each side's own grade shares, {@code sum over grades of p_judge(g) · p_human(g)}. Kappa is
 * undefined when pe = 1 (both sides gave one and the same grade to every question).
 *
 * <p>Only questions with a human rating and a readable judge rating are compared; human ratings the judge did not
 * rate, and judge replies that could not be read, are counted apart (never read as a grade).
 *
 * @param humanRatings human ratings given
 * @param notJudged human-rated questions the judge has no outcome for
 * @param judgeUnparsed human-rated questions whose judge reply could not be read
 * @param scales the agreement on each scale, over the compared questions
 */
public record RubricAgreement(int humanRatings, int notJudged, int judgeUnparsed,
    Map<RubricScale, ScaleAgreement> scales) {
  public RubricAgreement {
    scales = Map.copyOf(scales);
    if (scales.size() != RubricScale.values().length) {
      throw new IllegalArgumentException("illegal rubric agreement: scales " + scales.keySet());
    }
    if (notJudged < 0 || judgeUnparsed < 0 || notJudged + judgeUnparsed > humanRatings) {
      throw new IllegalArgumentException("illegal rubric agreement: " + notJudged + " not judged and "
          + judgeUnparsed + " unparsed of " + humanRatings + " human ratings");
    }
  }

  /**
   * Agreement on one scale.
   *
   * @param compared questions compared
   * @param agreements questions given the same grade by both
   * @param kappa Cohen's kappa, empty when undefined (no questions, or pe = 1)
   */
  public record ScaleAgreement(int compared, int agreements, OptionalDouble kappa) {
    public ScaleAgreement {
      Objects.requireNonNull(kappa, "kappa");
      if (compared < 0 || agreements < 0 || agreements > compared) {
        throw new IllegalArgumentException("illegal agreement " + agreements + " of " + compared);
      }
    }

    /** Agreement of paired grades (judge, human), in order. */
    public static ScaleAgreement of(List<Grade> judge, List<Grade> human) {
      if (judge.size() != human.size()) {
        throw new IllegalArgumentException("agreement needs paired grades: " + judge.size() + " judge, "
            + human.size() + " human");
      }
      int n = judge.size();
      int[] byJudge = new int[Grade.values().length];
      int[] byHuman = new int[Grade.values().length];
      int agree = 0;
      for (int i = 0; i < n; i++) {
        byJudge[judge.get(i).ordinal()]++;
        byHuman[human.get(i).ordinal()]++;
        agree += judge.get(i) == human.get(i) ? 1 : 0;
      }
      if (n == 0) {
        return new ScaleAgreement(0, 0, OptionalDouble.empty());
      }
      double po = (double) agree / n;
      double pe = 0.0;
      for (int g = 0; g < byJudge.length; g++) {
        pe += (double) byJudge[g] / n * byHuman[g] / n;
      }
      return new ScaleAgreement(n, agree, pe == 1.0 ? OptionalDouble.empty() : OptionalDouble.of((po - pe) / (1 - pe)));
    }

    /** agreements / compared, empty when nothing was compared. */
    public OptionalDouble exact() {
      return compared == 0 ? OptionalDouble.empty() : OptionalDouble.of((double) agreements / compared);
    }
  }

  /**
   * Compares a judge's outcomes with human ratings, question by question (matched by id).
   *
   * @param human the people's ratings
   * @param judged the judge's outcome per example id
   */
  public static RubricAgreement of(List<HumanRating> human, Map<String, RubricOutcome> judged) {
    Map<RubricScale, List<Grade>> judgeGrades = new EnumMap<>(RubricScale.class);
    Map<RubricScale, List<Grade>> humanGrades = new EnumMap<>(RubricScale.class);
    for (RubricScale s : RubricScale.values()) {
      judgeGrades.put(s, new java.util.ArrayList<>());
      humanGrades.put(s, new java.util.ArrayList<>());
    }
    int notJudged = 0;
    int unparsed = 0;
    for (HumanRating h : human) {
      RubricOutcome o = judged.get(h.id());
      if (o == null) {
        notJudged++;
      } else if (o instanceof RubricRating r) {
        for (RubricScale s : RubricScale.values()) {
          judgeGrades.get(s).add(r.on(s).grade());
          humanGrades.get(s).add(h.rating().on(s).grade());
        }
      } else {
        unparsed++;
      }
    }
    Map<RubricScale, ScaleAgreement> scales = new EnumMap<>(RubricScale.class);
    for (RubricScale s : RubricScale.values()) {
      scales.put(s, ScaleAgreement.of(judgeGrades.get(s), humanGrades.get(s)));
    }
    return new RubricAgreement(human.size(), notJudged, unparsed, scales);
  }

  /** The agreement on one scale. */
  public ScaleAgreement on(RubricScale scale) {
    return scales.get(scale);
  }
}
