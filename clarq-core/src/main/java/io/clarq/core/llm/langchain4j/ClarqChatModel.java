package io.clarq.core.llm.langchain4j;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.LangChain4jException;
import dev.langchain4j.exception.UnsupportedFeatureException;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.response.ChatResponseMetadata;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;
import io.clarq.core.llm.ChatMessage;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.ResponseFormat;
import java.util.Objects;

/**
 * A LangChain4j {@link ChatModel} over any clarq {@link LlmClient}, so a seeker (or any code) written with
 * LangChain4j goes through clarq's response cache, usage meter, server pool and recorded deviations:
 *
 * <pre>{@code
 * ChatModel model = new ClarqChatModel(LlmClients.fromSpec("openai:gpt-4o"));
 * String reply = model.chat("Where do I start?");
 * }</pre>
 *
 * Messages (system, user, assistant text), temperature, top_p, max output tokens, stop sequences and JSON mode
 * are passed on; tools, images and other content LangChain4j can carry are refused with
 * {@link UnsupportedFeatureException}. Every reply handed back counts as used ({@link LlmClient#accept}), so a
 * cache keeps it. A clarq failure is thrown as a {@link LangChain4jException} whose cause is the
 * {@link LlmException}.
 *
 * <p>LangChain4j's requests have no place for a run's trial: a seeker playing trial t of a run asks
 * {@link #inTrial(int) inTrial(turn.trial())} for a model whose requests carry it, so a response cache keeps the
 * trials apart whatever thread the call is made on.
 */
public final class ClarqChatModel implements ChatModel {
  private final LlmClient client;
  private final int trial;

  public ClarqChatModel(LlmClient client) {
    this(client, 1);
  }

  private ClarqChatModel(LlmClient client, int trial) {
    this.client = Objects.requireNonNull(client, "client");
    this.trial = io.clarq.core.llm.Trials.check(trial);
  }

  /**
   * This model for a turn of {@code trial} of a run ({@link io.clarq.core.clarqllm.seeker.SeekerTurn#trial()}): its requests
   * carry the trial ({@link ChatRequest#trial()}); nothing else changes.
   */
  public ClarqChatModel inTrial(int trial) {
    return trial == this.trial ? this : new ClarqChatModel(client, trial);
  }

  @Override
  public dev.langchain4j.model.chat.response.ChatResponse doChat(dev.langchain4j.model.chat.request.ChatRequest lc) {
    ChatRequest request = toClarq(lc);
    ChatResponse response;
    try {
      response = client.chat(request);
    } catch (LlmException e) {
      throw new LangChain4jException(e.getMessage(), e);
    }
    client.accept(request, response);
    AiMessage.Builder ai = AiMessage.builder().text(response.text());
    if (!response.reasoning().isEmpty()) {
      ai.thinking(response.reasoning());
    }
    return dev.langchain4j.model.chat.response.ChatResponse.builder()
        .aiMessage(ai.build())
        .metadata(ChatResponseMetadata.builder()
            .modelName(request.model().isEmpty() ? null : request.model())
            .finishReason(finishReason(response.finishReason()))
            .tokenUsage(new TokenUsage((int) response.usage().promptTokens(),
                (int) response.usage().completionTokens()))
            .build())
        .build();
  }

  private ChatRequest toClarq(dev.langchain4j.model.chat.request.ChatRequest lc) {
    ChatRequest.Builder b = ChatRequest.builder().trial(trial);
    for (dev.langchain4j.data.message.ChatMessage m : lc.messages()) {
      if (m instanceof SystemMessage s) {
        b.message(ChatMessage.system(s.text()));
      } else if (m instanceof UserMessage u && u.hasSingleText()) {
        b.message(ChatMessage.user(u.singleText()));
      } else if (m instanceof AiMessage a && !a.hasToolExecutionRequests() && a.text() != null) {
        b.message(ChatMessage.assistant(a.text()));
      } else {
        throw new UnsupportedFeatureException("clarq clients carry text messages only (system, user, assistant);"
            + " got " + m.type());
      }
    }
    ChatRequestParameters p = lc.parameters();
    if (p.toolSpecifications() != null && !p.toolSpecifications().isEmpty()) {
      throw new UnsupportedFeatureException("clarq clients send no tools");
    }
    if (p.modelName() != null) {
      b.model(p.modelName());
    }
    b.temperature(p.temperature()).topP(p.topP()).maxTokens(p.maxOutputTokens());
    if (p.stopSequences() != null) {
      b.stop(p.stopSequences());
    }
    if (p.responseFormat() != null && p.responseFormat().type() == ResponseFormatType.JSON) {
      b.responseFormat(ResponseFormat.JSON_OBJECT);
    }
    try {
      return b.build();
    } catch (IllegalArgumentException e) {
      throw new UnsupportedFeatureException(e.getMessage());
    }
  }

  private static FinishReason finishReason(String reason) {
    return switch (reason) {
      case "stop" -> FinishReason.STOP;
      case "length" -> FinishReason.LENGTH;
      case "content_filter" -> FinishReason.CONTENT_FILTER;
      case "tool_calls" -> FinishReason.TOOL_EXECUTION;
      case "" -> null;
      default -> FinishReason.OTHER;
    };
  }

  @Override
  public String toString() {
    return "ClarqChatModel{" + client + "}";
  }
}
