package io.clarq.core.clarqllm.judge.llm;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.judge.JudgeQuestion;
import io.clarq.core.clarqllm.judge.Verdict;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmUnusableReplyException;
import io.clarq.core.llm.json.JsonReply;
import io.clarq.core.prompt.AgentBuilder;
import io.clarq.core.prompt.PackAgent;
import io.clarq.core.prompt.PackAsk;
import io.clarq.core.prompt.PromptPack;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
 * field as "not a no" and then "no"); so is a reply the reply policy refuses (cut, filtered, refused), whatever its
 * text says.
 */
public final class LlmJudge extends PackAgent<LlmJudge> implements Judge {
  private static final List<String> FIELDS = List.of("match");

  private final PackAsk ask;

  private LlmJudge(Builder b) {
    super(b);
    this.ask = new PackAsk(b.client(), b.pack());
  }

  /**
   * A builder for a judge on this client (its model, and JSON mode as its capabilities allow: the reference asks for
   * it; {@code client.withCapabilities(c.withJsonMode(false))} for a server without it); default pack clarq's own.
   */
  public static Builder builder(LlmClient client) {
    return new Builder(client);
  }

  @Override
  protected Builder toBuilder() {
    return builder(client()).prompts(prompts());
  }

  @Override
  public Optional<Verdict> judge(JudgeQuestion question) throws LlmException {
    JsonReply reply;
    try {
      reply = ask.inTrial(question.trial()).ask(prompt(question), Language.detect(question.gold()), FIELDS,
          ask.yesNoCheck("match"));
    } catch (LlmUnusableReplyException e) {
      // cut, filtered or refused (the reply policy): whatever it says ({"match": true} stopped for safety) is no
      // verdict; unparsed, kept, never cached, the dialogue left unjudged
      return Optional.of(Verdict.unparsed(e.raw().isBlank() ? e.getMessage() : e.raw()));
    }
    if (!reply.isParsed()) {
      return Optional.of(Verdict.unparsed(String.join("\n---\n", reply.raws())));
    }
    Optional<Boolean> match = ask.yes(reply, "match");
    if (match.isEmpty()) {
      return Optional.of(Verdict.unparsed(reply.raw()));
    }
    String analysis = reply.text("analysis").orElse("");
    com.fasterxml.jackson.databind.JsonNode value = reply.object().get("match");
    if (prompts().behaviour() == io.clarq.core.prompt.PackBehaviour.REFERENCE && value != null && !value.isBoolean()) {
      // the reference pack reads any value by truthiness; the raw value is kept and counted, never lost
      return Optional.of(Verdict.byTruthiness(match.get(), analysis, value.toString()));
    }
    return Optional.of(Verdict.of(match.get(), analysis));
  }

  /** The request for {@code question} (the prompt is the judge's whole behaviour, so it can be inspected). */
  public ChatRequest request(JudgeQuestion question) {
    return ask.inTrial(question.trial()).request(prompt(question));
  }

  /** The rendered prompt for one question. */
  public String prompt(JudgeQuestion q) {
    Language language = Language.detect(q.gold());
    String gold = prompts().template("judge/judge_gold_item", language).render(Map.of("index", "1",
        "gold", punctuated(q.gold(), language), "purpose", punctuated(q.purpose(), language)));
    List<String> generated = new ArrayList<>();
    for (int i = 0; i < q.generated().size(); i++) {
      generated.add(prompts().template("judge/judge_generated_item", language)
          .render(Map.of("index", String.valueOf(i + 1), "line", punctuated(q.generated().get(i), language))));
    }
    return prompts().template("judge/judge", language)
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
    return "LlmJudge{model=" + (client().model().isEmpty() ? "(client default)" : client().model()) + ", jsonMode="
        + client().capabilities().jsonMode() + ", prompts=" + prompts().id() + "}";
  }

  /** Makes an {@link LlmJudge}: a client and a pack. */
  public static final class Builder extends AgentBuilder<Builder, LlmJudge> {
    private Builder(LlmClient client) {
      super(client, PromptPack.clarq());
    }

    @Override
    public LlmJudge build() {
      return new LlmJudge(this);
    }
  }
}
