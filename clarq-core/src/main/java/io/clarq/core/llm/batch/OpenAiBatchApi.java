package io.clarq.core.llm.batch;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.llm.LlmException;
import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * OpenAI's Batch API (https://platform.openai.com/docs/guides/batch and /docs/api-reference/batch): the requests as a
 * JSONL file uploaded with {@code POST /files} ({@code purpose=batch}), one line
 * {@code {"custom_id", "method": "POST", "url": "/v1/chat/completions", "body"}} each, the body written byte for byte
 * as the synchronous client sends it; {@code POST /batches} with {@code completion_window} 24h; {@code GET
 * /batches/{id}} until {@code completed}, {@code expired}, {@code failed} or {@code cancelled}; the outcomes in the
 * files {@code output_file_id} and {@code error_file_id} ({@code GET /files/{id}/content}).
 */
final class OpenAiBatchApi implements BatchApi {
  /** The states after which no entry changes. */
  private static final Set<String> ENDED = Set.of("completed", "expired", "failed", "cancelled");

  private final URI base;
  private final BatchHttp http;

  /**
   * @param base the API's base URL, e.g. {@code https://api.openai.com/v1}
   * @param key the API key, sent as {@code Authorization: Bearer}; empty for a server that needs none
   */
  OpenAiBatchApi(URI base, String key, Duration timeout) {
    this.base = base;
    this.http = new BatchHttp(key.isEmpty() ? Map.of() : Map.of("Authorization", "Bearer " + key), timeout, key);
  }

  @Override
  public String protocol() {
    return "openai";
  }

  @Override
  public String submit(List<Entry> entries) throws LlmException {
    ByteArrayOutputStream jsonl = new ByteArrayOutputStream();
    for (Entry e : entries) {
      // the body is spliced in as the synchronous client wrote it, not re-serialised
      jsonl.writeBytes(("{\"custom_id\":\"" + e.customId() + "\",\"method\":\"POST\",\"url\":\"/v1/chat/completions\","
          + "\"body\":").getBytes(StandardCharsets.UTF_8));
      jsonl.writeBytes(e.body());
      jsonl.writeBytes("}\n".getBytes(StandardCharsets.UTF_8));
    }
    String boundary = "clarq-batch-" + Long.toHexString(System.nanoTime());
    ByteArrayOutputStream form = new ByteArrayOutputStream();
    form.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"purpose\"\r\n\r\nbatch\r\n--"
        + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"clarq-batch.jsonl\"\r\n"
        + "Content-Type: application/jsonl\r\n\r\n").getBytes(StandardCharsets.UTF_8));
    form.writeBytes(jsonl.toByteArray());
    form.writeBytes(("\r\n--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
    JsonNode file = http.post(BatchHttp.resolve(base, "/files"), "multipart/form-data; boundary=" + boundary,
        form.toByteArray());
    String fileId = text(file, "id", "the uploaded file");
    ObjectNode create = BatchHttp.JSON.createObjectNode().put("input_file_id", fileId)
        .put("endpoint", "/v1/chat/completions").put("completion_window", "24h");
    JsonNode batch = http.postJson(BatchHttp.resolve(base, "/batches"), create.toString()
        .getBytes(StandardCharsets.UTF_8));
    return text(batch, "id", "the created batch");
  }

  @Override
  public Status poll(String batchId) throws LlmException {
    JsonNode b = http.getJson(BatchHttp.resolve(base, "/batches/" + batchId));
    String state = text(b, "status", "batch " + batchId);
    Map<String, String> files = new HashMap<>();
    for (String f : List.of("output_file_id", "error_file_id")) {
      if (b.path(f).isTextual()) {
        files.put(f, b.path(f).asText());
      }
    }
    // a batch that failed validation says why in errors.data[].message
    JsonNode errors = b.path("errors").path("data");
    if (errors.isArray() && errors.size() > 0) {
      files.put("errors", errors.get(0).path("message").asText(""));
    }
    return new Status(batchId, state, ENDED.contains(state), files);
  }

  @Override
  public List<Outcome> results(Status ended) throws LlmException {
    List<Outcome> out = new ArrayList<>();
    for (String f : List.of("output_file_id", "error_file_id")) {
      String id = ended.files().get(f);
      if (id == null) {
        continue;
      }
      byte[] content = http.get(BatchHttp.resolve(base, "/files/" + id + "/content"));
      for (String line : new String(content, StandardCharsets.UTF_8).split("\n")) {
        if (!line.isBlank()) {
          out.add(outcome(line));
        }
      }
    }
    return out;
  }

  // {"id", "custom_id", "response": {"status_code", "request_id", "body"}, "error": null | {"code", "message"}}
  private static Outcome outcome(String line) throws LlmException {
    JsonNode n;
    try {
      n = BatchHttp.JSON.readTree(line);
    } catch (java.io.IOException e) {
      throw new LlmException("a batch result line that is not JSON: " + io.clarq.core.llm.wire.LlmText.abbreviate(line,
          200), e);
    }
    String id = n.path("custom_id").asText("");
    JsonNode error = n.path("error");
    if (error.isObject()) {
      String code = error.path("code").asText("");
      Outcome.Kind kind = switch (code) {
        case "batch_expired" -> Outcome.Kind.EXPIRED;
        case "batch_cancelled" -> Outcome.Kind.CANCELED;
        default -> Outcome.Kind.ERRORED;
      };
      return new Outcome(id, kind, new byte[0], code + ": " + error.path("message").asText(""));
    }
    JsonNode response = n.path("response");
    int status = response.path("status_code").asInt(0);
    if (status == 200 && response.path("body").isObject()) {
      try {
        return new Outcome(id, Outcome.Kind.SUCCEEDED, BatchHttp.JSON.writeValueAsBytes(response.path("body")), "");
      } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
        throw new LlmException("cannot keep the reply of batch entry " + id, e);
      }
    }
    JsonNode err = response.path("body").path("error");
    return new Outcome(id, Outcome.Kind.ERRORED, new byte[0], "HTTP " + status + " "
        + err.path("code").asText(err.path("type").asText("")) + ": " + err.path("message").asText(""));
  }

  static String text(JsonNode n, String field, String what) throws LlmException {
    if (!n.path(field).isTextual()) {
      throw new LlmException(what + " has no " + field + ": " + io.clarq.core.llm.wire.LlmText.abbreviate(n.toString(),
          200));
    }
    return n.path(field).asText();
  }
}
