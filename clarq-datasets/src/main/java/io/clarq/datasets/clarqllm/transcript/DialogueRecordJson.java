package io.clarq.datasets.clarqllm.transcript;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.clarqllm.provider.Intent;
import io.clarq.core.clarqllm.provider.ReplyKind;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.core.clarqllm.transcript.DialogueStatus;
import io.clarq.core.clarqllm.transcript.TurnRecord;
import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.dialogue.Dialogue;
import io.clarq.core.dialogue.EndReason;
import io.clarq.core.dialogue.Speaker;
import io.clarq.core.dialogue.Utterance;
import io.clarq.core.llm.TokenUsage;
import io.clarq.datasets.jsonl.JsonLines;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;

/**
 * One {@link DialogueRecord} as one JSON object on one line. Fields (snake_case; optional ones are left out when
 * unknown):
 *
 * <pre>
 * format      "clarq-transcript/1"
 * task        "3.2"          language  "en" | "zh"      split  "test" | "dev" (derived from task)
 * trial       2, 3, ...      (trial t of a run with trials; absent for trial 1, so a run without trials writes
 *                             what it always wrote)
 * seeker      name           provider  name
 * status      "finished" | "failed"                      error  message (failed only)
 * end_reason  "goodbye" | "turn_cap" | "unknown"
 * started_at  ISO-8601 instant                           wall_ms  whole dialogue, milliseconds
 * attributes  {string: string}
 * utterances  [{speaker "provider" | "seeker", text,
 *               latency_ms, prompt_tokens, completion_tokens, llm_calls,
 *               cached_input_tokens, cache_write_tokens (part of prompt_tokens; only when above 0),
 *               reply_kind "response_i" | "response_ii", intent 1-6, nodes ["1", "1.1"]}]
 * </pre>
 */
public final class DialogueRecordJson {
  /** The value of the {@code format} field this version writes and reads. */
  public static final String FORMAT = "clarq-transcript/1";

  private static final ObjectMapper JSON = new ObjectMapper();

  private DialogueRecordJson() {}

  /** The record as one line of JSON (no line break inside). */
  public static String toLine(DialogueRecord r) {
    ObjectNode o = JSON.createObjectNode();
    o.put("format", FORMAT);
    o.put("task", r.taskId().toString());
    o.put("language", r.language().code());
    o.put("split", lower(r.split()));
    if (r.trial() > 1) {
      o.put("trial", r.trial());
    }
    o.put("seeker", r.seeker());
    o.put("provider", r.provider());
    o.put("status", lower(r.status()));
    r.error().ifPresent(e -> o.put("error", e));
    o.put("end_reason", lower(r.dialogue().endReason()));
    r.startedAt().ifPresent(t -> o.put("started_at", t.toString()));
    r.wallTime().ifPresent(d -> o.put("wall_ms", d.toMillis()));
    if (!r.attributes().isEmpty()) {
      ObjectNode a = o.putObject("attributes");
      new TreeMap<>(r.attributes()).forEach(a::put);
    }
    ArrayNode us = o.putArray("utterances");
    List<Utterance> utterances = r.dialogue().utterances();
    for (int i = 0; i < utterances.size(); i++) {
      ObjectNode u = us.addObject();
      u.put("speaker", lower(utterances.get(i).speaker()));
      u.put("text", utterances.get(i).text());
      if (!r.turns().isEmpty()) {
        writeTurn(u, r.turns().get(i));
      }
    }
    try {
      return JSON.writeValueAsString(o);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write dialogue record for task " + r.taskId(), e);
    }
  }

  private static void writeTurn(ObjectNode u, TurnRecord t) {
    t.latency().ifPresent(d -> u.put("latency_ms", d.toMillis()));
    t.usage().ifPresent(x -> {
      u.put("prompt_tokens", x.promptTokens());
      u.put("completion_tokens", x.completionTokens());
      if (x.reasoningTokens() > 0) {
        u.put("reasoning_tokens", x.reasoningTokens());
      }
      if (x.cachedInputTokens() > 0) {
        u.put("cached_input_tokens", x.cachedInputTokens());
      }
      if (x.cacheWriteTokens() > 0) {
        u.put("cache_write_tokens", x.cacheWriteTokens());
      }
    });
    t.reasoning().ifPresent(r -> u.put("reasoning", r));
    t.llmCalls().ifPresent(n -> u.put("llm_calls", n));
    t.replyKind().ifPresent(k -> u.put("reply_kind", lower(k)));
    t.intent().ifPresent(i -> u.put("intent", i.code()));
    if (!t.nodes().isEmpty()) {
      ArrayNode n = u.putArray("nodes");
      t.nodes().forEach(id -> n.add(id.toString()));
    }
  }

