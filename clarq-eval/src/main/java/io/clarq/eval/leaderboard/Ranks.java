package io.clarq.eval.leaderboard;

/**
 * The rank rule of every board: a run's rank is 1 + the number of runs significantly better than it, raised where
 * needed to the rank of any run with a higher score, so that ranks never fall as the score falls; runs of equal score
 * share a rank.
 */
final class Ranks {
  private Ranks() {}

  /**
   * The ranks of runs ordered by score, highest first.
   *
   * @param scores each run's score, in non-increasing order
   * @param better for each run, how many runs are significantly better than it
   * @return each run's rank, from 1
   */
  static int[] monotone(double[] scores, int[] better) {
    if (scores.length != better.length) {
      throw new IllegalArgumentException("illegal ranking: " + scores.length + " scores, " + better.length
          + " counts of better runs");
    }
    int n = scores.length;
    int[] rank = new int[n];
    int floor = 1;
    for (int start = 0; start < n; ) {
      int end = start;
      int r = floor;
      while (end < n && scores[end] == scores[start]) {
        r = Math.max(r, 1 + better[end]);
        end++;
      }
      for (int k = start; k < end; k++) {
        rank[k] = r;
      }
      floor = r;
      start = end;
    }
    return rank;
  }
}
