package io.clarq.core.toa;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * HotpotQA's official answer scoring ({@code hotpot_evaluate_v1.py}): {@code normalize_answer}, {@code f1_score} and
 * {@code exact_match_score}, reproduced character class by character class.
 *
 * <ul>
 *   <li>lower case (Unicode, as Python's {@code str.lower});
 *   <li>remove ASCII punctuation ({@code string.punctuation}; other punctuation such as "–" or "’" stays);
 *   <li>replace the words a, an, the by a space (a word is a maximal run of Python {@code \w} characters: letters,
 *       numbers, underscore);
 *   <li>collapse whitespace (Python's {@code str.split()}: Unicode whitespace).
 * </ul>
 *
 * F1 is 0 when either normalised side is "yes", "no" or "noanswer" and the two differ, and 0 when no token is shared
 * (so two empty answers have F1 0 but exact match 1, as in the official script).
 */
public final class HotpotAnswerMetrics {
  private static final String PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
  private static final Set<String> ARTICLES = Set.of("a", "an", "the");
  private static final Set<String> SPECIAL = Set.of("yes", "no", "noanswer");

  private HotpotAnswerMetrics() {}

  /** {@code normalize_answer}. */
  public static String normalize(String s) {
    String lower = s.toLowerCase(Locale.ROOT);
    StringBuilder noPunct = new StringBuilder(lower.length());
    lower.codePoints().filter(cp -> PUNCTUATION.indexOf(cp) < 0).forEach(noPunct::appendCodePoint);
    return String.join(" ", splitWhitespace(removeArticles(noPunct.toString())));
  }

  /** {@code f1_score(prediction, ground_truth)[0]}. */
  public static double f1(String prediction, String groundTruth) {
    String p = normalize(prediction);
    String g = normalize(groundTruth);
    if ((SPECIAL.contains(p) || SPECIAL.contains(g)) && !p.equals(g)) {
      return 0.0;
    }
    List<String> pt = splitWhitespace(p);
    List<String> gt = splitWhitespace(g);
    Map<String, Integer> counts = new HashMap<>();
    gt.forEach(t -> counts.merge(t, 1, Integer::sum));
    int same = 0;
    for (String t : pt) {
      Integer c = counts.get(t);
      if (c != null && c > 0) {
        counts.put(t, c - 1);
        same++;
      }
    }
    if (same == 0) {
      return 0.0;
    }
    double precision = (double) same / pt.size();
    double recall = (double) same / gt.size();
    return 2 * precision * recall / (precision + recall);
  }

  /** {@code exact_match_score}: 1 when the normalised strings are equal, else 0. */
  public static double exactMatch(String prediction, String groundTruth) {
    return normalize(prediction).equals(normalize(groundTruth)) ? 1.0 : 0.0;
  }

  /** {@code re.sub(r'\b(a|an|the)\b', ' ', text)} with Python's Unicode {@code \w}. */
  private static String removeArticles(String text) {
    StringBuilder out = new StringBuilder(text.length());
    int i = 0;
    while (i < text.length()) {
      int cp = text.codePointAt(i);
      if (!isWordChar(cp)) {
        out.appendCodePoint(cp);
        i += Character.charCount(cp);
        continue;
      }
      int end = i;
      while (end < text.length() && isWordChar(text.codePointAt(end))) {
        end += Character.charCount(text.codePointAt(end));
      }
      String word = text.substring(i, end);
      out.append(ARTICLES.contains(word) ? " " : word);
      i = end;
    }
    return out.toString();
  }

  /** Python's {@code str.isalnum() or ch == '_'}: letters, decimal/letter/other numbers, underscore. */
  private static boolean isWordChar(int cp) {
    if (cp == '_' || Character.isLetter(cp)) {
      return true;
    }
    int type = Character.getType(cp);
    return type == Character.DECIMAL_DIGIT_NUMBER || type == Character.LETTER_NUMBER
        || type == Character.OTHER_NUMBER;
  }

  /** Python's {@code str.split()} without arguments. */
  static List<String> splitWhitespace(String s) {
    List<String> tokens = new ArrayList<>();
    int start = -1;
    for (int i = 0; i < s.length(); ) {
      int cp = s.codePointAt(i);
      if (isPythonWhitespace(cp)) {
        if (start >= 0) {
          tokens.add(s.substring(start, i));
          start = -1;
        }
      } else if (start < 0) {
        start = i;
      }
      i += Character.charCount(cp);
    }
    if (start >= 0) {
      tokens.add(s.substring(start));
    }
    return tokens;
  }

  /** Python's {@code str.isspace} for one code point. */
  private static boolean isPythonWhitespace(int cp) {
    return (cp >= 0x09 && cp <= 0x0d) || (cp >= 0x1c && cp <= 0x20) || cp == 0x85 || cp == 0xa0 || cp == 0x1680
        || (cp >= 0x2000 && cp <= 0x200a) || cp == 0x2028 || cp == 0x2029 || cp == 0x202f || cp == 0x205f
        || cp == 0x3000;
  }
}
