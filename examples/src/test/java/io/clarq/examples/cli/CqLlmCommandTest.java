package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.clarq.core.cq.CqGeneration;
import io.clarq.core.cq.CqJudgement;
import io.clarq.core.cq.UnparsedRating;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.RecordedRequest;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.cq.CqGenerationFile;
import io.clarq.datasets.cq.RubricRatingFile;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** {@code clarq cq generate} with an LLM and {@code clarq cq judge}, end to end against the loopback fake server. */
class CqLlmCommandTest extends CqCommandHarness {
  private static final Pattern WORDS = Pattern.compile("uses each of these words: (.*)\\.");

  /** A generator model that forgets the facet words on its first try at every form, then complies. */
  private static FakeReply generator(RecordedRequest r) {
    Matcher m = WORDS.matcher(r.messages().get(1).content());
    assertThat(m.find()).isTrue();
    String first = r.messages().get(1).content();
    String form = first.substring(first.indexOf("starts with \"") + 13, first.indexOf("\" and uses"));
    return r.messages().size() == 2 ? FakeReply.text(form + " something else?")
        : FakeReply.text(form + " " + m.group(1).replace(",", "") + "?");
  }

  @Test
  void testLlmGenerateThenJudgeAgainstTheFakeServer() {
    Path data = SharedData.require("clariq-fkw");
    Path gen = dir.resolve("gen");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(CqLlmCommandTest::generator)) {
      assertThat(run("cq", "generate", "--data", data.toString(), "--limit", "3", "--generator", "openai:fake-model",
          "--base-url", server.baseUrl().toString(), "--no-logprobs", "--out", gen.toString())).isEqualTo(0);
      // 3 rows x 4 forms x 2 attempts
      assertThat(server.callCount()).isEqualTo(24);
      assertThat(server.requests()).allSatisfy(r -> assertThat(r.model()).isEqualTo("fake-model"));
    }
    List<CqGeneration> gens = CqGenerationFile.read(gen.resolve("generations.jsonl"));
    assertThat(gens).hasSize(3).allSatisfy(g -> {
      assertThat(g.generated().facetSatisfied()).isTrue();
      assertThat(g.generated().generator()).startsWith("llm:openai:fake-model");
      assertThat(g.generated().choice().attempts()).isEqualTo(2);
      assertThat(g.generated().choice().rejected()).hasSize(1);
    });
    assertThat(gens.get(0).generated().question()).isEqualTo("Are you looking for list homes sale?");
    assertThat(out.toString()).contains("3 questions written", "(3 contain every facet word)");

