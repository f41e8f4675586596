package io.clarq.core.toa.llm;

import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.TokenLogprob;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * P(yes) from one yes/no reply. With log-probabilities, the reference's rule: a softmax over just "yes" and "no"
 * at the first generated position (token variants such as " Yes" are pooled by log-sum-exp; a class missing from
 * the top alternatives counts as probability 0). Without them, the reply's first word: "yes" is 1, "no" is 0,
 * anything else is unparsed (empty), never counted as "no".
 */
final class YesNoScore {
  private YesNoScore() {}

  /** The score, and whether it came from log-probabilities. */
  record Score(OptionalDouble pYes, boolean fromLogprobs) {}

  static Score of(ChatResponse response) {
    if (!response.logprobs().isEmpty()) {
      TokenLogprob first = response.logprobs().get(0);
      List<TokenLogprob.Alternative> options = new ArrayList<>(first.top());
      options.add(new TokenLogprob.Alternative(first.token(), first.logprob()));
      double yes = logSumExp(options, "yes");
      double no = logSumExp(options, "no");
      if (yes != Double.NEGATIVE_INFINITY || no != Double.NEGATIVE_INFINITY) {
        double p = yes == Double.NEGATIVE_INFINITY ? 0.0
            : no == Double.NEGATIVE_INFINITY ? 1.0 : 1.0 / (1.0 + Math.exp(no - yes));
        return new Score(OptionalDouble.of(p), true);
      }
    }
    String word = firstWord(response.text());
    if (word.equals("yes")) {
      return new Score(OptionalDouble.of(1.0), false);
    }
    if (word.equals("no")) {
      return new Score(OptionalDouble.of(0.0), false);
    }
    return new Score(OptionalDouble.empty(), false);
  }

  /** Log-sum-exp over distinct alternatives whose trimmed, lower-cased token is the word. */
  private static double logSumExp(List<TokenLogprob.Alternative> options, String word) {
    List<Double> lps = new ArrayList<>();
    List<String> seen = new ArrayList<>();
    for (TokenLogprob.Alternative a : options) {
      if (a.token().strip().toLowerCase(Locale.ROOT).equals(word) && !seen.contains(a.token())) {
        seen.add(a.token());
        lps.add(a.logprob());
      }
    }
    if (lps.isEmpty()) {
      return Double.NEGATIVE_INFINITY;
    }
    double max = lps.stream().mapToDouble(Double::doubleValue).max().getAsDouble();
    return max + Math.log(lps.stream().mapToDouble(l -> Math.exp(l - max)).sum());
  }

  /** The leading run of letters, lower-cased, after leading non-letters. */
  static String firstWord(String text) {
    String t = text.strip();
    int i = 0;
    while (i < t.length() && !Character.isLetter(t.charAt(i))) {
      i++;
    }
    int j = i;
    while (j < t.length() && Character.isLetter(t.charAt(j))) {
      j++;
    }
    return t.substring(i, j).toLowerCase(Locale.ROOT);
  }
}
