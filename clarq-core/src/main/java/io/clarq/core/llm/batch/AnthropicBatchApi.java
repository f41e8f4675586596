package io.clarq.core.llm.batch;

import com.fasterxml.jackson.databind.JsonNode;
import io.clarq.core.llm.LlmException;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Anthropic's Message Batches (https://docs.anthropic.com/en/docs/build-with-claude/batch-processing and
 * /en/api/creating-message-batches): {@code POST /v1/messages/batches} with {@code {"requests": [{"custom_id",
 * "params"}]}}, each {@code params} byte for byte the synchronous Messages body; {@code GET
 * /v1/messages/batches/{id}} until {@code processing_status} is {@code ended}; the outcomes as JSONL at
 * {@code results_url}, each {@code result.type} {@code succeeded} (with the {@code message}), {@code errored},
 * {@code canceled} or {@code expired}.
 */
final class AnthropicBatchApi implements BatchApi {
  /** The API version clarq's Messages calls send too. */
  static final String VERSION = "2023-06-01";
  /** The API's base URL when the spec names none (the synchronous {@code anthropic:} scheme's default too). */
  static final URI DEFAULT_BASE_URL = URI.create("https://api.anthropic.com/v1");

  private final URI base;
  private final BatchHttp http;

  /**
   * @param base the API's base URL, e.g. {@code https://api.anthropic.com/v1}
   * @param key the API key, sent as {@code x-api-key}
   */
  AnthropicBatchApi(URI base, String key, Duration timeout) {
    this.base = base;
    this.http = new BatchHttp(Map.of("x-api-key", key, "anthropic-version", VERSION), timeout, key);
  }

  @Override
  public String protocol() {
    return "anthropic";
  }

  @Override
  public String submit(List<Entry> entries) throws LlmException {
    ByteArrayOutputStream body = new ByteArrayOutputStream();
    body.writeBytes("{\"requests\":[".getBytes(StandardCharsets.UTF_8));
    for (int i = 0; i < entries.size(); i++) {
      // the params are spliced in as the synchronous client wrote them, not re-serialised
      body.writeBytes(((i == 0 ? "" : ",") + "{\"custom_id\":\"" + entries.get(i).customId() + "\",\"params\":")
          .getBytes(StandardCharsets.UTF_8));
      body.writeBytes(entries.get(i).body());
      body.writeBytes("}".getBytes(StandardCharsets.UTF_8));
    }
    body.writeBytes("]}".getBytes(StandardCharsets.UTF_8));
    return OpenAiBatchApi.text(http.postJson(BatchHttp.resolve(base, "/messages/batches"), body.toByteArray()),
        "id", "the created message batch");
  }

  @Override
  public Status poll(String batchId) throws LlmException {
    JsonNode b = http.getJson(BatchHttp.resolve(base, "/messages/batches/" + batchId));
    String state = OpenAiBatchApi.text(b, "processing_status", "message batch " + batchId);
    return new Status(batchId, state, state.equals("ended"), b.path("results_url").isTextual()
        ? Map.of("results_url", b.path("results_url").asText()) : Map.of());
  }

  @Override
  public List<Outcome> results(Status ended) throws LlmException {
    String url = ended.files().get("results_url");
    if (url == null) {
      throw new LlmException("message batch " + ended.id() + " ended without a results_url");
    }
    List<Outcome> out = new ArrayList<>();
    for (String line : new String(http.get(URI.create(url)), StandardCharsets.UTF_8).split("\n")) {
      if (line.isBlank()) {
        continue;
      }
      JsonNode n;
      try {
        n = BatchHttp.JSON.readTree(line);
      } catch (java.io.IOException e) {
        throw new LlmException("a message batch result line that is not JSON: "
            + io.clarq.core.llm.wire.LlmText.abbreviate(line, 200), e);
      }
      String id = n.path("custom_id").asText("");
      JsonNode result = n.path("result");
      String type = result.path("type").asText("");
      out.add(switch (type) {
        case "succeeded" -> {
          try {
            yield new Outcome(id, Outcome.Kind.SUCCEEDED, BatchHttp.JSON.writeValueAsBytes(result.path("message")), "");
          } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new LlmException("cannot keep the reply of batch entry " + id, e);
          }
        }
        case "expired" -> new Outcome(id, Outcome.Kind.EXPIRED, new byte[0], "expired");
        case "canceled" -> new Outcome(id, Outcome.Kind.CANCELED, new byte[0], "canceled");
        default -> {
          JsonNode e = result.path("error").path("error");
          yield new Outcome(id, Outcome.Kind.ERRORED, new byte[0], (type.isEmpty() ? "no result type" : type) + ": "
              + e.path("type").asText("") + ": " + e.path("message").asText(""));
        }
      });
    }
    return out;
  }
}
