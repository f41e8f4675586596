package io.clarq.eval.clarqllm.audit;

import io.clarq.core.clarqllm.provider.ProviderAgent;
import io.clarq.core.clarqllm.provider.ProviderReply;
import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.Trials;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The provider's share of a run's noise: the same recorded turns (same history, same tree state) replied to in
 * {@code K} trials, trial t with seed 8848 + t - 1 ({@link Trials}), and how often the provider's decision changes
 * between them: Response I vs II, the nodes given, and its reading (answerable, or the intent behind a Response II).
 * With the seeker's lines held fixed, a flip here is the provider's alone.
 *
 * @param trials K
 * @param turns the turns replayed
 * @param decisionFlips turns whose Response I / II differs between trials
 * @param nodeFlips turns whose set of nodes given differs between trials
 * @param readingFlips turns whose reading (answerable, or the intent of a Response II) differs between trials
 */
public record ProviderNoise(int trials, int turns, int decisionFlips, int nodeFlips, int readingFlips) {
  public ProviderNoise {
    if (trials < 2) {
      throw new IllegalArgumentException("illegal trial count " + trials + ": noise needs at least 2 trials");
    }
    if (turns < 0 || decisionFlips < 0 || decisionFlips > nodeFlips || nodeFlips > turns || readingFlips < 0
        || readingFlips > turns) {
      throw new IllegalArgumentException("illegal provider noise counts: " + turns + " turns, " + decisionFlips
          + " decision, " + nodeFlips + " node and " + readingFlips + " reading flips (a decision flip is a node flip,"
          + " and no count exceeds the turns)");
    }
  }

  /**
   * Replies to every turn in each of {@code trials} trials, trial 1's replies taken from {@code trial1} (the audit
   * already asked them), and counts the flips.
   *
   * @param trial1 the audit of the turns (trial 1, seed 8848)
   * @param providerForRun the provider audited, by run name, as the audit had it
   * @throws LlmException when a model behind the provider could not be reached
   */
  public static ProviderNoise measure(AuditReport trial1, Function<String, ProviderAgent> providerForRun, int trials)
      throws LlmException {
    Objects.requireNonNull(trial1, "trial1");
    if (trials < 2) {
      throw new IllegalArgumentException("illegal trial count " + trials + ": noise needs at least 2 trials");
    }
    Map<String, ProviderAgent> providers = new HashMap<>();
    List<List<ProviderReply>> replies = new ArrayList<>();
    for (AuditedTurn a : trial1.turns()) {
      List<ProviderReply> r = new ArrayList<>();
      r.add(a.reply());
      replies.add(r);
    }
    for (int t = 2; t <= trials; t++) {
      for (int i = 0; i < trial1.turns().size(); i++) {
        RecordedTurn turn = trial1.turns().get(i).recorded();
        replies.get(i).add(providers.computeIfAbsent(turn.run(), providerForRun).reply(turn.providerTurn(t)));
      }
    }
    return of(trials, replies);
  }

  /** The flips in each turn's replies, one per trial. */
  static ProviderNoise of(int trials, List<List<ProviderReply>> replies) {
    int decision = 0;
    int nodes = 0;
    int reading = 0;
    for (List<ProviderReply> r : replies) {
      if (r.size() != trials) {
        throw new IllegalArgumentException("illegal replies: " + r.size() + " for " + trials + " trials");
      }
      decision += r.stream().map(x -> x.nodes().isEmpty()).distinct().count() > 1 ? 1 : 0;
      nodes += r.stream().map(x -> (Set<NodeId>) new TreeSet<>(x.nodes())).distinct().count() > 1 ? 1 : 0;
      reading += r.stream().map(ProviderNoise::reading).distinct().count() > 1 ? 1 : 0;
    }
    return new ProviderNoise(trials, replies.size(), decision, nodes, reading);
  }

  private static String reading(ProviderReply r) {
    if (r.kind() == io.clarq.core.clarqllm.provider.ReplyKind.RESPONSE_I) {
      return "answerable";
    }
    return r.intent().map(i -> i.name().toLowerCase(Locale.ROOT)).orElse("unclassified");
  }

  /** One small table: the turns, the trials and the share of turns flipping in each respect. */
  public String table() {
    return String.format(Locale.ROOT, "provider noise: the same %d recorded turns replied to in %d trials (seeds %d-%d)"
        + "%n%-34s %6s  %7s%n%-34s %6d  %7.4f%n%-34s %6d  %7.4f%n%-34s %6d  %7.4f%n", turns, trials, Trials.seed(1),
        Trials.seed(trials), "decision flips between trials", "turns", "share",
        "Response I vs II", decisionFlips, share(decisionFlips), "node(s) given", nodeFlips, share(nodeFlips),
        "reading (answerable or intent)", readingFlips, share(readingFlips));
  }

  /** The share of turns whose decision flips; NaN without turns. */
  public double share(int flips) {
    return turns == 0 ? Double.NaN : flips / (double) turns;
  }
}
