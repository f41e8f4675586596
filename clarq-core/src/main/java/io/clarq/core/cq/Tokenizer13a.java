package io.clarq.core.cq;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * sacreBLEU's default tokenizer, "13a" (the tokenization of WMT's {@code mteval-v13a.pl}), rule for rule: remove
 * {@code <skipped>}, join "-" + line break, line breaks to spaces, unescape {@code &quot; &amp; &lt; &gt;}; then
 * put spaces around the ASCII symbols {@code { | } ~ [ \ ] ^ _ ` ! " # $ % & ( ) * + : ; < = > ? @ /} and the space;
 * split off "." and "," unless both neighbours are digits; split "-" after a digit; split on whitespace. Case is
 * kept (sacreBLEU's default), and so are apostrophes and hyphens between letters ("Obama's", "family-tree").
 */
public final class Tokenizer13a {
  private static final Pattern SYMBOLS = Pattern.compile("([\\{-~\\[-`\\x20-&\\(-\\+:-@/])");
  private static final Pattern PERIOD_COMMA_AFTER_NON_DIGIT = Pattern.compile("([^0-9])([\\.,])");
  private static final Pattern PERIOD_COMMA_BEFORE_NON_DIGIT = Pattern.compile("([\\.,])([^0-9])");
  private static final Pattern DASH_AFTER_DIGIT = Pattern.compile("([0-9])(-)");

  private Tokenizer13a() {}

  /** The tokens of a line. */
  public static List<String> tokenize(String line) {
    String s = line.replace("<skipped>", "").replace("-\n", "").replace("\n", " ");
    if (s.indexOf('&') >= 0) {
      s = s.replace("&quot;", "\"").replace("&amp;", "&").replace("&lt;", "<").replace("&gt;", ">");
    }
    s = " " + s + " ";
    s = SYMBOLS.matcher(s).replaceAll(" $1 ");
    s = PERIOD_COMMA_AFTER_NON_DIGIT.matcher(s).replaceAll("$1 $2 ");
    s = PERIOD_COMMA_BEFORE_NON_DIGIT.matcher(s).replaceAll(" $1 $2");
    s = DASH_AFTER_DIGIT.matcher(s).replaceAll("$1 $2 ");
    return splitWhitespace(s);
  }

  /** Python's {@code str.split()}: runs of Unicode whitespace separate tokens. */
  static List<String> splitWhitespace(String s) {
    List<String> tokens = new ArrayList<>();
    int start = -1;
    for (int i = 0; i < s.length(); ) {
      int cp = s.codePointAt(i);
      boolean space = Character.isWhitespace(cp) || Character.isSpaceChar(cp);
      if (space && start >= 0) {
        tokens.add(s.substring(start, i));
        start = -1;
      } else if (!space && start < 0) {
        start = i;
      }
      i += Character.charCount(cp);
    }
    if (start >= 0) {
      tokens.add(s.substring(start));
    }
    return tokens;
  }
}
