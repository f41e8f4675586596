package io.clarq.core.cq;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The tokenizer every overlap metric and the facet-word check use. ClariQ-FKw's reference questions are lower case
 * without punctuation ("are you interested in seeing barack obamas family"), so a generated "Barack Obama's family?"
 * must be brought to the same shape before words are compared: lower case (root locale); apostrophes (' and U+2019)
 * deleted, so "obama's" becomes "obamas"; every other character that is not a letter or digit is a separator.
 */
public final class OverlapTokens {
  private OverlapTokens() {}

  /** The tokens of a text; empty for blank text. */
  public static List<String> tokenize(String text) {
    String lower = text.toLowerCase(Locale.ROOT);
    List<String> tokens = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (int i = 0; i < lower.length(); ) {
      int cp = lower.codePointAt(i);
      i += Character.charCount(cp);
      if (cp == '\'' || cp == '\u2019') {
        continue;
      }
      if (Character.isLetterOrDigit(cp)) {
        current.appendCodePoint(cp);
      } else if (current.length() > 0) {
        tokens.add(current.toString());
        current.setLength(0);
      }
    }
    if (current.length() > 0) {
      tokens.add(current.toString());
    }
    return tokens;
  }
}
