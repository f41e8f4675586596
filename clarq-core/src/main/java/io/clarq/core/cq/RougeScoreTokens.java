package io.clarq.core.cq;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The default tokenizer of Google's rouge-score package ({@code rouge_score.tokenize}, no stemmer): lower case, every
 * run of characters other than ASCII a-z and 0-9 is a separator ("Obama's" becomes "obama", "s"; "Zürich" becomes
 * "z", "rich"), empty tokens dropped.
 */
public final class RougeScoreTokens {
  private RougeScoreTokens() {}

  /** The tokens of a text. */
  public static List<String> tokenize(String text) {
    String lower = text.toLowerCase(Locale.ROOT);
    List<String> tokens = new ArrayList<>();
    int start = -1;
    for (int i = 0; i <= lower.length(); i++) {
      char c = i < lower.length() ? lower.charAt(i) : ' ';
      boolean keep = c >= 'a' && c <= 'z' || c >= '0' && c <= '9';
      if (keep && start < 0) {
        start = i;
      } else if (!keep && start >= 0) {
        tokens.add(lower.substring(start, i));
        start = -1;
      }
    }
    return tokens;
  }
}
