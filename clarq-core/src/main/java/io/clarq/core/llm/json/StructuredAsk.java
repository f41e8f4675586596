package io.clarq.core.llm.json;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmUnparsedReplyException;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * How every agent asks a model for a JSON object: ask; if the reply cannot be read, ask once more with the unusable
 * reply and a reminder naming the problem appended to the conversation; if that fails too, return the unparsed
 * result with both raw replies, for the caller to record and count as unparsed. Transport failures are not retried
 * here (the client did that) and propagate as {@link LlmException}.
 *
 * <p>Response caches: a parsed reply is {@linkplain LlmClient#accept accepted}, so a cache records it; an unparsed
 * one is not, so a rerun asks the model again instead of replaying the failure. When the second question is parsed,
 * the first reply is accepted with it (it is part of the second question's conversation, and a replay must retrace
 * both). {@link #text} does the same for free-text replies.
 */
public final class StructuredAsk {
  private StructuredAsk() {}

  /**
   * Asks for an object holding {@code required}, at most twice.
   *
   * @param reminder the second question, from the first reply's problem and the required fields: words from the
   *     caller's prompt pack ({@link io.clarq.core.prompt.PackAsk#reminder})
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
    ChatResponse firstResponse = client.chat(request);
    String first = firstResponse.text();
    JsonReply reply = parse(first, required, check);
    if (reply.isParsed()) {
      client.accept(request, firstResponse);
      return reply;
    }
    ChatRequest again = request.toBuilder()
        .assistant(first)
        .user(reminder.apply(reply.problem(), required))
        .build();
    ChatResponse secondResponse = client.chat(again);
    JsonReply second = parse(secondResponse.text(), required, check);
    if (second.isParsed()) {
      client.accept(request, firstResponse);
      client.accept(again, secondResponse);
    }
    return second.after(List.of(first), reply.problem());
  }

  /**
   * Asks for free text (a seeker line, an answer, a question) and returns it cleaned by {@code clean}; the reply is
   * accepted only when something is left.
   *
   * @param what what the reply is for, for the error ("seeker turn")
   * @param clean takes the reply's text to what the caller uses (e.g. strips a "You:" prefix); blank = unusable
   * @throws LlmUnparsedReplyException when the reply is empty or blank (a null content included), or nothing is
   *     left once cleaned; it carries the raw text
   */
  public static String text(LlmClient client, ChatRequest request, String what, UnaryOperator<String> clean)
      throws LlmException {
    ChatResponse response = client.chat(request);
    String cleaned = requireText(response, what, clean);
    client.accept(request, response);
    return cleaned;
  }

  /**
   * The reply's text cleaned by {@code clean}, for a caller that needs the whole response (log-probabilities) and
   * accepts it itself.
   *
   * @throws LlmUnparsedReplyException when nothing is left (see {@link #text})
   */
  public static String requireText(ChatResponse response, String what, UnaryOperator<String> clean)
      throws LlmUnparsedReplyException {
    String raw = response.text();
    if (raw.isBlank()) {
      throw new LlmUnparsedReplyException(what, raw, (raw.isEmpty() ? "empty" : "blank") + " reply (finish reason "
          + (response.finishReason().isEmpty() ? "not given" : "\"" + response.finishReason() + "\"") + ")");
    }
    String cleaned = clean.apply(raw);
    if (cleaned == null || cleaned.isBlank()) {
      throw new LlmUnparsedReplyException(what, raw, "nothing usable in the reply");
    }
    return cleaned;
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
