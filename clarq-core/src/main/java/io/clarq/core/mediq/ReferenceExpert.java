package io.clarq.core.mediq;

import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.llm.ChatMessage;
import io.clarq.core.llm.LlmException;
import io.clarq.core.prompt.PackLayout;
import io.clarq.core.prompt.PromptPack;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * The reference code's experts (MediQ {@code expert.py} and {@code expert_functions.py}) as LLM agents: Basic,
 * Fixed, Binary, Numerical, NumericalCutOff and Scale, with rationale generation, self-consistency, independent
 * modules and the abstention threshold. With the reference prompt pack and {@link MediqModels} keyed by model name
 * it sends the requests the reference sends, in the same order, and decides as it decides:
 * <ul>
 *   <li>every turn it also asks for the letter it would choose now, in a fresh conversation (Basic only when its
 *       reply was not a letter);
 *   <li>the question generator continues the decision's conversation (the Fixed expert's: the choice prompt), or
 *       with independent modules gets a fresh prompt whose empty conversation log is empty rather than "None";
 *   <li>the Scale expert's default threshold (0.8) is below every rating, so it asks only when no rating can be
 *       read; the Numerical expert decides by its YES/NO turn, not by the threshold.
 * </ul>
 */
public final class ReferenceExpert implements Expert {
  private final ExpertSettings settings;
  private final PromptPack pack;
  private final MediqModels models;

