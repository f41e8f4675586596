package io.clarq.eval.cq;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.cq.FacetRequest;
import io.clarq.core.cq.GeneratedQuestion;
import io.clarq.core.cq.QuestionCandidate;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.TokenLogprob;
import io.clarq.core.llm.openai.OpenAiClient;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.RecordedRequest;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The LLM generator end to end against the loopback fake OpenAI server. */
class LlmQuestionGeneratorTest {
  static final FacetRequest JAGUAR = new FacetRequest("7", "70", "Tell me about jaguar", "car prices");

  static LlmClient client(FakeOpenAiServer server) {
    return OpenAiClient.builder().baseUrl(server.baseUrl()).model("fake-model").build();
  }

  private static boolean isJudge(RecordedRequest r) {
    return r.systemPrompt().equals(io.clarq.core.prompt.PromptPack.builtIn(io.clarq.core.prompt.PackLayout.CQ)
        .render("judge/system", java.util.Map.of()));
  }

  private static String form(RecordedRequest r) {
    String first = r.messages().get(1).content();
    return LlmQuestionGenerator.DEFAULT_FORMS.stream().filter(f -> first.contains("starts with \"" + f + "\""))
        .findFirst().orElseThrow();
  }

  private static List<TokenLogprob> logprobs(double each, int n) {
    return java.util.stream.IntStream.range(0, n).mapToObj(i -> new TokenLogprob("t" + i, each, List.of())).toList();
  }

  /** Replies per form: "Are you looking for" needs one retry; "Would you like" never uses "prices". */
  private static Function<RecordedRequest, FakeReply> generatorScript(boolean withLogprobs) {
    return r -> {
      String form = form(r);
      boolean retry = r.messages().size() > 2;
      String text = switch (form) {
        case "Are you looking for" -> retry ? "Are you looking for jaguar car prices?" : "Are you looking for a car?";
        case "Would you like" -> "Would you like to see jaguar cars?";
        case "Do you want to know" -> "Do you want to know the prices of jaguar cars?";
        default -> "\"Are you interested in jaguar car prices?\"";
      };
      double lp = form.equals("Do you want to know") ? -0.1 : -0.5;
      return withLogprobs ? FakeReply.text(text).withLogprobs(logprobs(lp, 4)) : FakeReply.text(text);
    };
  }

  @Test
  void testFacetConstraintIsCheckedAndRetriedWithinTheBound() throws Exception {
    try (FakeOpenAiServer server = FakeOpenAiServer.start(generatorScript(true))) {
      GeneratedQuestion q = LlmQuestionGenerator.builder(client(server)).name("llm:fake").build().generate(JAGUAR);
      QuestionCandidate lookingFor = q.candidates().get(0);
      assertThat(lookingFor.attempts()).isEqualTo(2);
      assertThat(lookingFor.rejected()).containsExactly("Are you looking for a car?");
      assertThat(lookingFor.facetSatisfied()).isTrue();
      QuestionCandidate wouldLike = q.candidates().get(1);
      assertThat(wouldLike.attempts()).isEqualTo(3);
      assertThat(wouldLike.rejected()).hasSize(2);
      assertThat(wouldLike.missingFacetWords()).containsExactly("prices");
      assertThat(wouldLike.facetSatisfied()).isFalse();
      assertThat(q.candidates().get(3).text()).isEqualTo("Are you interested in jaguar car prices?");
      // 2 + 3 + 1 + 1 calls; the retry shows the model its question and names the missing word
      assertThat(server.callCount()).isEqualTo(7);
      RecordedRequest retry = server.requests().get(1);
      assertThat(retry.messages()).hasSize(4);
      assertThat(retry.lastUserMessage()).contains("does not use the word prices. Write it again");
      assertThat(server.requests().get(0).json().path("logprobs").asBoolean()).isTrue();
    }
  }

