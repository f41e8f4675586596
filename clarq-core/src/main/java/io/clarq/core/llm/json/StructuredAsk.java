package io.clarq.core.llm.json;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import java.util.List;
import java.util.function.BiFunction;

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
    String first = client.chat(request).text();
    JsonReply reply = JsonReplyParser.parse(first, required);
    if (reply.isParsed()) {
      return reply;
    }
    ChatRequest again = request.toBuilder()
        .assistant(first)
        .user(reminder.apply(reply.problem(), required))
        .build();
    String second = client.chat(again).text();
    return JsonReplyParser.parse(second, required).after(List.of(first), reply.problem());
  }
}
