package io.clarq.core.judge.llm;

import io.clarq.core.judge.Judge;
import io.clarq.core.judge.JudgeQuestion;
import io.clarq.core.judge.Verdict;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.ResponseFormat;
import io.clarq.core.llm.json.JsonReply;
import io.clarq.core.llm.json.StructuredAsk;
import io.clarq.core.task.Language;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The ClarQ-LLM judge backed by a language model: asks whether the leftover provider lines carry a gold line's
 * purpose (clarq-llm-protocol.md §5 step 4) in the question's language, at temperature 0, and reads
 * {@code {"analysis", "match"}} from the reply. A reply that cannot be read (no JSON, no {@code match}, or a
 * {@code match} that is not a yes or no) is asked once more; if it still cannot be read the verdict is
 * {@link Verdict#unparsed} with the raw replies, never a "no".
 *
 * <p>Settings: {@code model} empty = the client's default; {@code jsonMode} asks the server for JSON output
 * ({@code response_format: json_object}; off by default since not every OpenAI-compatible server has it).
 */
public final class LlmJudge implements Judge {
  private static final List<String> FIELDS = List.of("analysis", "match");

  private final LlmClient client;
  private final String model;
  private final boolean jsonMode;

  public LlmJudge(LlmClient client, String model, boolean jsonMode) {
    this.client = Objects.requireNonNull(client, "client");
    this.model = Objects.requireNonNull(model, "model");
    this.jsonMode = jsonMode;
  }

  /** A judge using the client's default model, without JSON mode. */
  public LlmJudge(LlmClient client) {
    this(client, "", false);
  }

  @Override
  public Optional<Verdict> judge(JudgeQuestion question) throws LlmException {
    ChatRequest request = request(question);
    boolean zh = question.language() == Language.CHINESE;
    JsonReply reply = StructuredAsk.ask(client, request, FIELDS,
        zh ? StructuredAsk.CHINESE_REMINDER : StructuredAsk.ENGLISH_REMINDER,
        r -> r.bool("match").isPresent() ? "" : "match is not true or false: " + r.text("match").orElse("?"));
    if (!reply.isParsed()) {
      return Optional.of(Verdict.unparsed(String.join("\n---\n", reply.raws())));
    }
    return Optional.of(Verdict.of(reply.bool("match").orElseThrow(), reply.text("analysis").orElse("")));
  }

  /** The request for {@code question} (the prompts are the judge's whole behaviour, so they can be inspected). */
  public ChatRequest request(JudgeQuestion question) {
    return ChatRequest.builder()
        .model(model)
        .system(JudgePrompts.system(question.language()))
        .user(JudgePrompts.user(question))
        .temperature(0.0)
        .responseFormat(jsonMode ? ResponseFormat.JSON_OBJECT : ResponseFormat.TEXT)
        .build();
  }

  @Override
  public String toString() {
    return "LlmJudge{model=" + (model.isEmpty() ? "(client default)" : model) + ", jsonMode=" + jsonMode + "}";
  }
}
