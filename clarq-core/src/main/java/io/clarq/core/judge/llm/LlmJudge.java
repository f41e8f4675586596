package io.clarq.core.judge.llm;

import io.clarq.core.judge.Judge;
import io.clarq.core.judge.JudgeQuestion;
import io.clarq.core.judge.Verdict;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.json.JsonReply;
import io.clarq.core.prompt.PackAsk;
import io.clarq.core.prompt.PromptPack;
import io.clarq.core.prompt.PromptPackUser;
import io.clarq.core.task.Language;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The ClarQ-LLM judge backed by a language model, as the reference evaluator asks it (reference-prompts/README.md,
 * "Judge"): for one leftover gold line, {@code judge/judge} with the gold line and its purpose as one
 * {@code judge_gold_item} and every leftover provider line as a numbered {@code judge_generated_item}, each text
 * ending in punctuation (a "." or, in a Chinese prompt, "。" added unless it already ends in one of
 * {@code .?!,。？！，}). The prompt's language is detected on the gold line. One user message, JSON mode, temperature 0,
 * seed 8848.
 *
 * <p>The verdict is the reply's {@code match} (Python truthiness with the reference pack; a value that is not true or
 * false is kept in the verdict, {@link Verdict#readByTruthiness()}). A reply without a readable
 * {@code match} is {@link Verdict#unparsed} with the raw text, never a "no" (the reference would have read a missing
 * field as "not a no" and then "no").
 */
public final class LlmJudge implements Judge, PromptPackUser<LlmJudge> {
  private static final List<String> FIELDS = List.of("match");

  private final LlmClient client;
  private final String model;
  private final boolean jsonMode;
  private final PromptPack pack;
  private final PackAsk ask;

  /**
   * @param model the model name sent with each request; empty for the client's default
   * @param jsonMode whether to ask the server for JSON output, as the reference does; off only for servers without it
   * @param pack where the prompt comes from
   */
  public LlmJudge(LlmClient client, String model, boolean jsonMode, PromptPack pack) {
    this.client = Objects.requireNonNull(client, "client");
    this.model = Objects.requireNonNull(model, "model");
    this.jsonMode = jsonMode;
    this.pack = Objects.requireNonNull(pack, "pack");
    this.ask = new PackAsk(client, model, pack.behaviour(), jsonMode);
  }

  /** A judge in the reference's envelope (JSON mode) with this pack. */
  public LlmJudge(LlmClient client, String model, PromptPack pack) {
    this(client, model, true, pack);
  }

  /** A judge with clarq's own pack. */
  public LlmJudge(LlmClient client, String model, boolean jsonMode) {
    this(client, model, jsonMode, PromptPack.clarq());
  }

  /** A judge using the client's default model and clarq's own pack, in JSON mode. */
  public LlmJudge(LlmClient client) {
    this(client, "", true, PromptPack.clarq());
  }

  @Override
  public PromptPack prompts() {
    return pack;
  }

  @Override
  public LlmJudge withPrompts(PromptPack other) {
    return new LlmJudge(client, model, jsonMode, other);
  }

  @Override
  public Optional<Verdict> judge(JudgeQuestion question) throws LlmException {
    JsonReply reply = ask.ask(prompt(question), Language.detect(question.gold()), FIELDS, ask.yesNoCheck("match"));
    if (!reply.isParsed()) {
      return Optional.of(Verdict.unparsed(String.join("\n---\n", reply.raws())));
    }
    Optional<Boolean> match = ask.yes(reply, "match");
    if (match.isEmpty()) {
      return Optional.of(Verdict.unparsed(reply.raw()));
    }
    String analysis = reply.text("analysis").orElse("");
    com.fasterxml.jackson.databind.JsonNode value = reply.object().get("match");
    if (pack.behaviour() == io.clarq.core.prompt.PackBehaviour.REFERENCE && value != null && !value.isBoolean()) {
      // the reference pack reads any value by truthiness; the raw value is kept and counted, never lost
      return Optional.of(Verdict.byTruthiness(match.get(), analysis, value.toString()));
    }
    return Optional.of(Verdict.of(match.get(), analysis));
  }

  /** The request for {@code question} (the prompt is the judge's whole behaviour, so it can be inspected). */
  public ChatRequest request(JudgeQuestion question) {
    return ask.request(prompt(question));
  }

  /** The rendered prompt for one question. */
  public String prompt(JudgeQuestion q) {
    Language language = Language.detect(q.gold());
    String gold = pack.template("judge/judge_gold_item", language).render(Map.of("index", "1",
        "gold", punctuated(q.gold(), language), "purpose", punctuated(q.purpose(), language)));
    List<String> generated = new ArrayList<>();
    for (int i = 0; i < q.generated().size(); i++) {
      generated.add(pack.template("judge/judge_generated_item", language)
          .render(Map.of("index", String.valueOf(i + 1), "line", punctuated(q.generated().get(i), language))));
    }
    return pack.template("judge/judge", language)
        .render(Map.of("gold_items", gold, "generated_items", String.join("\n", generated)));
  }

  /** The reference's add_punctuation: "." ("。" in a Chinese prompt) unless empty or already punctuated. */
  static String punctuated(String text, Language language) {
    if (text.isEmpty() || ".?!,。？！，".indexOf(text.charAt(text.length() - 1)) >= 0) {
      return text;
    }
    return text + (language == Language.CHINESE ? "。" : ".");
  }

  @Override
  public String toString() {
    return "LlmJudge{model=" + (model.isEmpty() ? "(client default)" : model) + ", jsonMode=" + jsonMode
        + ", prompts=" + pack.id() + "}";
  }
}
