package io.clarq.retrieval.clarqllm;

import io.clarq.core.clarqllm.task.Language;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Surface cues of a seeker turn that decide its intent before any scoring: a goodbye, and a vague or confirming
 * question ("anything else?", "is that correct?") that asks for no particular detail.
 */
final class TurnCues {
  private static final Pattern GOODBYE_EN = Pattern.compile("\\b(good ?bye|bye)\\b");
  private static final List<String> GOODBYE_ZH = List.of("再见", "拜拜");

  private static final List<String> VAGUE_EN = List.of(
      "anything else", "anything more", "any other", "any additional", "any further", "any more", "any final",
      "is that correct", "is this correct", "is that right", "is this right", "am i correct", "am i right",
      "am i missing", "correct?", "right?", "accurate?", "does that sound", "does this sound", "sound good",
      "sound right", "did i miss", "have i missed", "missing anything", "what next", "what's next",
      "is there more", "is that all", "is that everything", "on the right track");
  private static final List<String> VAGUE_ZH = List.of(
      "还有什么", "还有其他", "还有别的", "其他需要", "其他注意", "别的需要", "还需要注意", "还要注意",
      "对吗", "对不对", "是否正确", "正确吗", "没错吧", "没问题吧", "是这样吗", "这样行", "理解正确",
      "理解对", "遗漏", "漏掉");

  private TurnCues() {}

  /** Whether the seeker takes leave ("goodbye", "bye", "再见"), in any case, anywhere in the line. */
  static boolean goodbye(Language language, String line) {
    String l = line.toLowerCase(Locale.ROOT);
    return GOODBYE_EN.matcher(l).find() || GOODBYE_ZH.stream().anyMatch(l::contains);
  }

  /**
   * Whether the question part is vague or only asks to confirm: every question sentence (the whole turn when it has
   * none) is a vague or confirming one, so no particular detail is asked for.
   */
  static boolean vagueOrConfirming(Language language, QuestionPart question) {
    List<String> cues = language == Language.CHINESE ? VAGUE_ZH : VAGUE_EN;
    return question.sentences().stream()
        .map(s -> s.toLowerCase(Locale.ROOT))
        .allMatch(s -> cues.stream().anyMatch(s::contains));
  }
}
