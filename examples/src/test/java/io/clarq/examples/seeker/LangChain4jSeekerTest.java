package io.clarq.examples.seeker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.clarqllm.seeker.SeekerTurn;
import io.clarq.core.clarqllm.task.Briefing;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.dialogue.Speaker;
import io.clarq.core.dialogue.Utterance;
import io.clarq.core.llm.ChatMessage;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.langchain4j.LangChain4jClients;
import io.clarq.core.testing.ScriptedLlmClient;
import io.clarq.examples.LangChain4jSeeker;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The README's LangChain4j seeker speaks through a clarq client, and a clarq failure stays a clarq failure. */
class LangChain4jSeekerTest {
  private static SeekerTurn turn() {
    return new SeekerTurn("d1", Language.ENGLISH, new Briefing("baker", "bake bread", List.of("flour"),
        List.of("kneading"), List.of("kitchen")), List.of(new Utterance(Speaker.PROVIDER, "Hello, I am Jax."),
        new Utterance(Speaker.SEEKER, "How do I start?"), new Utterance(Speaker.PROVIDER, "Preheat the oven.")));
  }

  @Test
  void testTheSeekerAsksThroughTheClarqClient() throws Exception {
    ScriptedLlmClient clarq = ScriptedLlmClient.replying("  What temperature?  ");
    String line = new LangChain4jSeeker(LangChain4jClients.chatModel(clarq)).next(turn());
    assertThat(line).isEqualTo("What temperature?");
    List<ChatMessage> sent = clarq.requests().get(0).messages();
    assertThat(sent).hasSize(4);
    assertThat(sent.get(0).role()).isEqualTo(ChatMessage.Role.SYSTEM);
    assertThat(sent.get(0).content()).contains("baker", "bake bread");
    assertThat(sent.subList(1, 4)).containsExactly(ChatMessage.user("Hello, I am Jax."),
        ChatMessage.assistant("How do I start?"), ChatMessage.user("Preheat the oven."));
    assertThat(clarq.requests().get(0).temperature()).contains(0.0);
  }

  @Test
  void testEachTrialsRequestCarriesItsTrialSoACacheKeepsThemApart() throws Exception {
    ScriptedLlmClient clarq = ScriptedLlmClient.replying("What temperature?", "What temperature?");
    LangChain4jSeeker seeker = new LangChain4jSeeker(LangChain4jClients.chatModel(clarq));
    SeekerTurn one = turn();
    seeker.next(one);
    seeker.next(new SeekerTurn(one.dialogueKey(), one.language(), one.briefing(), one.history(), 2));
    assertThat(clarq.requests().stream().map(io.clarq.core.llm.ChatRequest::trial).toList()).containsExactly(1, 2);
    // LangChain4j's request has no seed: only the trial keeps the two requests' cache keys apart
    assertThat(io.clarq.core.llm.cache.CacheKey.of(clarq.requests().get(1), "e", "m"))
        .isNotEqualTo(io.clarq.core.llm.cache.CacheKey.of(clarq.requests().get(0), "e", "m"));
  }

  @Test
  void testAClarqFailureReachesTheRunnerAsAnLlmException() {
    ScriptedLlmClient down = new ScriptedLlmClient(r -> {
      throw new LlmException("server down");
    });
    assertThatThrownBy(() -> new LangChain4jSeeker(LangChain4jClients.chatModel(down)).next(turn()))
        .isInstanceOf(LlmException.class).hasMessage("server down");
  }
}
