package io.clarq.core.asking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.asking.llm.LlmAskingAgent;
import io.clarq.core.clarqllm.seeker.AskingSeeker;
import io.clarq.core.clarqllm.seeker.SeekerTurn;
import io.clarq.core.clarqllm.task.Briefing;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.dialogue.Utterance;
import io.clarq.core.llm.ChatMessage;
import io.clarq.core.llm.LlmUnparsedReplyException;
import io.clarq.core.llm.openai.OpenAiClient;
import io.clarq.core.mediq.AskingExpert;
import io.clarq.core.mediq.Exchange;
import io.clarq.core.mediq.ExpertTurn;
import io.clarq.core.mediq.Inquiry;
import io.clarq.core.mediq.PatientState;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.RecordedRequest;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The asking-agent SPI's values, specs and adapters' turns, and the built-in LLM agent on a loopback server. */
class AskingAgentTest {
  /** An agent with a public no-argument constructor, as {@code class:} loads it. */
  public static final class Fixed implements AskingAgent {
    @Override
    public String name() {
      return "fixed";
    }

    @Override
    public AskingAction act(AskingTurn turn) {
      return new AskingAction.Ask("Which one?");
    }
  }

  private static Inquiry inquiry() {
    Map<String, String> options = new LinkedHashMap<>();
    options.put("A", "Angina");
    options.put("B", "Reflux");
    options.put("C", "Pneumonia");
    options.put("D", "Anxiety");
    return new Inquiry("What is the most likely diagnosis?", options);
  }

  @Test
  void testActionsAndTurnsRefuseBadValues() {
    assertThatThrownBy(() -> new AskingAction.Ask(" ")).hasMessageContaining("blank question");
    assertThatThrownBy(() -> new AskingAction.Answer("")).hasMessageContaining("blank answer label");
    assertThatThrownBy(() -> new AskingTurn("mediq", "k", "s", Map.of(), List.of(), EnumSet.of(ActionKind.ANSWER),
        List.of(), 1)).hasMessageContaining("answering is allowed but there are no choices");
    assertThatThrownBy(() -> new AskingTurn("toa", "k", "s", Map.of(), List.of(), EnumSet.noneOf(ActionKind.class),
        List.of(), 1)).hasMessageContaining("no action allowed");
    AskingTurn toa = new AskingTurn("toa", "k", "s", Map.of(), List.of(), EnumSet.of(ActionKind.ASK), List.of(), 1);
    assertThatThrownBy(() -> toa.check("mine", new AskingAction.End("bye")))
        .hasMessage("asking agent mine returned End[closing=bye] on a toa turn that allows only [ASK]");
  }

  @Test
  void testSpecsLoadAClassOrLeaveAModelSpecToTheCaller() {
    assertThat(AskingAgents.fromSpec("class:" + Fixed.class.getName())).get().isInstanceOf(Fixed.class);
    assertThat(AskingAgents.fromSpec("openai:gpt-4o-mini")).isEmpty();
    assertThatThrownBy(() -> AskingAgents.fromSpec("class:org.example.Missing"))
        .hasMessageContaining("class org.example.Missing is not on the class path");
    assertThatThrownBy(() -> AskingAgents.fromSpec("class:java.lang.String"))
        .hasMessageContaining("does not implement io.clarq.core.asking.AskingAgent");
    assertThat(AskingAgents.identity(new Fixed())).matches(
        "io\\.clarq\\.core\\.asking\\.AskingAgentTest\\$Fixed code [0-9a-f]{16}");
  }