  @Test
  void testCandidatesAreRankedByMeanLogprobWhenTheServerGivesThem() throws Exception {
    try (FakeOpenAiServer server = FakeOpenAiServer.start(generatorScript(true))) {
      GeneratedQuestion q = LlmQuestionGenerator.builder(client(server)).name("llm:fake").build().generate(JAGUAR);
      assertThat(q.ranking()).isEqualTo(GeneratedQuestion.Ranking.LOGPROB);
      assertThat(q.question()).isEqualTo("Do you want to know the prices of jaguar cars?");
      assertThat(q.choice().score()).hasValueCloseTo(-0.1, org.assertj.core.api.Assertions.within(1e-12));
    }
  }

  @Test
  void testWithoutLogprobsTheJudgeRanksAndFacetFailuresNeverWin() throws Exception {
    try (FakeOpenAiServer server = FakeOpenAiServer.start(r -> {
      if (!isJudge(r)) {
        return generatorScript(false).apply(r);
      }
      String u = r.lastUserMessage();
      // the judge likes the question that misses the facet best: it must still lose to one that keeps it
      String grade = u.contains("Candidate question: Would you like") ? "Good"
          : u.contains("Candidate question: Are you interested in") ? "Good" : "Fair";
      return FakeReply.text("{\"naturalness\": \"Good\", \"naturalness_reason\": \"fluent\", \"usefulness\": \""
          + grade + "\", \"usefulness_reason\": \"r\"}");
    })) {
      LlmClient c = client(server);
      GeneratedQuestion q = LlmQuestionGenerator.builder(c).rankJudge(LlmRubricJudge.builder(c).name("llm:judge")
          .build()).name("llm:fake").build().generate(JAGUAR);
      assertThat(q.ranking()).isEqualTo(GeneratedQuestion.Ranking.JUDGE);
      assertThat(q.question()).isEqualTo("Are you interested in jaguar car prices?");
      assertThat(q.choice().score()).hasValue(8.0);
      assertThat(server.callCount()).isEqualTo(11);
      assertThat(server.requests().stream().filter(LlmQuestionGeneratorTest::isJudge)).hasSize(4)
          .allSatisfy(r -> assertThat(r.lastUserMessage()).doesNotContain("Reference question"));
    }
  }

  @Test
  void testWithoutLogprobsOrJudgeTheFirstSatisfyingFormWins() throws Exception {
    try (FakeOpenAiServer server = FakeOpenAiServer.start(generatorScript(false))) {
      LlmQuestionGenerator.Settings s = LlmQuestionGenerator.Settings.DEFAULT
          .withForms(List.of("Would you like", "Do you want to know", "Are you looking for")).withMaxAttempts(1);
      LlmClient noLogprobs = client(server).withCapabilities(io.clarq.core.llm.LlmCapabilities.ALL.withLogprobs(false));
      GeneratedQuestion q = LlmQuestionGenerator.builder(noLogprobs).settings(s).name("llm:fake").build()
          .generate(JAGUAR);
      assertThat(q.ranking()).isEqualTo(GeneratedQuestion.Ranking.FIRST);
      assertThat(q.question()).isEqualTo("Do you want to know the prices of jaguar cars?");
      assertThat(q.candidates().get(2).attempts()).isEqualTo(1);
      assertThat(q.candidates().get(2).facetSatisfied()).isFalse();
      assertThat(server.callCount()).isEqualTo(3);
      assertThat(server.requests().get(0).json().has("logprobs")).isFalse();
    }
  }

  @Test
  void testCleansTheReply() {
    assertThat(LlmQuestionGenerator.cleanQuestion("\n Question: \u201cAre you looking for maps?\u201d\nExtra"))
        .isEqualTo("Are you looking for maps?");
    assertThat(LlmQuestionGenerator.cleanQuestion("")).isEmpty();
  }

  @Test
  void testBlankOrEmptyReplyIsUnparsedNeverAnEmptyQuestion() throws Exception {
    for (String reply : List.of("", "   \n ")) {
      try (FakeOpenAiServer server = FakeOpenAiServer.start(r -> FakeReply.text(reply))) {
        LlmQuestionGenerator generator = LlmQuestionGenerator.builder(client(server)).name("llm:fake").build();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> generator.generate(JAGUAR))
            .isInstanceOf(io.clarq.core.llm.LlmUnparsedReplyException.class)
            .hasMessageContaining("generated question: " + (reply.isEmpty() ? "empty" : "blank") + " reply");
      }
    }
  }
}
