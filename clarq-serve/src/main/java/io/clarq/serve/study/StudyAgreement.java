package io.clarq.serve.study;

import io.clarq.core.cq.Grade;
import io.clarq.core.cq.RubricScale;
import io.clarq.core.stats.Kappa;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The raters' agreement in a rating study, per scale, over the items rated by the most common number of raters (at
 * least two): Cohen's kappa when that number is two and the same two people rated every such item, Fleiss' kappa
 * otherwise ({@link Kappa}). Items rated by fewer people (a study still under way) are left out and counted.
 *
 * @param raters how many raters rated each compared item
 * @param items the items compared
 * @param leftOut rated items left out (another number of raters)
 * @param method "cohen", "fleiss", or "none" when fewer than two items have two or more ratings
 * @param kappa per scale; empty when undefined
 */
public record StudyAgreement(int raters, int items, int leftOut, String method, Map<RubricScale, OptionalDouble> kappa) {
  public StudyAgreement {
    kappa = Map.copyOf(kappa);
  }

  /** The agreement of a study's finished ratings. */
  public static StudyAgreement of(Study study) {
    Map<Long, StudyStore.Session> sessions = new HashMap<>();
    study.store().allSessions().forEach(s -> sessions.put(s.id(), s));
    // item -> participant -> scale -> grade
    Map<String, Map<Long, Map<RubricScale, Grade>>> byItem = new java.util.LinkedHashMap<>();
    for (StudyStore.Rating r : study.store().allRatings()) {
      StudyStore.Session s = sessions.get(r.session());
      if (s != null && s.finished()) {
        byItem.computeIfAbsent(s.item(), k -> new java.util.TreeMap<>())
            .computeIfAbsent(s.participant(), k -> new EnumMap<>(RubricScale.class))
            .put(RubricScale.valueOf(r.scale()), Grade.valueOf(r.grade()));
      }
    }
    Map<Integer, Integer> counts = new HashMap<>();
    byItem.values().forEach(m -> counts.merge(m.size(), 1, Integer::sum));
    int raters = counts.entrySet().stream().filter(e -> e.getKey() >= 2)
        .max(Map.Entry.<Integer, Integer>comparingByValue().thenComparing(Map.Entry.comparingByKey()))
        .map(Map.Entry::getKey).orElse(0);
    List<Map<Long, Map<RubricScale, Grade>>> compared = byItem.values().stream().filter(m -> m.size() == raters)
        .toList();
    int leftOut = byItem.size() - compared.size();
    Map<RubricScale, OptionalDouble> kappa = new EnumMap<>(RubricScale.class);
    if (raters < 2 || compared.size() < 2) {
      for (RubricScale scale : RubricScale.values()) {
        kappa.put(scale, OptionalDouble.empty());
      }
      return new StudyAgreement(raters, compared.size(), leftOut, "none", kappa);
    }
    boolean samePair = raters == 2 && compared.stream().map(Map::keySet).distinct().count() == 1;
    for (RubricScale scale : RubricScale.values()) {
      if (samePair) {
        List<Grade> a = new ArrayList<>();
        List<Grade> b = new ArrayList<>();
        for (Map<Long, Map<RubricScale, Grade>> m : compared) {
          List<Map<RubricScale, Grade>> two = new ArrayList<>(m.values());
          a.add(two.get(0).get(scale));
          b.add(two.get(1).get(scale));
        }
        kappa.put(scale, Kappa.cohen(a, b));
      } else {
        kappa.put(scale, Kappa.fleiss(compared.stream()
            .map(m -> m.values().stream().map(g -> g.get(scale)).toList()).toList()));
      }
    }
    return new StudyAgreement(raters, compared.size(), leftOut, samePair ? "cohen" : "fleiss", kappa);
  }
}
