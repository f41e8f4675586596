package io.clarq.core.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.testing.ScriptedLlmClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class BoundLlmClientTest {
  @Test
  void testAViewSendsItsModelWhereARequestNamesNoneAndSharesTheRest() throws Exception {
    ScriptedLlmClient base = ScriptedLlmClient.replying("a", "b");
    assertThat(base.model()).isEmpty();
    assertThat(base.capabilities()).isEqualTo(LlmCapabilities.ALL);
    LlmClient view = base.withModel("qwen2.5-7b");
    assertThat(view.model()).isEqualTo("qwen2.5-7b");
    view.chat(ChatRequest.builder().user("hi").build());
    view.chat(ChatRequest.builder().model("other").user("hi").build());
    assertThat(base.requests()).extracting(ChatRequest::model).containsExactly("qwen2.5-7b", "other");
    // views of views bind the client underneath, and keep the capabilities given
    LlmClient narrowed = view.withCapabilities(LlmCapabilities.ALL.withLogprobs(false)).withModel("m2");
    assertThat(narrowed.model()).isEqualTo("m2");
    assertThat(narrowed.capabilities()).isEqualTo(new LlmCapabilities(true, true, false));
    assertThat(narrowed.toString()).contains("as m2 [jsonMode+seed]");
    assertThatThrownBy(() -> base.withModel(" m")).hasMessageContaining("leading or trailing whitespace");
  }

  @Test
  void testAcceptReachesTheClientWithTheRequestAsSentAndCloseIsTheOwners() {
    List<ChatRequest> accepted = new ArrayList<>();
    AtomicInteger closed = new AtomicInteger();
    LlmClient base = new LlmClient() {
      @Override
      public ChatResponse chat(ChatRequest request) {
        return ChatResponse.ofText("x");
      }

      @Override
      public void accept(ChatRequest request, ChatResponse response) {
        accepted.add(request);
      }

      @Override
      public void close() {
        closed.incrementAndGet();
      }
    };
    LlmClient view = base.withModel("m");
    view.accept(ChatRequest.builder().user("q").build(), ChatResponse.ofText("x"));
    assertThat(accepted).extracting(ChatRequest::model).containsExactly("m");
    view.close();
    assertThat(closed).hasValue(0);
  }

  @Test
  void testCapabilitiesSayWhatIsPresent() {
    assertThat(LlmCapabilities.ALL).hasToString("jsonMode+seed+logprobs");
    assertThat(new LlmCapabilities(false, false, false)).hasToString("none");
    assertThat(LlmCapabilities.ALL.withJsonMode(false).withSeed(false)).hasToString("logprobs");
  }
}
