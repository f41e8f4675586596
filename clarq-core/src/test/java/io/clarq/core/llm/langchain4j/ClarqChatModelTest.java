package io.clarq.core.llm.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.LangChain4jException;
import dev.langchain4j.exception.UnsupportedFeatureException;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.langchain4j.model.output.FinishReason;
import io.clarq.core.llm.ChatMessage;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.Deviation;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.RetryPolicy;
import io.clarq.core.llm.TokenUsage;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** Both directions: a LangChain4j ChatModel over a clarq client, and a clarq client over a ChatModel. */
class ClarqChatModelTest {
  /** A clarq client that answers, reports usage and reasoning, and records what was asked and accepted. */
  private static final class Recording implements LlmClient {
    final List<io.clarq.core.llm.ChatRequest> asked = new CopyOnWriteArrayList<>();
    final List<ChatResponse> accepted = new CopyOnWriteArrayList<>();

    @Override
    public ChatResponse chat(io.clarq.core.llm.ChatRequest request) throws LlmException {
      asked.add(request);
      if (request.messages().get(request.messages().size() - 1).content().equals("fail")) {
        throw new LlmException("server down");
      }
      return new ChatResponse("reply to " + request.messages().size(), "length", new TokenUsage(11, 4),
          Duration.ZERO, List.of(), "thought");
    }

    @Override
    public void accept(io.clarq.core.llm.ChatRequest request, ChatResponse response) {
      accepted.add(response);
    }
  }

  @Test
  void testChatModelOverAClarqClientCarriesMessagesParametersAndAccepts() {
    Recording clarq = new Recording();
    ChatModel model = LangChain4jClients.chatModel(clarq);
    var reply = model.chat(ChatRequest.builder()
        .messages(SystemMessage.from("sys"), UserMessage.from("u1"), AiMessage.from("a1"), UserMessage.from("u2"))
        .temperature(0.0).topP(0.5).maxOutputTokens(32).stopSequences(List.of("X"))
        .responseFormat(ResponseFormat.JSON).build());
    assertThat(reply.aiMessage().text()).isEqualTo("reply to 4");
    assertThat(reply.aiMessage().thinking()).isEqualTo("thought");
    assertThat(reply.finishReason()).isEqualTo(FinishReason.LENGTH);
    assertThat(reply.tokenUsage().inputTokenCount()).isEqualTo(11);
    assertThat(reply.tokenUsage().outputTokenCount()).isEqualTo(4);
    io.clarq.core.llm.ChatRequest sent = clarq.asked.get(0);
    assertThat(sent.messages()).containsExactly(ChatMessage.system("sys"), ChatMessage.user("u1"),
        ChatMessage.assistant("a1"), ChatMessage.user("u2"));
    assertThat(sent.temperature()).contains(0.0);
    assertThat(sent.topP()).contains(0.5);
    assertThat(sent.maxTokens()).contains(32);
    assertThat(sent.stop()).containsExactly("X");
    assertThat(sent.responseFormat()).isEqualTo(io.clarq.core.llm.ResponseFormat.JSON_OBJECT);
    assertThat(clarq.accepted).hasSize(1);
  }

  @Test
  void testClarqFailuresAndToolsSurfaceAsLangChain4jErrors() {
    Recording clarq = new Recording();
    ChatModel model = LangChain4jClients.chatModel(clarq);
    assertThatThrownBy(() -> model.chat("fail")).isInstanceOf(LangChain4jException.class)
        .hasCauseInstanceOf(LlmException.class).hasMessageContaining("server down");
    assertThatThrownBy(() -> model.chat(ChatRequest.builder().messages(UserMessage.from("q"))
        .toolSpecifications(dev.langchain4j.agent.tool.ToolSpecification.builder().name("t").build()).build()))
        .isInstanceOf(UnsupportedFeatureException.class);
    assertThat(clarq.accepted).isEmpty();
  }

  @Test
  void testClarqClientOverAnyChatModelRoundTripsAndRecordsDeviations() throws Exception {
    Recording clarq = new Recording();
    List<Deviation> deviations = new CopyOnWriteArrayList<>();
    List<ChatResponse> replies = new CopyOnWriteArrayList<>();
    LlmClient client = LangChain4jClients.of(LangChain4jClients.chatModel(clarq),
        LlmSettings.DEFAULT.withRetry(RetryPolicy.NONE), new LlmListener() {
          @Override
          public void onDeviation(Deviation d) {
            deviations.add(d);
          }

          @Override
          public void onResponse(io.clarq.core.llm.ChatRequest request, ChatResponse response) {
            replies.add(response);
          }
        });
    // the request sets max_tokens, so the reply cut there ("length") is its answer by the reply policy
    io.clarq.core.llm.ChatRequest request = io.clarq.core.llm.ChatRequest.builder().system("s").user("u")
        .temperature(0.0).seed(3L).logprobs(true).maxTokens(16).build();
    ChatResponse r = client.chat(request);
    client.chat(request);
    assertThat(r.text()).isEqualTo("reply to 2");
    assertThat(r.reasoning()).isEqualTo("thought");
    assertThat(r.finishReason()).isEqualTo("length");
    assertThat(r.usage()).isEqualTo(new TokenUsage(11, 4));
    assertThat(replies).hasSize(2);
    assertThat(clarq.asked.get(0).seed()).isEmpty();
    assertThat(deviations).extracting(Deviation::name).containsExactlyInAnyOrder("seed not sent",
        "logprobs not returned");
    assertThat(deviations.get(0).model()).startsWith("langchain4j:");
    assertThatThrownBy(() -> client.chat(io.clarq.core.llm.ChatRequest.builder().user("fail").build()))
        .isInstanceOf(LlmException.class).hasMessageContaining("server down");
  }
}
