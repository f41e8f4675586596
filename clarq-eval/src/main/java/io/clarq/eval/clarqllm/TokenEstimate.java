package io.clarq.eval.clarqllm;

/** Tokens of a text, estimated from its characters (the forecast's measure; no tokenizer is needed). */
public final class TokenEstimate {
  private TokenEstimate() {}

  /** Below the first Hangul Jamo (U+1100) no code point is Han, Hiragana, Katakana or Hangul. */
  private static final int FIRST_CJK = 0x1100;

  /** The tokens of {@code text}: one per CJK character, one per four other characters (rounded up). */
  public static long tokens(String text) {
    long cjk = 0;
    long other = 0;
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      i += Character.charCount(cp);
      if (cp < FIRST_CJK) {
        other++;
        continue;
      }
      Character.UnicodeScript s = Character.UnicodeScript.of(cp);
      if (s == Character.UnicodeScript.HAN || s == Character.UnicodeScript.HIRAGANA
          || s == Character.UnicodeScript.KATAKANA || s == Character.UnicodeScript.HANGUL) {
        cjk++;
      } else {
        other++;
      }
    }
    return cjk + (other + 3) / 4;
  }
}
