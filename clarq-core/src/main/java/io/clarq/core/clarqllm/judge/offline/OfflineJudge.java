package io.clarq.core.clarqllm.judge.offline;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.judge.JudgeQuestion;
import io.clarq.core.clarqllm.judge.Verdict;
import io.clarq.core.clarqllm.task.Language;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Answers the reference judge's question (does any leftover provider line carry this gold line's information?)
 * from the text alone, deliberately strict: "match" only when one leftover line restates the gold line, that is,
 * holds at least {@link #DEFAULT_COVERAGE} of the gold line's content terms and every number in it. Content terms:
 * in English, lower-cased words without stop words, with a plural/verb ending (-s, -es, -ed, -ing) cut (crudely, but
 * alike on both sides); in Chinese,
 * the bigrams of consecutive Han characters plus any Latin words and numbers. The purpose is not read: the judge
 * asks only whether the information is there, not whether the seeker noticed the need for it.
 *
 * <p>Being strict, it errs towards "no": a success it grants is one a reader can check by eye in the transcript,
 * and the figure it gives is close to the lower end of the range left by unjudged dialogues. Its agreement with the
 * reference GPT-4o judge's 560 recorded verdicts is in docs/reports.md (clarq judge-agreement). Every verdict's analysis
 * names the line and the share of terms found.
 */
public final class OfflineJudge implements Judge {
  /** The share of the gold line's content terms one leftover line must hold: 0.8. */
  public static final double DEFAULT_COVERAGE = 0.8;

  private static final Set<String> ENGLISH_STOP_WORDS = Set.of(("a an the is are was were be been being am to of in"
      + " on at for with and or but if then so as by from it its this that these those you your yours he him she"
      + " they them his her hers their theirs we our us i me my do does did done not no can could will would should shall may might"
      + " must have has had there here what which who whom whose where when how why just also only any all some"
      + " more most other such than too very into about over after before up down out off again once own same"
      + " each both few nor s t").split(" "));

  private final double coverage;

  /** The judge at the default coverage, 0.8. */
  public OfflineJudge() {
    this(DEFAULT_COVERAGE);
  }

  /** @param coverage the share of content terms one line must hold, in (0, 1] */
  public OfflineJudge(double coverage) {
    if (!(coverage > 0 && coverage <= 1)) {
      throw new IllegalArgumentException("illegal offline judge coverage " + coverage + ": must be in (0, 1]");
    }
    this.coverage = coverage;
  }

  @Override
  public String name() {
    return coverage == DEFAULT_COVERAGE ? "offline" : String.format(Locale.ROOT, "offline (coverage %.2f)", coverage);
  }

  @Override
  public Optional<Verdict> judge(JudgeQuestion question) {
    Language language = question.language();
    Set<String> gold = terms(question.gold(), language);
    if (gold.isEmpty()) {
      return Optional.of(Verdict.of(false, "offline judge: the gold line has no content term"));
    }
    Set<String> numbers = numbers(question.gold());
    double best = 0;
    int bestLine = -1;
    for (int i = 0; i < question.generated().size(); i++) {
      String line = question.generated().get(i);
      if (!numbers(line).containsAll(numbers)) {
        continue;
      }
      Set<String> found = new LinkedHashSet<>(terms(line, language));
      found.retainAll(gold);
      double share = (double) found.size() / gold.size();
      if (share > best) {
        best = share;
        bestLine = i;
      }
    }
    boolean match = best >= coverage;
    String analysis = String.format(Locale.ROOT, "offline judge: %s (needs %.2f of %d content terms%s in one line)",
        bestLine < 0 ? "no leftover line holds any content term" : String.format(Locale.ROOT,
            "leftover line %d holds %.2f of them", bestLine + 1, best), coverage, gold.size(),
        numbers.isEmpty() ? "" : " and its numbers");
    return Optional.of(Verdict.of(match, analysis));
  }

  /** The content terms of a text, in order of first appearance. */
  static Set<String> terms(String text, Language language) {
    Set<String> out = new LinkedHashSet<>();
    String lower = text.toLowerCase(Locale.ROOT);
    StringBuilder han = new StringBuilder();
    StringBuilder word = new StringBuilder();
    for (int i = 0; i <= lower.length(); ) {
      int cp = i < lower.length() ? lower.codePointAt(i) : ' ';
      i += i < lower.length() ? Character.charCount(cp) : 1;
      boolean isHan = Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN;
      if (isHan) {
        han.appendCodePoint(cp);
      } else {
        hanBigrams(han, out);
        han.setLength(0);
      }
      if (!isHan && (Character.isLetterOrDigit(cp) || (cp == '\'' && word.length() > 0))) {
        word.appendCodePoint(cp);
      } else if (word.length() > 0) {
        addWord(word.toString(), language, out);
        word.setLength(0);
      }
    }
    return out;
  }

  private static void hanBigrams(StringBuilder han, Set<String> out) {
    int[] cps = han.codePoints().toArray();
    if (cps.length == 1) {
      out.add(new String(cps, 0, 1));
    }
    for (int i = 0; i + 1 < cps.length; i++) {
      out.add(new String(cps, i, 2));
    }
  }

  private static void addWord(String raw, Language language, Set<String> out) {
    String w = raw.endsWith("'s") ? raw.substring(0, raw.length() - 2) : raw.replace("'", "");
    if (w.isEmpty() || (language == Language.ENGLISH && ENGLISH_STOP_WORDS.contains(w))) {
      return;
    }
    out.add(stem(w));
  }

  private static String stem(String w) {
    for (String suffix : List.of("ing", "ed", "es", "s")) {
      if (w.length() > suffix.length() + 2 && w.endsWith(suffix) && !Character.isDigit(w.charAt(0))) {
        return w.substring(0, w.length() - suffix.length());
      }
    }
    return w;
  }

  private static Set<String> numbers(String text) {
    Set<String> out = new LinkedHashSet<>();
    StringBuilder current = new StringBuilder();
    for (char c : (text + " ").toCharArray()) {
      if (c >= '0' && c <= '9') {
        current.append(c);
      } else if (current.length() > 0) {
        out.add(current.toString());
        current.setLength(0);
      }
    }
    return out;
  }

  @Override
  public String toString() {
    return "OfflineJudge{coverage=" + coverage + "}";
  }
}
