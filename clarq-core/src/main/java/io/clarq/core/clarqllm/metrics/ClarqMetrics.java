package io.clarq.core.clarqllm.metrics;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.judge.JudgeQuestion;
import io.clarq.core.clarqllm.judge.Verdict;
import io.clarq.core.clarqllm.metrics.GoldMatch.Found;
import io.clarq.core.clarqllm.metrics.SuccessBreakdown.Outcome;
import io.clarq.core.clarqllm.metrics.SuccessBreakdown.Stage;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.ReferenceText;
import io.clarq.core.clarqllm.tree.ResponseNode;
import io.clarq.core.dialogue.Dialogue;
import io.clarq.core.llm.LlmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The ClarQ-LLM metrics of one dialogue, exactly as the reference evaluator computes them (docs/protocol/clarq-llm.md
 * §5). Dialogue h = [opening, s1, r1, s2, r2, ..., sN]: the seeker lines are h[1], h[3], ...; the scored provider
 * lines are h[4], h[6], ... (h[2], normally node 0, is dropped by position); the gold lines are the task's nodes
 * other than node 0, in listing order.
 */
public final class ClarqMetrics {
  /** Index of the first scored provider line, h[4], among the provider lines h[0], h[2], h[4], ... */
  private static final int FIRST_SCORED_PROVIDER_LINE = 2;

  private ClarqMetrics() {}

  /** All three figures of one dialogue. */
  public static DialogueScore score(ClarqTask task, Dialogue dialogue, Judge judge) throws LlmException {
    return new DialogueScore(task.id(), success(task, dialogue, judge), aqd(task, dialogue), aql(dialogue));
  }

  /**
   * Success as the reference decides it: (1) strip the speaker prefix and whitespace, lower-case unless the first
   * gold line is Chinese; (2) success if every gold line equals a whole provider line; (3) ignoring trailing
   * {@code ，。？！,.?!}, gold lines contained in a provider line are covered and those provider lines removed: success
   * if no gold line is left, failure if no provider line is; (4) otherwise the judge is asked, per leftover gold line
   * in order, whether the leftover provider lines carry its purpose, stopping at the first "no".
   *
   * <p>Unlike the reference, a question the judge cannot answer (no verdict, an unparsed reply, a task without
   * purposes) makes the dialogue {@link Outcome#UNJUDGED}, never a failure or a success; a later "no" still makes it
   * a failure, since then it fails whatever the unanswered question would have said.
   *
   * @throws LlmException when a model behind the judge could not be reached
   */
  public static SuccessBreakdown success(ClarqTask task, Dialogue dialogue, Judge judge) throws LlmException {
    List<ResponseNode> nodes = task.tree().goldNodes();
    boolean chinese = !nodes.isEmpty() && Language.detect(nodes.get(0).text()) == Language.CHINESE;
    List<String> gold = new ArrayList<>(nodes.size());
    nodes.forEach(n -> gold.add(chinese ? n.text() : ReferenceText.lower(n.text())));
    List<String> provider = new ArrayList<>();
    for (String line : scoredProviderLines(dialogue)) {
      String s = ReferenceText.stripSpeaker(line);
      provider.add(chinese ? s : ReferenceText.lower(s));
    }

    if (provider.containsAll(gold)) {
      List<GoldMatch> matches = new ArrayList<>(nodes.size());
      for (int i = 0; i < nodes.size(); i++) {
        matches.add(new GoldMatch(nodes.get(i).id(), ReferenceText.stripTrailingPunctuation(gold.get(i)),
            Found.WHOLE_LINE, OptionalInt.of(provider.indexOf(gold.get(i)))));
      }
      return new SuccessBreakdown(Outcome.SUCCESS, Stage.WHOLE_LINES, matches, List.of(), List.of());
    }

    List<String> goldCleaned = gold.stream().map(ReferenceText::stripTrailingPunctuation).toList();
    List<String> providerCleaned = provider.stream().map(ReferenceText::stripTrailingPunctuation).toList();
    List<GoldMatch> matches = new ArrayList<>(nodes.size());
    List<Integer> leftoverGold = new ArrayList<>();
    for (int i = 0; i < nodes.size(); i++) {
      String g = goldCleaned.get(i);
      int at = firstContaining(providerCleaned, g);
      if (at < 0) {
        leftoverGold.add(i);
        matches.add(new GoldMatch(nodes.get(i).id(), g, Found.LEFTOVER, OptionalInt.empty()));
      } else {
        Found how = providerCleaned.get(at).equals(g) ? Found.WHOLE_LINE : Found.SUBSTRING;
        matches.add(new GoldMatch(nodes.get(i).id(), g, how, OptionalInt.of(at)));
      }
    }
    List<String> leftoverProvider = providerCleaned.stream()
        .filter(p -> goldCleaned.stream().noneMatch(p::contains)).toList();
    if (leftoverGold.isEmpty()) {
      return new SuccessBreakdown(Outcome.SUCCESS, Stage.SUBSTRINGS, matches, leftoverProvider, List.of());
    }
    if (leftoverProvider.isEmpty()) {
      return new SuccessBreakdown(Outcome.FAILURE, Stage.NO_PROVIDER_LINE_LEFT, matches, leftoverProvider, List.of());
    }
    return judgeLeftovers(nodes, goldCleaned, leftoverGold, leftoverProvider, matches, judge);
  }

