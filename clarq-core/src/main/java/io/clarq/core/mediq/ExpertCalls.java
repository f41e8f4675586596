package io.clarq.core.mediq;

import io.clarq.core.llm.ChatMessage;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.TokenUsage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * The reference expert's model calls with self-consistency (MediQ {@code expert_basics.py}): each samples the same
 * conversation {@code n} times and combines the readings as the reference does, keeping the reply text that goes
 * back into the conversation. Counts the replies that could not be read ({@link #unparsed()}).
 */
final class ExpertCalls {
  private static final String NO_RESPONSE = "No response.";
  // the labels the reference deletes from an implicit reply before reading it
  private static final java.util.List<String> LABELS = java.util.List.of("Confident --> Answer: ",
      "Not confident --> Doctor Question: ");

  private final MediqModels models;
  private final int samples;
  private final RandomGenerator random;
  private TokenUsage usage = TokenUsage.ZERO;
  private int unparsed;

  ExpertCalls(MediqModels models, int samples, RandomGenerator random) {
    this.models = models;
    this.samples = samples;
    this.random = random;
  }

  record Implicit(String text, Optional<String> question, Optional<String> letter, double confidence) {}

  record Decision(String text, boolean yes, double confidence) {}

  record Score(String text, double confidence) {}

  TokenUsage usage() {
    return usage;
  }

  int unparsed() {
    return unparsed;
  }

  private String ask(MediqSampling s, List<ChatMessage> messages) throws LlmException {
    MediqModels.Reply r = models.generate(s, messages);
    usage = usage.plus(r.usage());
    return r.text();
  }

  /** Implicit abstention: a letter or a question; the majority wins, a tie asks. */
  Implicit implicit(MediqSampling s, List<ChatMessage> messages, Map<String, String> options) throws LlmException {
    List<String> answers = new ArrayList<>();
    List<String> questions = new ArrayList<>();
    Map<String, String> texts = new HashMap<>();
    for (int i = 0; i < samples; i++) {
      String text = ask(s, messages);
      if (text.isEmpty()) {
        unparsed++;
        continue;
      }
      for (String label : LABELS) {
        text = text.replace(label, "");
      }
      if (!text.contains("?")) {
        Optional<String> letter = ReplyParsing.choice(text, options);
        if (letter.isPresent()) {
          answers.add(letter.get());
          texts.put(letter.get(), text);
        } else {
          unparsed++;
        }
      } else {
        Optional<String> q = ReplyParsing.question(text).filter(x -> !x.isEmpty());
        if (q.isPresent()) {
          questions.add(q.get());
          texts.put(q.get(), text);
        } else {
          unparsed++;
        }
      }
    }
    if (answers.isEmpty() && questions.isEmpty()) {
      return new Implicit(NO_RESPONSE, Optional.empty(), Optional.empty(), 0.0);
    }
    double confidence = (double) answers.size() / (answers.size() + questions.size());
    if (answers.size() > questions.size()) {
      String letter = majority(answers);
      return new Implicit(texts.get(letter), Optional.empty(), Optional.of(letter), confidence);
    }
    String q = questions.get(questions.size() == 1 ? 0 : random.nextInt(questions.size()));
    return new Implicit(texts.get(q), Optional.of(q), Optional.empty(), confidence);
  }

  // the most frequent; among equals the first seen (the reference's pick among equals follows the string hash seed)
  private static String majority(List<String> answers) {
    Map<String, Integer> counts = new LinkedHashMap<>();
    answers.forEach(a -> counts.merge(a, 1, Integer::sum));
    String best = null;
    for (Map.Entry<String, Integer> e : counts.entrySet()) {
      if (best == null || e.getValue() > counts.get(best)) {
        best = e.getKey();
      }
    }
    return best;
  }

  /** YES/NO: YES only with more YES than NO readings; the text of the last reply read as the winner. */
  Decision yesNo(MediqSampling s, List<ChatMessage> messages) throws LlmException {
    int yes = 0;
    Map<Boolean, String> texts = new HashMap<>();
    for (int i = 0; i < samples; i++) {
      String text = ask(s, messages);
      ReplyParsing.Parsed<Boolean> p = ReplyParsing.yesNo(text);
      if (!p.parsed()) {
        unparsed++;
      }
      if (p.value()) {
        yes++;
      }
      texts.put(p.value(), text);
    }
    boolean decision = yes > samples - yes;
    return new Decision(texts.get(decision), decision, (double) yes / samples);
  }

  /** A numerical confidence: the mean of the readings; the text of the reading nearest the mean. */
  Score score(MediqSampling s, List<ChatMessage> messages) throws LlmException {
    List<Double> scores = new ArrayList<>();
    Map<Double, String> texts = new HashMap<>();
    for (int i = 0; i < samples; i++) {
      String text = ask(s, messages);
      if (text.isEmpty()) {
        unparsed++;
        continue;
      }
      ReplyParsing.Parsed<Double> p = ReplyParsing.confidence(text, random);
      if (!p.parsed()) {
        unparsed++;
      }
      scores.add(p.value());
      texts.put(p.value(), text);
    }
    return nearest(scores, texts);
  }

  /** A Likert rating (0 when unreadable): the mean of the readings; the text of the reading nearest the mean. */
  Score likert(MediqSampling s, List<ChatMessage> messages) throws LlmException {
    List<Double> scores = new ArrayList<>();
    Map<Double, String> texts = new HashMap<>();
    for (int i = 0; i < samples; i++) {
      String text = ask(s, messages);
      if (text.isEmpty()) {
        unparsed++;
        continue;
      }
      ReplyParsing.Parsed<Integer> p = ReplyParsing.likert(text);
      if (!p.parsed()) {
        unparsed++;
      }
      double v = p.value();
      scores.add(v);
      texts.put(v, text);
    }
    return nearest(scores, texts);
  }

  private static Score nearest(List<Double> scores, Map<Double, String> texts) {
    if (scores.isEmpty()) {
      return new Score(NO_RESPONSE, 0);
    }
    double sum = 0;
    for (double v : scores) {
      sum += v;
    }
    double mean = sum / scores.size();
    int best = 0;
    for (int i = 1; i < scores.size(); i++) {
      if (Math.abs(scores.get(i) - mean) < Math.abs(scores.get(best) - mean)) {
        best = i;
      }
    }
    return new Score(texts.get(scores.get(best)), mean);
  }

  /** The intermediate choice: one call, read as a letter. */
  Optional<String> choice(MediqSampling s, List<ChatMessage> messages, Map<String, String> options)
      throws LlmException {
    String text = ask(s, messages);
    Optional<String> letter = text.isEmpty() ? Optional.empty() : ReplyParsing.choice(text, options);
    if (letter.isEmpty()) {
      unparsed++;
    }
    return letter;
  }

  /** A follow-up question: one call; empty when the reply holds none. */
  Optional<String> question(MediqSampling s, List<ChatMessage> messages) throws LlmException {
    String text = ask(s, messages);
    Optional<String> q = text.isEmpty() ? Optional.empty() : ReplyParsing.question(text);
    if (q.isEmpty()) {
      unparsed++;
    }
    return q;
  }
}
