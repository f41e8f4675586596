package io.clarq.core.stats;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * Chance-corrected agreement between raters who put the same items into categories.
 *
 * <ul>
 *   <li>{@link #cohen Cohen's kappa} (two raters): {@code (po - pe) / (1 - pe)}, po the share of items both raters put
 *       in the same category, pe the agreement expected by chance from each rater's own category shares,
 *       {@code sum over categories of p_a(c) · p_b(c)} (as scikit-learn's {@code cohen_kappa_score} computes it).
 *   <li>{@link #fleiss Fleiss' kappa} (any number of raters, the same number for every item): {@code (P - Pe) / (1 -
 *       Pe)}, P the mean over items of the share of agreeing rater pairs, Pe the sum of the squared overall category
 *       shares (as statsmodels' {@code fleiss_kappa} computes it with its default method).
 * </ul>
 *
 * <p>Both are undefined (empty) when chance agreement is 1: every rating in one and the same category.
 */
public final class Kappa {
  private Kappa() {}

  /**
   * Cohen's kappa of two raters' categories for the same items, in item order.
   *
   * @throws IllegalArgumentException when the lists differ in length, are empty or hold a null
   */
  public static <C> OptionalDouble cohen(List<C> raterA, List<C> raterB) {
    Objects.requireNonNull(raterA, "raterA");
    Objects.requireNonNull(raterB, "raterB");
    if (raterA.size() != raterB.size()) {
      throw new IllegalArgumentException("illegal ratings for Cohen's kappa: rater A rated " + raterA.size()
          + " items, rater B " + raterB.size() + "; they must rate the same items");
    }
    if (raterA.isEmpty()) {
      throw new IllegalArgumentException("illegal ratings for Cohen's kappa: no item rated");
    }
    int n = raterA.size();
    Map<C, Integer> countA = new HashMap<>();
    Map<C, Integer> countB = new HashMap<>();
    int agree = 0;
    for (int i = 0; i < n; i++) {
      C a = raterA.get(i);
      C b = raterB.get(i);
      if (a == null || b == null) {
        throw new IllegalArgumentException("illegal ratings for Cohen's kappa: item " + (i + 1) + " has no category"
            + " from rater " + (a == null ? "A" : "B"));
      }
      countA.merge(a, 1, Integer::sum);
      countB.merge(b, 1, Integer::sum);
      if (a.equals(b)) {
        agree++;
      }
    }
    double po = (double) agree / n;
    double pe = 0;
    for (Map.Entry<C, Integer> e : countA.entrySet()) {
      pe += (double) e.getValue() / n * countB.getOrDefault(e.getKey(), 0) / n;
    }
    return pe >= 1 ? OptionalDouble.empty() : OptionalDouble.of((po - pe) / (1 - pe));
  }

  /**
   * Fleiss' kappa from each item's ratings (one list per item, one category per rater; every item rated by the same
   * number of raters, at least two).
   *
   * @throws IllegalArgumentException when there is no item, an item has fewer than two ratings, or items have
   *     different numbers of ratings (the error names the item, counted from 1)
   */
  public static <C> OptionalDouble fleiss(List<? extends List<C>> itemRatings) {
    Objects.requireNonNull(itemRatings, "itemRatings");
    if (itemRatings.isEmpty()) {
      throw new IllegalArgumentException("illegal ratings for Fleiss' kappa: no item rated");
    }
    int raters = itemRatings.get(0).size();
    Map<C, Integer> index = new LinkedHashMap<>();
    List<int[]> rows = new ArrayList<>();
    for (int i = 0; i < itemRatings.size(); i++) {
      List<C> ratings = itemRatings.get(i);
      if (ratings.size() < 2 || ratings.size() != raters) {
        throw new IllegalArgumentException("illegal ratings for Fleiss' kappa: item " + (i + 1) + " has "
            + ratings.size() + " ratings, expected " + Math.max(2, raters) + " like item 1 (at least two)");
      }
      for (C c : ratings) {
        index.putIfAbsent(Objects.requireNonNull(c, () -> "a category of a rating is null"), index.size());
      }
    }
    for (List<C> ratings : itemRatings) {
      int[] row = new int[index.size()];
      ratings.forEach(c -> row[index.get(c)]++);
      rows.add(row);
    }
    return fleissCounts(rows.toArray(int[][]::new));
  }

  /**
   * Fleiss' kappa from a table of counts: {@code counts[item][category]} raters put the item in the category; every
   * row has the same sum, at least two (statsmodels' table layout).
   */
  public static OptionalDouble fleissCounts(int[][] counts) {
    Objects.requireNonNull(counts, "counts");
    if (counts.length == 0) {
      throw new IllegalArgumentException("illegal table for Fleiss' kappa: no item rated");
    }
    int categories = counts[0].length;
    int raters = -1;
    double[] categoryTotals = new double[categories];
    double agreement = 0;
    for (int i = 0; i < counts.length; i++) {
      if (counts[i].length != categories) {
        throw new IllegalArgumentException("illegal table for Fleiss' kappa: row " + (i + 1) + " has "
            + counts[i].length + " categories, row 1 has " + categories);
      }
      int sum = 0;
      long pairs = 0;
      for (int c = 0; c < categories; c++) {
        if (counts[i][c] < 0) {
          throw new IllegalArgumentException("illegal table for Fleiss' kappa: row " + (i + 1) + " has a negative"
              + " count " + counts[i][c]);
        }
        sum += counts[i][c];
        pairs += (long) counts[i][c] * (counts[i][c] - 1);
        categoryTotals[c] += counts[i][c];
      }
      if (raters < 0) {
        raters = sum;
      }
      if (sum != raters || sum < 2) {
        throw new IllegalArgumentException("illegal table for Fleiss' kappa: row " + (i + 1) + " sums to " + sum
            + " ratings, expected " + Math.max(2, raters) + " like row 1 (at least two)");
      }
      agreement += (double) pairs / ((long) raters * (raters - 1));
    }
    double total = (double) counts.length * raters;
    double p = agreement / counts.length;
    double pe = 0;
    for (double t : categoryTotals) {
      pe += (t / total) * (t / total);
    }
    return pe >= 1 ? OptionalDouble.empty() : OptionalDouble.of((p - pe) / (1 - pe));
  }
}
