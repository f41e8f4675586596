package io.clarq.eval.cq;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.cq.CqExample;
import io.clarq.core.cq.FacetRequest;
import io.clarq.core.cq.Grade;
import io.clarq.core.cq.RubricOutcome;
import io.clarq.core.cq.RubricRating;
import io.clarq.core.cq.UnparsedRating;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import org.junit.jupiter.api.Test;

/** The LLM rubric judge end to end against the loopback fake OpenAI server. */
class LlmRubricJudgeTest {
  static final CqExample EXAMPLE = new CqExample(
      new FacetRequest("231", "123", "What is von Willebrand Disease?", "treatments"),
      "are you interested in learning about treatments for von willebrand disease");

  private static RubricOutcome rate(FakeOpenAiServer server, String candidate) throws Exception {
    return LlmRubricJudge.builder(LlmQuestionGeneratorTest.client(server)).name("llm:fake").build().rate(EXAMPLE, candidate);
  }

  @Test
  void testReadsBothScalesWithReasonsAndStatesTheRubric() throws Exception {
    try (FakeOpenAiServer server = FakeOpenAiServer.start(r -> FakeReply.text("Sure!\n```json\n{\"naturalness\": "
        + "\"Good\", \"naturalness_reason\": \"Fluent.\", \"usefulness\": \"fair\", \"usefulness_reason\": "
        + "\"A bit general.\"}\n```"))) {
      RubricOutcome o = rate(server, "Do you want treatments?");
      assertThat(o).isEqualTo(new RubricRating(new io.clarq.core.cq.ScaleRating(Grade.GOOD, "Fluent."),
          new io.clarq.core.cq.ScaleRating(Grade.FAIR, "A bit general.")));
      String prompt = server.requests().get(0).lastUserMessage();
      assertThat(prompt).contains("Request: What is von Willebrand Disease?", "Facet: treatments",
          "Reference question (written by a person for this facet; Good on both scales): are you interested in",
          "Candidate question: Do you want treatments?");
      // the annotation guide, point by point
      assertThat(prompt).contains(
          "Grade the two scales independently",                                       // two scales, independent
          "counts as Good on both scales",                                            // the reference is good
          "Good = a complete question that is fluent, grammatical and easy to understand.",
          "Fair = understandable, but ungrammatical",                                 // ungrammatical, understandable
          "Bad = incomplete (cut off, a fragment) or not a question at all",          // incomplete / not a question
          "Good = relevant to the facet",
          "Fair = only weakly relevant to the facet.",                                // weakly relevant
          "Bad = too general or over-specific",                                       // general / over-specific: Bad
          "duplicates the request", "prequel", "misses the intent");
      assertThat(prompt).doesNotContain("a little too general");
      assertThat(server.requests().get(0).json().path("temperature").asDouble()).isZero();
    }
  }

  @Test
  void testReadsNestedRatings() throws Exception {
    try (FakeOpenAiServer server = FakeOpenAiServer.start(r -> FakeReply.text("{\"naturalness\": {\"grade\": "
        + "\"Bad\", \"reason\": \"garbled\"}, \"usefulness\": {\"grade\": \"Good\", \"reason\": \"on the facet\"}}"))) {
      RubricRating r = (RubricRating) rate(server, "treatments want you?");
      assertThat(r.naturalness().grade()).isEqualTo(Grade.BAD);
      assertThat(r.usefulness().reason()).isEqualTo("on the facet");
    }
  }

  @Test
  void testUnreadableTwiceIsRecordedUnparsedWithBothReplies() throws Exception {
    try (FakeOpenAiServer server = FakeOpenAiServer.start()) {
      server.enqueue(FakeReply.text("It is a fine question."), FakeReply.text("Naturalness: good. Usefulness: good."));
      UnparsedRating u = (UnparsedRating) rate(server, "Do you want treatments?");
      assertThat(u.raw()).contains("It is a fine question.", "Naturalness: good. Usefulness: good.");
      assertThat(u.problem()).contains("no JSON object");
      assertThat(server.callCount()).isEqualTo(2);
      assertThat(server.requests().get(1).lastUserMessage()).contains("could not be read");
    }
  }

  @Test
  void testRetryRescuesAnUnreadableFirstReply() throws Exception {
    try (FakeOpenAiServer server = FakeOpenAiServer.start()) {
      server.enqueue(FakeReply.text("Good and good."),
          FakeReply.text("{\"naturalness\": \"Good\", \"usefulness\": \"Bad\"}"));
      RubricRating r = (RubricRating) rate(server, "Do you want treatments?");
      assertThat(r.usefulness().grade()).isEqualTo(Grade.BAD);
      assertThat(r.usefulness().reason()).isEmpty();
    }
  }

  @Test
  void testAGradeOutsideTheRubricIsUnparsedNotGuessed() throws Exception {
    try (FakeOpenAiServer server = FakeOpenAiServer.start(
        r -> FakeReply.text("{\"naturalness\": \"Good\", \"usefulness\": \"Excellent\"}"))) {
      UnparsedRating u = (UnparsedRating) rate(server, "Do you want treatments?");
      assertThat(u.problem()).isEqualTo("usefulness: \"Excellent\" is not Good, Fair or Bad");
      assertThat(u.raw()).isEqualTo("{\"naturalness\": \"Good\", \"usefulness\": \"Excellent\"}");
    }
  }
}
