package io.clarq.core.toa.llm;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.TokenLogprob;
import io.clarq.core.llm.TokenLogprob.Alternative;
import io.clarq.core.llm.TokenUsage;
import io.clarq.core.testing.ScriptedLlmClient;
import io.clarq.core.toa.OracleAnswer;
import io.clarq.core.toa.OracleQuery;
import io.clarq.core.toa.flm.Fact;
import io.clarq.core.toa.flm.FlmExample;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class LlmOraclesTest {
  private final FlmExample example = LlmAgentsTest.example();

  private OracleQuery query(String question) {
    return OracleQuery.of(example.incompleteTask().exampleId(), question, example.candidates());
  }

  /** A client answering each yes/no prompt by the candidate it holds. */
  private static LlmClient byCandidate(Function<String, ChatResponse> reply, List<ChatRequest> seen) {
    return request -> {
      seen.add(request);
      String prompt = request.messages().get(0).content();
      String candidate = prompt.substring(prompt.indexOf("context: ") + 9, prompt.indexOf("\nprompt:"));
      return reply.apply(candidate);
    };
  }

  private static ChatResponse withLogprobs(String token, double lp, Alternative... top) {
    return new ChatResponse(token, "length", TokenUsage.ZERO, Duration.ZERO,
        List.of(new TokenLogprob(token, lp, List.of(top))));
  }

  @Test
  void testYesNoUsesLogprobsSoftmaxOverYesAndNo() throws Exception {
    List<ChatRequest> seen = Collections.synchronizedList(new ArrayList<>());
    // P(yes) = 1 / (1 + e^(ln - ly)): about 0.92 for the masked fact, 0.17 for Ohio, 0 for the others
    LlmClient client = byCandidate(c -> c.contains("Cincinnati")
        ? withLogprobs("Yes", -0.1, new Alternative("Yes", -0.1), new Alternative(" yes", -3.0),
            new Alternative("No", -2.5))
        : c.startsWith("Ohio") ? withLogprobs("No", -0.2, new Alternative("No", -0.2), new Alternative("Yes", -1.8))
        : withLogprobs("No", -0.01, new Alternative("No", -0.01), new Alternative("Maybe", -5)), seen);
    OracleAnswer a = LlmYesNoOracle.builder(client.withModel("t5")).build().answer(query("Where was Spielberg born?"));
    assertThat(a.status()).isEqualTo(OracleAnswer.Status.ANSWERED);
    assertThat(a.response().get().ref()).isEqualTo(example.maskedFact().ref());
    assertThat(a.raw()).startsWith("P(yes)=0.9");
    assertThat(a.unparsedReplies()).isZero();
    assertThat(seen).hasSize(4);
    assertThat(seen.get(0).logprobs()).isTrue();
    assertThat(seen.get(0).topLogprobs()).hasValue(20);
    assertThat(seen.get(0).maxTokens()).hasValue(1);
    assertThat(seen.get(0).messages().get(0).content()).isEqualTo("question: Where was Spielberg born?\n"
        + "context: Jaws: Jaws is a film directed by Steven Spielberg.\n"
        + "prompt: Does the context answer the question, yes or no?");
  }

  @Test
  void testYesNoScoreByHand() {
    double p = YesNoScore.of(withLogprobs("yes", Math.log(0.6), new Alternative("no", Math.log(0.2)))).pYes()
        .getAsDouble();
    assertThat(p).isCloseTo(0.75, org.assertj.core.api.Assertions.within(1e-12));
    assertThat(YesNoScore.of(withLogprobs("No", -0.1)).pYes()).hasValue(0.0);
    assertThat(YesNoScore.of(withLogprobs("Maybe", -0.1)).pYes()).isEmpty();
    assertThat(YesNoScore.of(ChatResponse.ofText(" Yes.")).pYes()).hasValue(1.0);
    assertThat(YesNoScore.of(ChatResponse.ofText("none")).pYes()).isEmpty();
    assertThat(YesNoScore.of(ChatResponse.ofText("")).pYes()).isEmpty();
  }

  @Test
  void testYesNoWithoutLogprobsParsesTextAndCountsUnparsed() throws Exception {
    List<ChatRequest> seen = new ArrayList<>();
    LlmClient client = byCandidate(c -> ChatResponse.ofText(c.startsWith("Jaws") ? "I cannot say"
        : c.contains("77") ? "Yes" : c.contains("Cincinnati") ? "yes" : "no"), seen);
    OracleAnswer a = LlmYesNoOracle.builder(client).build().answer(query("q"));
    // two "yes": the earlier in context order wins; the unreadable reply is counted, not taken as "no"
    assertThat(a.response().get().ref()).isEqualTo(example.maskedFact().ref());
    assertThat(a.unparsedReplies()).isEqualTo(1);
    assertThat(a.raw()).isEqualTo("P(yes)=1.0000 from text; reply \"yes\"");

    OracleAnswer none = LlmYesNoOracle.builder(byCandidate(c -> ChatResponse.ofText("??"), seen)).build().answer(query("q"));
    assertThat(none.status()).isEqualTo(OracleAnswer.Status.UNPARSED);
    assertThat(none.unparsedReplies()).isEqualTo(4);
    assertThat(none.raw()).isEqualTo("no reply read as yes/no (4 unparsed); first: ??");
  }

  @Test
  void testChoiceOracleSeededShuffleAndParsing() throws Exception {
    LlmChoiceOracle oracle = LlmChoiceOracle.builder(ScriptedLlmClient.replying("2", "Candidate 9", "It is number 3.").withModel("m")).seed(5).unparsed(LlmChoiceOracle.Unparsed.RECORD).build();
    List<Fact> order = oracle.shuffled(query("q"));
    assertThat(order).containsExactlyInAnyOrderElementsOf(query("q").candidates());
    assertThat(LlmChoiceOracle.builder(ScriptedLlmClient.replying().withModel("m")).seed(5).unparsed(LlmChoiceOracle.Unparsed.RECORD).build()
        .shuffled(query("q"))).isEqualTo(order);
    boolean someSeedDiffers = false;
    for (long s = 6; s < 16 && !someSeedDiffers; s++) {
      someSeedDiffers = !LlmChoiceOracle.builder(ScriptedLlmClient.replying().withModel("m")).seed(s).unparsed(LlmChoiceOracle.Unparsed.RECORD).build()
          .shuffled(query("q")).equals(order);
    }
    assertThat(someSeedDiffers).isTrue();

    assertThat(oracle.answer(query("q")).response()).contains(order.get(1));
    OracleAnswer outOfRange = oracle.answer(query("q"));
    assertThat(outOfRange.status()).isEqualTo(OracleAnswer.Status.UNPARSED);
    assertThat(outOfRange.raw()).isEqualTo("Candidate 9");
    assertThat(outOfRange.unparsedReplies()).isEqualTo(1);
    assertThat(oracle.answer(query("q")).response()).contains(order.get(2));
    assertThat(oracle.prompt("q", order)).startsWith("Question: q\n\nCandidate answers:\n1. ")
        .contains("\n4. ").endsWith("Reply with its number only.");
  }

  @Test
  void testChoiceOracleRandomIndexOption() throws Exception {
    LlmChoiceOracle a = LlmChoiceOracle.builder(ScriptedLlmClient.replying("no idea")).seed(1).unparsed(LlmChoiceOracle.Unparsed.RANDOM_INDEX).build();
    LlmChoiceOracle b = LlmChoiceOracle.builder(ScriptedLlmClient.replying("no idea")).seed(1).unparsed(LlmChoiceOracle.Unparsed.RANDOM_INDEX).build();
    OracleAnswer first = a.answer(query("q"));
    assertThat(first.status()).isEqualTo(OracleAnswer.Status.ANSWERED);
    assertThat(first.unparsedReplies()).isEqualTo(1);
    assertThat(first.raw()).matches("\\[unparsed, random index [1-4]\\] no idea");
    assertThat(b.answer(query("q"))).isEqualTo(first);
  }
}
