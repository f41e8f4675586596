package io.clarq.core.provider.llm;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.ResponseFormat;
import io.clarq.core.llm.json.JsonReply;
import io.clarq.core.llm.json.StructuredAsk;
import io.clarq.core.task.Language;
import java.util.List;
import java.util.Objects;

/**
 * Asks a model one question whose answer is a JSON object, as the reference provider does (JSON mode, temperature
 * 0, seed 8848), through {@link StructuredAsk}: an unreadable reply is asked once more; if it stays unreadable, or a
 * field holds a value the step cannot use (a type outside 1-6, a yes/no that is neither), an
 * {@link UnparsedReplyException} carries the raw replies out. The provider never guesses in their place.
 */
final class JsonAsk {
  /** The reference's sampling settings for every provider call. */
  static final double TEMPERATURE = 0.0;

  static final long SEED = 8848L;

  private final LlmClient client;
  private final String model;

  JsonAsk(LlmClient client, String model) {
    this.client = Objects.requireNonNull(client, "client");
    this.model = Objects.requireNonNull(model, "model");
  }

  /**
   * @param step what the question decides, for the error message and the explanation
   * @param required the fields the reply must hold
   */
  JsonReply ask(String step, String prompt, Language language, TurnLog log, String... required)
      throws LlmException {
    ChatRequest request = ChatRequest.builder()
        .model(model)
        .user(prompt)
        .responseFormat(ResponseFormat.JSON_OBJECT)
        .temperature(TEMPERATURE)
        .seed(SEED)
        .build();
    JsonReply reply = StructuredAsk.ask(client, request, List.of(required),
        language == Language.CHINESE ? StructuredAsk.CHINESE_REMINDER : StructuredAsk.ENGLISH_REMINDER);
    log.addCalls(reply.raws().size());
    if (!reply.isParsed()) {
      throw new UnparsedReplyException(step, String.join("\n---\n", reply.raws()));
    }
    return reply;
  }

  /** A yes/no field of a parsed reply; anything else is unparsed. */
  static boolean yesNo(JsonReply reply, String field, String step) throws UnparsedReplyException {
    return reply.bool(field).orElseThrow(() -> new UnparsedReplyException(step, reply.raw()));
  }

  /** A non-blank text field of a parsed reply; anything else is unparsed. */
  static String text(JsonReply reply, String field, String step) throws UnparsedReplyException {
    return reply.text(field).filter(t -> !t.isBlank())
        .orElseThrow(() -> new UnparsedReplyException(step, reply.raw()));
  }
}
