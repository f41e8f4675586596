package io.clarq.core.llm.openai;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmUnusableReplyException;
import io.clarq.core.llm.LlmUnusableReplyException.Reason;

/**
 * Which well-formed replies are not usable utterances. The finish reasons and fields are OpenAI's chat completion
 * object (platform.openai.com/docs/api-reference/chat/object: {@code finish_reason} "length" / "content_filter",
 * {@code message.refusal}, {@code message.tool_calls}), which vLLM, Ollama, llama.cpp, TGI and Mistral copy.
 */
final class ReplyPolicy {
  private ReplyPolicy() {}

  /**
   * Throws when the reply is not usable: filtered; cut at the length limit when the request set no
   * {@code max_tokens} (the server's own limit cut it) or nothing but reasoning came before the cut; a refusal; tool
   * calls without text; reasoning without text. A request that sets {@code max_tokens} and gets text cut there gets
   * that text, as the reference protocol's short answers (one token, a few words) expect.
   */
  static void check(OpenAiWire.Reply reply, ChatRequest request, String what) throws LlmUnusableReplyException {
    ChatResponse r = reply.response();
    String text = r.text();
    boolean noText = text.isBlank();
    if ("content_filter".equals(r.finishReason())) {
      throw new LlmUnusableReplyException(what, text, Reason.CONTENT_FILTER,
          "the server's content filter cut the reply (finish reason content_filter)", r);
    }
    if ("length".equals(r.finishReason()) && (request.maxTokens().isEmpty() || noText)) {
      throw new LlmUnusableReplyException(what, noText ? r.reasoning() : text, Reason.LENGTH,
          "the reply was cut at the length limit (finish reason length" + (noText && !r.reasoning().isBlank()
              ? ", reasoning only" : "") + ")", r);
    }
    if (!reply.refusal().isBlank()) {
      throw new LlmUnusableReplyException(what, reply.refusal(), Reason.REFUSAL, "the model refused", r);
    }
    if (noText && !reply.toolCalls().isEmpty()) {
      throw new LlmUnusableReplyException(what, reply.toolCalls(), Reason.TOOL_CALLS,
          "the reply is tool calls with no text", r);
    }
    if (noText && !r.reasoning().isBlank()) {
      throw new LlmUnusableReplyException(what, r.reasoning(), Reason.REASONING_ONLY,
          "the reply is reasoning with no text after it", r);
    }
  }
}