  @Test
  void testTheMediqExpertTurnCarriesTheCaseAndOnlyAnswersAtTheCap() throws Exception {
    PatientState state = new PatientState("A 45-year-old man has chest pain.",
        List.of(new Exchange(Optional.of("Does it burn?"), "Yes, after meals.")));
    AskingTurn turn = AskingExpert.turn(inquiry(), state, 30);
    assertThat(turn.benchmark()).isEqualTo("mediq");
    assertThat(turn.statement()).contains("A 45-year-old man has chest pain.", "What is the most likely diagnosis?",
        "B: Reflux");
    assertThat(turn.messages()).containsExactly(Message.asker("Does it burn?"), Message.responder("Yes, after meals."));
    assertThat(turn.allowed()).containsExactly(ActionKind.ASK, ActionKind.ANSWER);
    assertThat(turn.choices()).extracting(Choice::label).containsExactly("A", "B", "C", "D");
    assertThat(AskingExpert.turn(inquiry(), state, 1).allowed()).containsExactly(ActionKind.ANSWER);
    assertThat(AskingExpert.turn(inquiry(), new PatientState(state.initialInfo(), List.of()), 30).dialogueKey())
        .isEqualTo(turn.dialogueKey());
    ExpertTurn asked = new AskingExpert(new AskingAgent() {
      @Override
      public String name() {
        return "leaning";
      }

      @Override
      public AskingAction act(AskingTurn t) {
        return new AskingAction.Ask("Any fever?", Optional.of("B"));
      }
    }).respond(inquiry(), state);
    assertThat(asked.asks()).isTrue();
    assertThat(asked.letter()).contains("B");
    AskingAgent asking = new Fixed();
    assertThatThrownBy(() -> new AskingExpert(asking, 1).respond(inquiry(), state))
        .hasMessageContaining("on a mediq turn that allows only [ANSWER]");
  }

  @Test
  void testTheBuiltInAgentAsksAModelAndReadsItsJsonReply() throws Exception {
    try (FakeOpenAiServer server = FakeOpenAiServer.start(r -> r.lastUserMessage().contains("could not be read")
        ? FakeReply.text("{\"action\": \"answer\", \"text\": \"B: Reflux\"}")
        : FakeReply.text("{\"action\": \"ask\", \"text\": \"Does the pain come after meals?\"}"));
        OpenAiClient client = OpenAiClient.builder().baseUrl(server.baseUrl()).model("gpt-4o-mini").build()) {
      LlmAskingAgent agent = LlmAskingAgent.builder(client).build();
      PatientState start = new PatientState("A 45-year-old man has chest pain.", List.of());
      ExpertTurn first = new AskingExpert(agent).respond(inquiry(), start);
      assertThat(first.question()).contains("Does the pain come after meals?");
      RecordedRequest r = server.requests().get(0);
      assertThat(r.messages()).extracting(ChatMessage::role).containsExactly(ChatMessage.Role.SYSTEM,
          ChatMessage.Role.USER);
      assertThat(r.systemPrompt()).contains(AskingExpert.turn(inquiry(), start, 30).statement());
      assertThat(r.lastUserMessage()).contains("(nobody has spoken yet)", "A: Angina", "\"action\": \"answer\"",
          "\"action\": \"ask\"").doesNotContain("\"action\": \"end\"");
      assertThat(r.json().path("temperature").asDouble()).isEqualTo(0.0);

      // at the cap only an answer is allowed: the model's question is refused, reminded once, then its answer read
      ExpertTurn last = new AskingExpert(agent, 0).respond(inquiry(), start);
      assertThat(last.asks()).isFalse();
      assertThat(last.letter()).contains("B");
      assertThat(server.requests()).hasSize(3);
      assertThat(server.requests().get(2).lastUserMessage()).contains("\"action\" must be one of [answer]");

      // on ClarQ-LLM the same agent's questions are seeker lines
      server.respondWith(q -> FakeReply.text("{\"action\": \"end\", \"text\": \"Thanks, that is all\"}"));
      SeekerTurn seekerTurn = new SeekerTurn("d1", Language.ENGLISH, new Briefing("farmer", "plant rice",
          List.of("seeds"), List.of("dig"), List.of("field")), List.of(Utterance.provider("Jax: Hello.")));
      assertThat(new AskingSeeker(agent).next(seekerTurn)).isEqualTo("Thanks, that is all Goodbye.");

      // never a guessed action: twice unreadable is unparsed, with the raw replies
      server.respondWith(q -> FakeReply.text("I think B"));
      assertThatThrownBy(() -> agent.act(AskingExpert.turn(inquiry(), start, 30)))
          .isInstanceOf(LlmUnparsedReplyException.class)
          .satisfies(e -> assertThat(((LlmUnparsedReplyException) e).raw()).contains("I think B"));
    }
  }
}