  /**
   * Parses one line.
   *
   * @param where names the line in errors, e.g. "run.jsonl, line 3"
   * @throws IllegalArgumentException starting with {@code where} when the line is not a valid record
   */
  public static DialogueRecord fromLine(String line, String where) {
    JsonNode o = JsonLines.object(line, where, "one dialogue record");
    String format = o.path("format").asText("");
    if (!FORMAT.equals(format)) {
      throw new IllegalArgumentException(where + ": format is \"" + format + "\"; this reader reads " + FORMAT);
    }
    try {
      DialogueRecord.Builder b = DialogueRecord.builder(TaskId.parse(text(o, "task")),
          Language.parse(text(o, "language")), text(o, "seeker"), text(o, "provider"));
      List<Utterance> utterances = new ArrayList<>();
      List<TurnRecord> turns = new ArrayList<>();
      JsonNode us = o.get("utterances");
      if (us == null || !us.isArray()) {
        throw new IllegalArgumentException("utterances: missing or not a list");
      }
      for (int i = 0; i < us.size(); i++) {
        JsonNode u = us.get(i);
        utterances.add(new Utterance(parse(Speaker.class, text(u, "speaker"), "utterances[" + i + "].speaker"),
            text(u, "text")));
        turns.add(readTurn(u, i));
      }
      b.dialogue(new Dialogue(utterances, parse(EndReason.class, text(o, "end_reason"), "end_reason")));
      b.turns(turns);
      if (parse(DialogueStatus.class, text(o, "status"), "status") == DialogueStatus.FAILED) {
        b.failed(o.path("error").asText(""));
      } else if (o.hasNonNull("error")) {
        throw new IllegalArgumentException("a finished dialogue has an error field");
      }
      if (o.hasNonNull("started_at")) {
        b.startedAt(Instant.parse(text(o, "started_at")));
      }
      if (o.hasNonNull("wall_ms")) {
        b.wallTime(Duration.ofMillis(number(o, "wall_ms")));
      }
      o.path("attributes").fields().forEachRemaining(e -> b.attribute(e.getKey(), e.getValue().asText()));
      if (o.has("trial")) {
        JsonNode t = o.get("trial");
        if (!t.canConvertToInt() || !t.isIntegralNumber() || t.intValue() < 1) {
          throw new IllegalArgumentException("trial is " + t + "; expected a whole number from 1");
        }
        b.trial(t.intValue());
      }
      DialogueRecord r = b.build();
      String split = o.path("split").asText(lower(r.split()));
      if (!split.equals(lower(r.split()))) {
        throw new IllegalArgumentException("split \"" + split + "\" does not match task " + r.taskId());
      }
      return r;
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
    }
  }

  private static TurnRecord readTurn(JsonNode u, int i) {
    String at = "utterances[" + i + "].";
    Optional<Duration> latency = u.hasNonNull("latency_ms")
        ? Optional.of(Duration.ofMillis(number(u, "latency_ms"))) : Optional.empty();
    Optional<TokenUsage> usage = u.hasNonNull("prompt_tokens") || u.hasNonNull("completion_tokens")
        ? Optional.of(new TokenUsage(u.path("prompt_tokens").asLong(0), u.path("completion_tokens").asLong(0),
            u.path("reasoning_tokens").asLong(0)).withCache(u.path("cached_input_tokens").asLong(0),
            u.path("cache_write_tokens").asLong(0)))
        : Optional.empty();
    Optional<String> reasoning = u.hasNonNull("reasoning") ? Optional.of(text(u, "reasoning")) : Optional.empty();
    OptionalInt calls = u.hasNonNull("llm_calls") ? OptionalInt.of((int) number(u, "llm_calls")) : OptionalInt.empty();
    Optional<ReplyKind> kind = u.hasNonNull("reply_kind")
        ? Optional.of(parse(ReplyKind.class, text(u, "reply_kind"), at + "reply_kind")) : Optional.empty();
    Optional<Intent> intent = u.hasNonNull("intent")
        ? Optional.of(Intent.ofCode((int) number(u, "intent"))) : Optional.empty();
    List<NodeId> nodes = new ArrayList<>();
    for (JsonNode n : u.path("nodes")) {
      nodes.add(NodeId.parse(n.asText()));
    }
    return new TurnRecord(latency, usage, calls, kind, intent, nodes, reasoning);
  }

  private static String text(JsonNode o, String field) {
    JsonNode n = o.get(field);
    if (n == null || !n.isTextual()) {
      throw new IllegalArgumentException(n == null ? "missing field " + field : field + " is not a string");
    }
    return n.asText();
  }

  private static long number(JsonNode o, String field) {
    JsonNode n = o.get(field);
    if (!n.canConvertToLong()) {
      throw new IllegalArgumentException(field + " is not a whole number: " + n);
    }
    return n.asLong();
  }

  private static <E extends Enum<E>> E parse(Class<E> type, String value, String field) {
    for (E e : type.getEnumConstants()) {
      if (lower(e).equals(value)) {
        return e;
      }
    }
    List<String> known = new ArrayList<>();
    for (E e : type.getEnumConstants()) {
      known.add(lower(e));
    }
    throw new IllegalArgumentException(field + " \"" + value + "\" is not one of " + known);
  }

  private static String lower(Enum<?> e) {
    return e.name().toLowerCase(Locale.ROOT);
  }
}