  private static SuccessBreakdown judgeLeftovers(List<ResponseNode> nodes, List<String> goldCleaned,
      List<Integer> leftoverGold, List<String> leftoverProvider, List<GoldMatch> matches, Judge judge)
      throws LlmException {
    // the reference looks purposes up by the cleaned gold text: of two equal lines, the later one's purpose wins
    Map<String, Optional<String>> purposeOf = new HashMap<>();
    for (int i = 0; i < nodes.size(); i++) {
      purposeOf.put(goldCleaned.get(i), nodes.get(i).purpose());
    }
    List<JudgeCall> calls = new ArrayList<>();
    boolean no = false;
    boolean unanswered = false;
    for (int i : leftoverGold) {
      String g = goldCleaned.get(i);
      Optional<String> purpose = purposeOf.get(g);
      JudgeQuestion q = new JudgeQuestion(Language.detect(g), g, purpose.orElse(""), leftoverProvider);
      Optional<Verdict> v = purpose.isPresent() ? judge.judge(q) : Optional.empty();
      JudgeCall call = new JudgeCall(nodes.get(i).id(), q, v);
      calls.add(call);
      unanswered |= !call.answered();
      if (call.saidNo()) {
        no = true;
        break;
      }
    }
    Outcome outcome = no ? Outcome.FAILURE : unanswered ? Outcome.UNJUDGED : Outcome.SUCCESS;
    return new SuccessBreakdown(outcome, Stage.JUDGE, matches, leftoverProvider, calls);
  }

  private static int firstContaining(List<String> lines, String part) {
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).contains(part)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Average query discrepancy of one dialogue: scored provider lines (h[4], h[6], ...) + 1 - gold lines including
   * node 0. Negative when the seeker left before hearing as many lines as the tree holds.
   */
  public static int aqd(ClarqTask task, Dialogue dialogue) {
    return scoredProviderLines(dialogue).size() + 1 - task.tree().nodes().size();
  }

  /**
   * Average query length of one dialogue, over every seeker line (stripped): the reference figure (spaces for
   * English, characters for Chinese; the language decided on the first seeker line) and a word count beside it.
   */
  public static QueryLength aql(Dialogue dialogue) {
    List<String> lines = dialogue.seekerLines().stream().map(ReferenceText::strip).toList();
    if (lines.isEmpty()) {
      return new QueryLength(Language.ENGLISH, 0, 0, 0);
    }
    Language language = Language.detect(lines.get(0));
    long reference = 0;
    long words = 0;
    for (String line : lines) {
      reference += language == Language.CHINESE ? ReferenceText.length(line) : line.chars().filter(c -> c == ' ').count();
      words += words(line);
    }
    return new QueryLength(language, lines.size(), (double) reference / lines.size(), (double) words / lines.size());
  }

  /**
   * Words in a line: runs of letters or digits outside the Han script (an apostrophe inside keeps "don't" one word),
   * and each Han ideograph on its own.
   */
  static int words(String line) {
    int count = 0;
    boolean inWord = false;
    for (int i = 0; i < line.length(); ) {
      int cp = line.codePointAt(i);
      i += Character.charCount(cp);
      if (Character.UnicodeScript.of(cp) == Character.UnicodeScript.HAN) {
        count++;
        inWord = false;
      } else if (Character.isLetterOrDigit(cp)) {
        if (!inWord) {
          count++;
        }
        inWord = true;
      } else if (!(inWord && (cp == '\'' || cp == '\u2019'))) {
        inWord = false;
      }
    }
    return count;
  }

  /** The provider lines the evaluator scores: h[4], h[6], ... (the opening and h[2] are dropped by position). */
  public static List<String> scoredProviderLines(Dialogue dialogue) {
    List<String> all = dialogue.providerLines();
    return all.subList(Math.min(FIRST_SCORED_PROVIDER_LINE, all.size()), all.size());
  }
}
