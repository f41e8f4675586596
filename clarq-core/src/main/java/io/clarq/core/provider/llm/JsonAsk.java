package io.clarq.core.provider.llm;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.ResponseFormat;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Asks a model one question whose answer is a JSON object, as the reference provider does (JSON mode, temperature
 * 0, seed 8848). A reply that is not such an object, or lacks the expected fields, is asked once more; if the
 * second reply fails too, {@link UnparsedReplyException} carries it out (never a guessed answer).
 */
final class JsonAsk {
  /** The reference's sampling settings for every provider call. */
  static final double TEMPERATURE = 0.0;

  static final long SEED = 8848L;

  private static final ObjectMapper JSON =
      JsonMapper.builder().enable(JsonParser.Feature.ALLOW_SINGLE_QUOTES).build();

  private final LlmClient client;
  private final String model;

  JsonAsk(LlmClient client, String model) {
    this.client = Objects.requireNonNull(client, "client");
    this.model = Objects.requireNonNull(model, "model");
  }

  /**
   * @param step what the question decides, for the error message and the explanation
   * @param valid whether a parsed object has the fields this step needs
   */
  JsonNode ask(String step, String prompt, Predicate<JsonNode> valid, TurnLog log) throws LlmException {
    ChatRequest request = ChatRequest.builder()
        .model(model)
        .user(prompt)
        .responseFormat(ResponseFormat.JSON_OBJECT)
        .temperature(TEMPERATURE)
        .seed(SEED)
        .build();
    String raw = "";
    for (int attempt = 0; attempt < 2; attempt++) {
      log.countCall();
      raw = client.chat(request).text();
      Optional<JsonNode> node = parseObject(raw).filter(valid);
      if (node.isPresent()) {
        return node.get();
      }
    }
    throw new UnparsedReplyException(step, raw);
  }

  /** The first JSON object in the text (models sometimes wrap it in prose or a code fence). */
  static Optional<JsonNode> parseObject(String text) {
    int start = text.indexOf('{');
    int end = text.lastIndexOf('}');
    if (start < 0 || end <= start) {
      return Optional.empty();
    }
    try {
      JsonNode node = JSON.readTree(text.substring(start, end + 1));
      return node != null && node.isObject() ? Optional.of(node) : Optional.empty();
    } catch (java.io.IOException e) {
      return Optional.empty();
    }
  }

  static Predicate<JsonNode> booleanField(String name) {
    return n -> n.path(name).isBoolean();
  }

  static Predicate<JsonNode> textField(String name) {
    return n -> n.path(name).isTextual() && !n.path(name).asText().isBlank();
  }
}
