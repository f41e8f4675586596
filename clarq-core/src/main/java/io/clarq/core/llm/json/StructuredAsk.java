package io.clarq.core.llm.json;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * How every agent asks a model for a JSON object: ask; if the reply cannot be read, ask once more with the unusable
 * reply and a reminder naming the problem appended to the conversation (so a cache cannot replay the same bad
 * reply); if that fails too, return the unparsed result with both raw replies, for the caller to record and count
 * as unparsed. Transport failures are not retried here (the client did that) and propagate as {@link LlmException}.
 */
public final class StructuredAsk {
  /** The English reminder: the problem, then the fields wanted. */
  public static final BiFunction<String, List<String>, String> ENGLISH_REMINDER = (problem, fields) ->
      "Your previous reply could not be read (" + problem + "). Reply again with only one JSON object"
          + (fields.isEmpty() ? "" : " with the fields " + String.join(", ", fields)) + ", and nothing else.";

  /** The Chinese reminder. */
  public static final BiFunction<String, List<String>, String> CHINESE_REMINDER = (problem, fields) ->
      "无法读取你上一条回复（" + problem + "）。请重新回复，只给出一个 JSON 对象"
          + (fields.isEmpty() ? "" : "，包含字段 " + String.join("、", fields)) + "，不要有其他内容。";

  private StructuredAsk() {}

  /** Asks with the English reminder. */
  public static JsonReply ask(LlmClient client, ChatRequest request, List<String> required) throws LlmException {
    return ask(client, request, required, ENGLISH_REMINDER);
  }

  /**
   * Asks for an object holding {@code required}, at most twice.
   *
   * @param reminder the second question, from the first reply's problem and the required fields
   */
  public static JsonReply ask(LlmClient client, ChatRequest request, List<String> required,
      BiFunction<String, List<String>, String> reminder) throws LlmException {
    return ask(client, request, required, reminder, r -> "");
  }

  /**
   * Asks for an object holding {@code required} whose values {@code check} accepts, at most twice.
   *
   * @param check the problem with a parsed object's values (e.g. "match is not true or false"), "" when none; an
   *     object it finds a problem with counts as unreadable
   */
  public static JsonReply ask(LlmClient client, ChatRequest request, List<String> required,
      BiFunction<String, List<String>, String> reminder, Function<JsonReply, String> check) throws LlmException {
    String first = client.chat(request).text();
    JsonReply reply = parse(first, required, check);
    if (reply.isParsed()) {
      return reply;
    }
    ChatRequest again = request.toBuilder()
        .assistant(first)
        .user(reminder.apply(reply.problem(), required))
        .build();
    String second = client.chat(again).text();
    return parse(second, required, check).after(List.of(first), reply.problem());
  }

  private static JsonReply parse(String raw, List<String> required, Function<JsonReply, String> check) {
    JsonReply reply = JsonReplyParser.parse(raw, required);
    if (!reply.isParsed()) {
      return reply;
    }
    String problem = check.apply(reply);
    return problem.isEmpty() ? reply : JsonReply.unparsed(raw, problem);
  }
}
