package io.clarq.core.mediq;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How the reference expert reads its model's replies, rule for rule (MediQ {@code expert_basics.py}): the letter,
 * the question, the yes/no decision, the numerical confidence and the Likert rating. Each rule keeps the
 * reference's quirks: an option's text is looked for before a standalone letter, line by line (so a reason that
 * starts with "A" is read as option A); "no" inside "not" or "know" counts as no; a reply with both "yes" and "no"
 * is YES, with neither NO; only numbers with a decimal point are confidences.
 */
public final class ReplyParsing {
  private static final Pattern LETTER_SEPARATORS = Pattern.compile("[,.;@#()?!'/&:$]+ *");
  private static final Pattern FLOAT = Pattern.compile("\\d+\\.\\d+", Pattern.UNICODE_CHARACTER_CLASS);

  private ReplyParsing() {}

  /** A value read from a reply, or the reference's fallback, with whether the reply could be read. */
  public record Parsed<T>(T value, boolean parsed) {}

  /**
   * The letter chosen: the whole reply when it is one letter; else, line by line, the first option whose text the
   * line contains (case-insensitively), then the first letter standing as a word; empty when none.
   */
  public static Optional<String> choice(String reply, Map<String, String> options) {
    String whole = PyText.strip(reply);
    if (MediqCase.LETTERS.contains(whole)) {
      return Optional.of(whole);
    }
    for (String line : PyText.split(reply, "\n")) {
      String lower = line.toLowerCase(Locale.ROOT);
      for (Map.Entry<String, String> o : options.entrySet()) {
        if (lower.contains(o.getValue().toLowerCase(Locale.ROOT))) {
          return Optional.of(o.getKey());
        }
      }
      List<String> tokens = PyText.split(LETTER_SEPARATORS.matcher(line).replaceAll(" "), " ");
      for (String letter : options.keySet()) {
        if (tokens.contains(letter)) {
          return Optional.of(letter);
        }
      }
    }
    return Optional.empty();
  }

  /**
   * The question: of the lines holding a "?", the last; the text after its last ":", stripped, with every quote and
   * apostrophe deleted; empty when no line holds a "?".
   */
  public static Optional<String> question(String reply) {
    String last = null;
    for (String line : PyText.split(reply, "\n")) {
      if (line.contains("?")) {
        List<String> parts = PyText.split(line, ":");
        last = PyText.strip(parts.get(parts.size() - 1));
      }
    }
    if (last == null) {
      return Optional.empty();
    }
    return Optional.of(PyText.strip(last.replace("'", "").replace("\"", "")));
  }

  /** YES or NO: "yes" anywhere (lower-cased, punctuation . , ; : removed) is YES; else "no" anywhere; else NO. */
  public static Parsed<Boolean> yesNo(String reply) {
    String t = PyText.strip(reply.toLowerCase(Locale.ROOT).replace(".", "").replace(",", "").replace(";", "")
        .replace(":", ""));
    boolean yes = t.contains("yes");
    boolean no = t.contains("no");
    return new Parsed<>(yes, yes != no);
  }

  /**
   * The last number with a decimal point in the reply; when there is none, the reference's random fallback
   * {@code round(0.2 + (r1 - r2) * 0.2, 4)} from {@code random}.
   */
  public static Parsed<Double> confidence(String reply, RandomGenerator random) {
    Matcher m = FLOAT.matcher(reply);
    String last = null;
    while (m.find()) {
      last = m.group();
    }
    if (last == null) {
      double r1 = random.nextDouble();
      double r2 = random.nextDouble();
      return new Parsed<>(roundHalfEven(0.2 + (r1 - r2) * 0.2, 4), false);
    }
    StringBuilder ascii = new StringBuilder();
    last.codePoints().forEach(c -> ascii.append(c == '.' ? '.' : (char) ('0' + Character.digit(c, 10))));
    return new Parsed<>(Double.parseDouble(ascii.toString()), true);
  }

  /** The Likert rating 1-5 named in the reply (lower-cased, punctuation removed); 0 when none is named. */
  public static Parsed<Integer> likert(String reply) {
    String t = reply.toLowerCase(Locale.ROOT).replace(".", "").replace(",", "").replace(";", "").replace(":", "");
    int score;
    if (t.contains("very confident")) {
      score = 5;
    } else if (t.contains("somewhat confident")) {
      score = 4;
    } else if (t.contains("neither confident nor unconfident") || t.contains("neither confident or unconfident")) {
      score = 3;
    } else if (t.contains("somewhat unconfident")) {
      score = 2;
    } else if (t.contains("very unconfident")) {
      score = 1;
    } else {
      score = 0;
    }
    return new Parsed<>(score, score != 0);
  }

  private static double roundHalfEven(double v, int places) {
    return new java.math.BigDecimal(v).setScale(places, java.math.RoundingMode.HALF_EVEN).doubleValue();
  }
}
