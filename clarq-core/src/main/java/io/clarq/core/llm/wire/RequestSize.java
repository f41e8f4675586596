package io.clarq.core.llm.wire;

import io.clarq.core.llm.ChatMessage;
import io.clarq.core.llm.ChatRequest;

/**
 * A request's size in tokens before it is sent, as the providers count it against a tokens-per-minute limit: the
 * prompt estimated from its characters (about four a token, OpenAI's rule of thumb, plus a few tokens a message) and
 * the {@code max_tokens} it may spend. The server's own count comes back in its {@code remaining} headers and
 * corrects the budget, so the estimate need not be exact.
 */
public final class RequestSize {
  /** Tokens a message costs beyond its text (role and separators). */
  public static final int PER_MESSAGE = 4;

  private RequestSize() {}

  /** The estimated tokens of {@code request}: prompt and {@code max_tokens}. */
  public static long of(ChatRequest request) {
    long chars = 0;
    for (ChatMessage m : request.messages()) {
      chars += m.content().length();
    }
    return (chars + 3) / 4 + (long) PER_MESSAGE * request.messages().size() + request.maxTokens().orElse(0);
  }
}