    Path ratings = dir.resolve("ratings");
    try (FakeOpenAiServer server = FakeOpenAiServer.start(r -> FakeReply.text(
        "{\"naturalness\": \"Good\", \"naturalness_reason\": \"fluent\", \"usefulness\": \"Fair\", "
            + "\"usefulness_reason\": \"a bit general\"}"))) {
      // the first question gets two unreadable replies, the second a grade outside the rubric
      server.enqueue(FakeReply.text("I would say it is good."), FakeReply.text("Good, Fair."),
          FakeReply.text("{\"naturalness\": \"Great\", \"usefulness\": \"Good\"}"));
      assertThat(run("cq", "judge", "--in", gen.toString(), "--judge", "openai:judge-model", "--base-url",
          server.baseUrl().toString(), "--out", ratings.toString(), "--json")).isEqualTo(0);
      assertThat(server.callCount()).isEqualTo(4);
    }
    assertThat(out.toString()).contains("\"questions\":3,\"unparsed\":2,"
        + "\"naturalness\":{\"good\":0.3333333333333333,\"fair\":0.0,\"bad\":0.0},"
        + "\"usefulness\":{\"good\":0.0,\"fair\":0.3333333333333333,\"bad\":0.0}}");
    List<CqJudgement> js = RubricRatingFile.read(ratings.resolve("judgements.jsonl"));
    assertThat(js).hasSize(3);
    assertThat(js.get(0).outcome()).isInstanceOfSatisfying(UnparsedRating.class,
        u -> assertThat(u.raw()).contains("I would say it is good.", "Good, Fair."));
    assertThat(js.get(1).outcome()).isInstanceOfSatisfying(UnparsedRating.class,
        u -> assertThat(u.problem()).isEqualTo("naturalness: \"Great\" is not Good, Fair or Bad"));
  }

  @Test
  void testJudgeTableAndBadSpec() {
    Path data = SharedData.require("clariq-fkw");
    Path gen = dir.resolve("gen");
    assertThat(run("cq", "generate", "--data", data.toString(), "--limit", "2", "--out", gen.toString()))
        .isEqualTo(0);
    try (FakeOpenAiServer server = FakeOpenAiServer.start(r -> FakeReply.text(
        "{\"naturalness\": \"Fair\", \"usefulness\": \"Bad\"}"))) {
      assertThat(run("cq", "judge", "--in", gen.toString(), "--judge", "openai:m", "--base-url",
          server.baseUrl().toString(), "--out", dir.resolve("judged-1").toString())).isEqualTo(0);
    }
    assertThat(out.toString()).contains("2 questions rated by llm:openai:m", "(0 unparsed)")
        .containsPattern("naturalness +0\\.0000 +1\\.0000 +0\\.0000 +0\\.0000")
        .containsPattern("usefulness +0\\.0000 +0\\.0000 +1\\.0000 +0\\.0000");
    assertThat(run("cq", "judge", "--in", gen.toString(), "--judge", "openai:m", "--base-url", "ftp://x", "--out", dir.resolve("judged-2").toString()))
        .isEqualTo(2);
    assertThat(err.toString()).contains("illegal base URL 'ftp://x'");
  }

  @Test
  void testJudgeResumesByItselfAndRefusesAnotherJudge() throws Exception {
    Path data = SharedData.require("clariq-fkw");
    Path gen = dir.resolve("gen");
    Path ratings = dir.resolve("ratings");
    assertThat(run("cq", "generate", "--data", data.toString(), "--limit", "3", "--out", gen.toString()))
        .isEqualTo(0);
    try (FakeOpenAiServer server = FakeOpenAiServer.start(r -> FakeReply.text(
        "{\"naturalness\": \"Fair\", \"usefulness\": \"Bad\"}"))) {
      String url = server.baseUrl().toString();
      assertThat(run("cq", "judge", "--in", gen.toString(), "--judge", "openai:m", "--base-url", url, "--out",
          ratings.toString())).isEqualTo(0);
      assertThat(server.callCount()).isEqualTo(3);
      // an interrupted run: the last rating is missing; the same command rates only that one
      Path log = ratings.resolve("judgements.jsonl");
      List<String> lines = java.nio.file.Files.readAllLines(log);
      java.nio.file.Files.write(log, lines.subList(0, 2));
      assertThat(run("cq", "judge", "--in", gen.toString(), "--judge", "openai:m", "--base-url", url, "--out",
          ratings.toString())).isEqualTo(0);
      assertThat(server.callCount()).isEqualTo(4);
      assertThat(err.toString()).contains("cq judge: resumed " + ratings + ", 2 ratings kept\n")
          .contains("cq judge: questions: 3/3\n");
      assertThat(java.nio.file.Files.readAllLines(log)).hasSize(3).startsWith(lines.get(0), lines.get(1));
      assertThat(out.toString()).contains("3 questions rated by llm:openai:m");
      // --resume, the old flag, still works; another judge model is refused before any call
      assertThat(run("cq", "judge", "--in", gen.toString(), "--judge", "openai:m", "--base-url", url, "--out",
          ratings.toString(), "--resume")).isEqualTo(0);
      assertThat(run("cq", "judge", "--in", gen.toString(), "--judge", "openai:other", "--base-url", url, "--out",
          ratings.toString())).isEqualTo(1);
      assertThat(err.toString()).contains("cannot resume into " + ratings + ": it holds a run with a different judge"
          + " (was \"llm:openai:m @ " + url + "\", now \"llm:openai:other @ " + url + "\")");
      assertThat(server.callCount()).isEqualTo(4);
    }
  }

  @Test
  void testJudgeAgreementWithHumanRatings() throws Exception {
    Path data = SharedData.require("clariq-fkw");
    Path gen = dir.resolve("gen");
    assertThat(run("cq", "generate", "--data", data.toString(), "--limit", "3", "--out", gen.toString()))
        .isEqualTo(0);
    List<CqGeneration> gens = CqGenerationFile.read(gen.resolve("generations.jsonl"));
    Path human = dir.resolve("human.jsonl");
    java.nio.file.Files.writeString(human, String.join("\n",
        "{\"id\":\"" + gens.get(0).example().id() + "\",\"naturalness\":\"Good\",\"usefulness\":\"Fair\"}",
        "{\"id\":\"" + gens.get(1).example().id() + "\",\"question\":\"" + gens.get(1).generated().question()
            + "\",\"naturalness\":{\"grade\":\"Fair\",\"reason\":\"clumsy\"},\"usefulness\":\"Bad\"}",
        "{\"id\":\"" + gens.get(2).example().id() + "\",\"naturalness\":\"fair\",\"usefulness\":\"Bad\"}") + "\n");
    try (FakeOpenAiServer server = FakeOpenAiServer.start()) {
      server.enqueue(FakeReply.text("{\"naturalness\": \"Good\", \"usefulness\": \"Fair\"}"),
          FakeReply.text("{\"naturalness\": \"Good\", \"usefulness\": \"Bad\"}"),
          FakeReply.text("{\"naturalness\": \"Fair\", \"usefulness\": \"Fair\"}"));
      assertThat(run("cq", "judge", "--in", gen.toString(), "--judge", "openai:m", "--base-url",
          server.baseUrl().toString(), "--ratings", human.toString(), "--json", "--out", dir.resolve("judged-3").toString())).as(err.toString()).isEqualTo(0);
    }
    // naturalness: judge G G F, people G F F: exact 2/3; pe = 2/3 * 1/3 + 1/3 * 2/3 = 4/9;
    // kappa = (6/9 - 4/9) / (5/9) = 0.4. Usefulness: judge F B F, people F B B: likewise
    String[] lines = out.toString().split("\n");
    com.fasterxml.jackson.databind.JsonNode j = new com.fasterxml.jackson.databind.ObjectMapper()
        .readTree(lines[lines.length - 1]);
    assertThat(j.at("/agreement/human_ratings").asInt()).isEqualTo(3);
    assertThat(j.at("/agreement/naturalness/compared").asInt()).isEqualTo(3);
    assertThat(j.at("/agreement/naturalness/exact").asDouble()).isCloseTo(2.0 / 3, within(1e-12));
    assertThat(j.at("/agreement/naturalness/kappa").asDouble()).isCloseTo(0.4, within(1e-12));
    assertThat(j.at("/agreement/usefulness/kappa").asDouble()).isCloseTo(0.4, within(1e-12));

    // the text report; then a rating of another question, and of an id the file does not have, are errors
    try (FakeOpenAiServer server = FakeOpenAiServer.start(r -> FakeReply.text(
        "{\"naturalness\": \"Good\", \"usefulness\": \"Fair\"}"))) {
      assertThat(run("cq", "judge", "--in", gen.toString(), "--judge", "openai:m", "--base-url",
          server.baseUrl().toString(), "--ratings", human.toString(), "--out", dir.resolve("judged-4").toString())).isEqualTo(0);
      assertThat(out.toString()).contains("agreement with 3 human ratings (" + human + "): 3 compared, 0 not judged,"
          + " 0 unparsed by the judge").containsPattern("naturalness +0\\.3333 +0\\.0000");
      java.nio.file.Files.writeString(human, "{\"id\":\"" + gens.get(0).example().id()
          + "\",\"question\":\"something else?\",\"naturalness\":\"Good\",\"usefulness\":\"Good\"}\n");
      int calls = server.callCount();
      assertThat(run("cq", "judge", "--in", gen.toString(), "--judge", "openai:m", "--base-url",
          server.baseUrl().toString(), "--ratings", human.toString(), "--out", dir.resolve("judged-5").toString())).isEqualTo(1);
      assertThat(err.toString()).contains("human ratings file " + human + ": id " + gens.get(0).example().id()
          + " rates \"something else?\", but " + gen.resolve("generations.jsonl") + " asks");
      java.nio.file.Files.writeString(human, "{\"id\":\"nosuch\",\"naturalness\":\"Great\",\"usefulness\":\"Good\"}\n");
      assertThat(run("cq", "judge", "--in", gen.toString(), "--judge", "openai:m", "--base-url",
          server.baseUrl().toString(), "--ratings", human.toString(), "--out", dir.resolve("judged-6").toString())).isEqualTo(1);
      assertThat(err.toString()).contains("human ratings file " + human + ", line 1: naturalness grade \"Great\" is"
          + " not Good, Fair or Bad");
      assertThat(server.callCount()).isEqualTo(calls);
    }
  }

  @Test
  void testDocumentedCacheOptionStillReplays() {
    Path data = SharedData.require("clariq-fkw");
    Path gen = dir.resolve("gen");
    Path cache = dir.resolve("cq-cache.jsonl");
    assertThat(run("cq", "generate", "--data", data.toString(), "--limit", "2", "--out", gen.toString()))
        .isEqualTo(0);
    try (FakeOpenAiServer server = FakeOpenAiServer.start(r -> FakeReply.text(
        "{\"naturalness\": \"Fair\", \"usefulness\": \"Bad\"}"))) {
      // --cache (the cq commands' name before they shared LlmOptions) is --llm-cache
      assertThat(run("cq", "judge", "--in", gen.toString(), "--judge", "openai:m", "--base-url",
          server.baseUrl().toString(), "--cache", cache.toString(), "--out", dir.resolve("judged-7").toString())).isEqualTo(0);
      assertThat(server.callCount()).isEqualTo(2);
      assertThat(run("cq", "judge", "--in", gen.toString(), "--judge", "openai:m", "--base-url",
          server.baseUrl().toString(), "--cache", cache.toString(), "--out", dir.resolve("judged-8").toString())).isEqualTo(0);
      assertThat(server.callCount()).isEqualTo(2);
    }
  }
}
