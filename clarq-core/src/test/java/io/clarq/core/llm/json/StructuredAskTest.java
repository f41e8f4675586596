package io.clarq.core.llm.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.llm.ChatMessage;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.LlmException;
import io.clarq.core.testing.ScriptedLlmClient;
import java.util.List;
import org.junit.jupiter.api.Test;

class StructuredAskTest {
  private static final ChatRequest QUESTION = ChatRequest.builder().user("same purpose?").temperature(0.0).build();

  /** A reminder for the test; the agents' come from their prompt packs (PackAskTest covers those). */
  static final java.util.function.BiFunction<String, List<String>, String> REMINDER =
      (problem, fields) -> "unreadable (" + problem + "); fields " + fields;

  @Test
  void testParsedFirstTimeAsksOnce() throws Exception {
    ScriptedLlmClient client = ScriptedLlmClient.replying("{\"match\": true}");
    JsonReply r = StructuredAsk.ask(client, QUESTION, List.of("match"), REMINDER);
    assertThat(r.bool("match")).contains(true);
    assertThat(client.requests()).hasSize(1);
  }

  @Test
  void testRetriesOnceWithTheBadReplyAndAReminder() throws Exception {
    ScriptedLlmClient client = ScriptedLlmClient.replying("Yes.", "{\"match\": false}");
    JsonReply r = StructuredAsk.ask(client, QUESTION, List.of("match"), REMINDER);
    assertThat(r.bool("match")).contains(false);
    assertThat(r.raws()).containsExactly("Yes.", "{\"match\": false}");
    List<ChatMessage> second = client.requests().get(1).messages();
    assertThat(second).hasSize(3);
    assertThat(second.get(1)).isEqualTo(ChatMessage.assistant("Yes."));
    assertThat(second.get(2).content()).startsWith("unreadable (no JSON object").endsWith("fields [match]");
    assertThat(client.requests().get(1).temperature()).contains(0.0);
  }

  @Test
  void testTwoUnreadableRepliesAreUnparsedKeepingBoth() throws Exception {
    ScriptedLlmClient client = ScriptedLlmClient.replying("Yes.", "I said yes!");
    JsonReply r = StructuredAsk.ask(client, QUESTION, List.of("match"), REMINDER);
    assertThat(r.isParsed()).isFalse();
    assertThat(r.raw()).isEqualTo("I said yes!");
    assertThat(r.raws()).containsExactly("Yes.", "I said yes!");
    assertThat(r.problem()).contains("Yes.").contains("; then ").contains("I said yes!");
    assertThat(client.requests().get(1).messages().get(2).content()).startsWith("unreadable (");
    assertThat(client.requests()).hasSize(2);
  }

  @Test
  void testTransportFailuresPropagate() {
    ScriptedLlmClient client = new ScriptedLlmClient(r -> {
      throw new LlmException("server down");
    });
    assertThatThrownBy(() -> StructuredAsk.ask(client, QUESTION, List.of("match"), REMINDER)).hasMessage("server down");
  }
}
