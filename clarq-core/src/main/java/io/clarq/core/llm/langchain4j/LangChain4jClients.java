package io.clarq.core.llm.langchain4j;

import dev.langchain4j.model.chat.ChatModel;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.ReplyPolicy;

/**
 * Both directions between clarq and LangChain4j, for Java users. It lives here rather than in
 * {@link io.clarq.core.llm.LlmClients} because a public method naming a LangChain4j type would make reflection on
 * {@code LlmClients} ({@code getMethods()}) fail wherever LangChain4j is absent.
 *
 * <pre>{@code
 * LlmClient bedrock = LangChain4jClients.of(BedrockChatModel.builder().modelId("...").build());
 * ChatModel viaClarq = LangChain4jClients.chatModel(LlmClients.fromSpec("openai:gpt-4o"));
 * }</pre>
 */
public final class LangChain4jClients {
  private LangChain4jClients() {}

  /**
   * A clarq client over any LangChain4j chat model (Bedrock, Vertex AI, Azure OpenAI, Mistral...). The model keeps
   * its own timeout and retries; what it cannot send (a seed, log-probabilities; JSON mode when it refuses it) is
   * left out, a deviation the listener hears of. Its replies go through the {@link ReplyPolicy}, as every scheme's
   * do: a reply the model's module reports cut ({@code LENGTH}), filtered ({@code CONTENT_FILTER}) or calling tools
   * is unusable.
   */
  public static LlmClient of(ChatModel chatModel) {
    return ReplyPolicy.enforce(LangChain4jClient.of(chatModel));
  }

  /** As {@link #of(ChatModel)}, with clarq's retries and limits, telling {@code listener} of replies and deviations. */
  public static LlmClient of(ChatModel chatModel, LlmSettings settings, LlmListener listener) {
    return ReplyPolicy.enforce(LangChain4jClient.of(chatModel, settings, listener));
  }

  /** A LangChain4j chat model over any clarq client: its cache, usage meter and server pool stay in the path. */
  public static ChatModel chatModel(LlmClient client) {
    return new ClarqChatModel(client);
  }
}
