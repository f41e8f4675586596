package io.clarq.eval.clarqllm.audit;

/**
 * How often a provider chose as the recorded provider did, over some turns.
 *
 * @param turns turns compared
 * @param sameDecision turns where both gave Response I or both gave Response II
 * @param sameChoice turns with the same node (multi-info: the same set of nodes), or Response II from both
 */
public record Agreement(int turns, int sameDecision, int sameChoice) {
  /** No turn yet. */
  public static final Agreement NONE = new Agreement(0, 0, 0);

  public Agreement {
    if (turns < 0 || sameDecision < 0 || sameChoice < 0 || sameDecision > turns || sameChoice > sameDecision) {
      throw new IllegalArgumentException("illegal agreement: turns " + turns + ", same decision " + sameDecision
          + ", same choice " + sameChoice + " (need 0 <= same choice <= same decision <= turns)");
    }
  }

  /** This tally plus one turn. */
  public Agreement plus(boolean decision, boolean choice) {
    return new Agreement(turns + 1, sameDecision + (decision ? 1 : 0), sameChoice + (choice ? 1 : 0));
  }

  /** Share of turns with the same decision (Response I vs II); 0 without turns. */
  public double decisionAgreement() {
    return turns == 0 ? 0 : (double) sameDecision / turns;
  }

  /** Share of turns with exactly the same choice; 0 without turns. */
  public double exactAgreement() {
    return turns == 0 ? 0 : (double) sameChoice / turns;
  }
}
