package io.clarq.core.llm;

import io.clarq.core.llm.LlmUnusableReplyException.Reason;
import io.clarq.core.llm.wire.LlmText;
import java.util.Objects;

/**
 * Which well-formed replies are not usable utterances, the same for every client: it reads the reply's
 * {@link EndReason} (each protocol's end reason, normalised) and its text and reasoning, never a protocol's fields.
 * An unusable reply is an {@link LlmUnusableReplyException}: unparsed, its raw text kept, never spoken, never cached,
 * never a verdict, counted apart by its {@link Reason}.
 *
 * <p>Every client goes through it: {@link LlmClients#fromSpec} returns each scheme's client (built-in or a plug-in)
 * {@linkplain #enforce enforced}, as does {@code LangChain4jClients.of(model)}; a client built by hand is enforced with
 * {@link #enforce}; and a response cache checks what it replays ({@link io.clarq.core.llm.cache.CachingLlmClient}),
 * so a reply recorded before the policy applied is not replayed as usable.
 */
public final class ReplyPolicy {
  private ReplyPolicy() {}

  /**
   * Throws when {@code response}, the reply to {@code request}, is not usable: filtered
   * ({@link EndReason.Kind#CONTENT_FILTER}); cut at the length limit when the request set no {@code max_tokens} (the server's own limit cut it) or nothing
   * but reasoning came before the cut; a refusal; tool calls without text; reasoning without text. A request that
   * sets {@code max_tokens} and gets text cut there gets that text, as the reference protocol's short answers (one
   * token, a few words) expect.
   *
   * @param what what the reply was for, for the message ("reply of model gpt-4o")
   */
  public static void check(ChatRequest request, ChatResponse response, String what)
      throws LlmUnusableReplyException {
    EndReason end = response.endReason();
    String text = response.text();
    boolean noText = text.isBlank();
    String reasoning = response.reasoning();
    switch (end.kind()) {
      case CONTENT_FILTER -> throw new LlmUnusableReplyException(what, text, Reason.CONTENT_FILTER,
          "the server's content filter cut the reply (" + said(end) + ")", response);
      case LENGTH -> {
        if (request.maxTokens().isEmpty() || noText) {
          throw new LlmUnusableReplyException(what, noText ? reasoning : text, Reason.LENGTH,
              "the reply was cut at the length limit (" + said(end) + (noText && !reasoning.isBlank()
                  ? ", reasoning only" : "") + ")", response);
        }
      }
      case REFUSAL -> throw new LlmUnusableReplyException(what, end.detail().isBlank() ? text : end.detail(),
          Reason.REFUSAL, "the model refused (" + said(end) + ")", response);
      case TOOL_CALLS -> {
        if (noText) {
          throw new LlmUnusableReplyException(what, end.detail(), Reason.TOOL_CALLS,
              "the reply is tool calls with no text (" + said(end) + ")", response);
        }
      }
      default -> { }
    }
    if (noText && !reasoning.isBlank()) {
      throw new LlmUnusableReplyException(what, reasoning, Reason.REASONING_ONLY,
          "the reply is reasoning with no text after it", response);
    }
  }

  /** Whether {@link #check} lets {@code response} through. */
  public static boolean usable(ChatRequest request, ChatResponse response) {
    try {
      check(request, response, "reply");
      return true;
    } catch (LlmUnusableReplyException e) {
      return false;
    }
  }

  /**
   * {@code client} with the policy applied to every reply it returns: an unusable one is thrown instead (its tokens
   * were reported by the client's own listener, as for any reply). A client enforced already comes back as it is.
   */
  public static LlmClient enforce(LlmClient client) {
    Objects.requireNonNull(client, "client");
    return client instanceof Enforced ? client : new Enforced(client);
  }

  /** E.g. {@code stop_reason "refusal"}, or {@code finishReason "SAFETY": HARM_CATEGORY_HARASSMENT HIGH blocked}. */
  private static String said(EndReason end) {
    if (end.field().isEmpty()) {
      return "no end reason given";
    }
    String detail = end.kind() == EndReason.Kind.CONTENT_FILTER && !end.detail().isEmpty()
        ? ": " + LlmText.abbreviate(end.detail(), 200) : "";
    return end.field() + (end.value().isEmpty() ? "" : " \"" + end.value() + "\"") + detail;
  }

  /** The decorator {@link #enforce} returns. */
  private static final class Enforced implements LlmClientDecorator {
    private final LlmClient delegate;

    Enforced(LlmClient delegate) {
      this.delegate = delegate;
    }

    @Override
    public LlmClient delegate() {
      return delegate;
    }

    @Override
    public ChatResponse chat(ChatRequest request) throws LlmException {
      ChatResponse response = delegate.chat(request);
      String model = request.model().isEmpty() ? delegate.model() : request.model();
      check(request, response, "reply of " + (model.isEmpty() ? "the server's default model" : "model " + model));
      return response;
    }

    /** Never passes on a reply the policy refuses, so no cache below can record one. */
    @Override
    public void accept(ChatRequest request, ChatResponse response) {
      if (usable(request, response)) {
        delegate.accept(request, response);
      }
    }

    @Override
    public String toString() {
      return delegate.toString();
    }
  }
}