  /**
   * @param pack a pack of {@link PackLayout#MEDIQ}
   * @throws IllegalArgumentException when the pack is of another layout
   */
  public ReferenceExpert(ExpertSettings settings, PromptPack pack, MediqModels models) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.pack = Objects.requireNonNull(pack, "pack");
    this.models = Objects.requireNonNull(models, "models");
    if (pack.layout() != PackLayout.MEDIQ) {
      throw new IllegalArgumentException("the MediQ expert needs a " + PackLayout.MEDIQ + " prompt pack, not "
          + pack.layout() + " (" + pack.id() + ")");
    }
  }

  public ExpertSettings settings() {
    return settings;
  }

  @Override
  public ExpertTurn respond(Inquiry inquiry, PatientState state) throws LlmException {
    // a draw per turn from the seed, the question and the turn: the same whatever thread runs it
    SplittableRandom random = new SplittableRandom(settings.seed() * 31 + inquiry.question().hashCode() * 1009L
        + state.history().size());
    ExpertCalls calls = new ExpertCalls(models, settings.selfConsistency(), random);
    MediqSampling s = settings.expert();
    Map<String, String> options = inquiry.options();
    boolean rg = settings.rationaleGeneration();
    switch (settings.strategy()) {
      case BASIC -> {
        ExpertCalls.Implicit r = calls.implicit(s, decision(inquiry, state, rg ? "implicit_rg" : "implicit"),
            options);
        boolean abstain = r.question().isPresent() || r.letter().isEmpty();
        Optional<String> letter = r.letter().isPresent() ? r.letter()
            : calls.choice(s, decision(inquiry, state, "answer"), options);
        return turn(abstain, r.question(), letter, r.confidence(), calls);
      }
      case FIXED -> {
        boolean abstain = state.history().size() < settings.maxQuestions();
        List<ChatMessage> answer = decision(inquiry, state, "answer");
        Optional<String> letter = calls.choice(s, answer, options);
        return finish(abstain, letter, abstain ? 1 : 0, answer, inquiry, state, calls);
      }
      case BINARY -> {
        List<ChatMessage> m = decision(inquiry, state, rg ? "binary_rg" : "binary");
        ExpertCalls.Decision d = calls.yesNo(s, m);
        m.add(ChatMessage.assistant(d.text()));
        Optional<String> letter = calls.choice(s, decision(inquiry, state, "answer"), options);
        return finish(!d.yes(), letter, d.confidence(), m, inquiry, state, calls);
      }
      case NUMERICAL -> {
        List<ChatMessage> m = decision(inquiry, state, rg ? "numerical_rg" : "numerical");
        ExpertCalls.Score score = calls.score(s, m);
        m.add(ChatMessage.assistant(score.text()));
        m.add(ChatMessage.user(text("expert/yes_no")));
        ExpertCalls.Decision d = calls.yesNo(s, m);
        m.add(ChatMessage.assistant(d.text()));
        Optional<String> letter = calls.choice(s, decision(inquiry, state, "answer"), options);
        return finish(!d.yes(), letter, score.confidence(), m, inquiry, state, calls);
      }
      case NUMCUTOFF, SCALE -> {
        boolean numeric = settings.strategy() == ExpertStrategy.NUMCUTOFF;
        String task = numeric ? "numcutoff" : "scale";
        List<ChatMessage> m = decision(inquiry, state, rg ? task + "_rg" : task);
        ExpertCalls.Score score = numeric ? calls.score(s, m) : calls.likert(s, m);
        double threshold = settings.abstainThreshold() != 0 ? settings.abstainThreshold() : numeric ? 0.8 : 4.0;
        m.add(ChatMessage.assistant(score.text()));
        Optional<String> letter = calls.choice(s, decision(inquiry, state, "answer"), options);
        return finish(score.confidence() < threshold, letter, score.confidence(), m, inquiry, state, calls);
      }
      default -> throw new IllegalStateException("unknown strategy " + settings.strategy());
    }
  }

  private ExpertTurn finish(boolean abstain, Optional<String> letter, double confidence, List<ChatMessage> messages,
      Inquiry inquiry, PatientState state, ExpertCalls calls) throws LlmException {
    if (!abstain) {
      return turn(false, Optional.empty(), letter, confidence, calls);
    }
    List<ChatMessage> m = messages;
    if (settings.independentModules()) {
      m = new ArrayList<>();
      m.add(ChatMessage.system(text("expert/system")));
      m.add(ChatMessage.user(caseText(inquiry, state, text("expert/question"), true)));
    } else {
      m.add(ChatMessage.user(text("expert/question")));
    }
    Optional<String> q = calls.question(settings.questionGenerator(), m);
    return turn(true, q, letter, confidence, calls);
  }

  private static ExpertTurn turn(boolean asks, Optional<String> question, Optional<String> letter,
      double confidence, ExpertCalls calls) {
    return new ExpertTurn(asks, asks ? question : Optional.empty(), letter, confidence, calls.usage(),
        calls.unparsed());
  }

  private List<ChatMessage> decision(Inquiry inquiry, PatientState state, String task) {
    List<ChatMessage> m = new ArrayList<>();
    m.add(ChatMessage.system(text("expert/system")));
    m.add(ChatMessage.user(caseText(inquiry, state, text("expert/" + task), false)));
    return m;
  }

  private String text(String template) {
    return pack.template(template).text();
  }

  /** The case frame filled as the reference fills it; an empty log is "None" unless {@code rawLog}. */
  String caseText(Inquiry inquiry, PatientState state, String task, boolean rawLog) {
    String qw = pack.fixed("question_word", Language.ENGLISH);
    String aw = pack.fixed("answer_word", Language.ENGLISH);
    StringBuilder log = new StringBuilder();
    for (Exchange e : state.history()) {
      if (log.length() > 0) {
        log.append('\n');
      }
      log.append(qw).append(": ").append(e.questionText()).append('\n').append(aw).append(": ").append(e.answer());
    }
    Map<String, String> o = inquiry.options();
    String options = "A: " + o.get("A") + ", B: " + o.get("B") + ", C: " + o.get("C") + ", D: " + o.get("D");
    return pack.template("expert/case").render(Map.of("patient_info", state.initialInfo(),
        "conversation_log", log.length() == 0 && !rawLog ? "None" : log.toString(), "inquiry", inquiry.question(),
        "options", options, "task", task));
  }
}
