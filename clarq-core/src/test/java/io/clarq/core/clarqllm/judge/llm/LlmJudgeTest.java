package io.clarq.core.clarqllm.judge.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.clarqllm.judge.JudgeQuestion;
import io.clarq.core.clarqllm.judge.Verdict;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.RetryPolicy;
import io.clarq.core.llm.openai.OpenAiClient;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.RecordedRequest;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class LlmJudgeTest {
  private static final JudgeQuestion ENGLISH = new JudgeQuestion(Language.ENGLISH, "preheat the oven to 180c",
      "tells the temperature", List.of("jax: first, heat the oven", "jax: 180 degrees is right"));
  private static final JudgeQuestion CHINESE = new JudgeQuestion(Language.CHINESE, "把烤箱预热到180度", "告知温度",
      List.of("先预热烤箱"));

  private final FakeOpenAiServer server = FakeOpenAiServer.start();
  private final OpenAiClient client = OpenAiClient.builder().baseUrl(server.baseUrl()).model("judge-model")
      .settings(LlmSettings.DEFAULT.withRetry(RetryPolicy.NONE)).build();

  @AfterEach
  void stop() {
    client.close();
    server.close();
  }

  @Test
  void testAsksTheEnglishQuestionAndReadsAMatch() throws Exception {
    server.respondWith(r -> FakeReply.text("{\"analysis\": \"the temperature is given\", \"match\": true}"));
    Verdict v = LlmJudge.builder(client).build().judge(ENGLISH).orElseThrow();
    assertThat(v).isEqualTo(Verdict.of(true, "the temperature is given"));
    RecordedRequest r = server.requests().get(0);
    assertThat(r.messages()).hasSize(1);
    assertThat(r.lastUserMessage()).contains("Reference step: preheat the oven to 180c.\n"
        + "What the step is for: tells the temperature.\nWhat the assistant said:\n1. jax: first, heat the oven.\n"
        + "2. jax: 180 degrees is right.\n").contains("\"match\": true or false");
    assertThat(r.json().path("temperature").asDouble(-1)).isEqualTo(0.0);
    assertThat(r.json().path("seed").asLong()).isEqualTo(8848L);
    assertThat(r.json().path("response_format").path("type").asText()).isEqualTo("json_object");
  }

  @Test
  void testAsksInChineseAndReadsANoInPythonStyle() throws Exception {
    server.respondWith(r -> FakeReply.text("```python\n{'analysis': '没有说温度', 'match': False}\n```"));
    Verdict v = LlmJudge.builder(client.withModel("other-model").withCapabilities(io.clarq.core.llm.LlmCapabilities.ALL.withJsonMode(false))).build().judge(CHINESE).orElseThrow();
    assertThat(v).isEqualTo(Verdict.of(false, "没有说温度"));
    RecordedRequest r = server.requests().get(0);
    assertThat(r.lastUserMessage()).startsWith("你要检查一段对话")
        .contains("参考步骤：把烤箱预热到180度。\n这一步的用途：告知温度。").contains("1. 先预热烤箱。");
    assertThat(r.model()).isEqualTo("other-model");
    assertThat(r.json().has("response_format")).isFalse();
  }

  @Test
  void testUnreadableReplyIsAskedOnceMore() throws Exception {
    server.enqueue(FakeReply.text("Yes, it matches."), FakeReply.text("{\"analysis\": \"ok\", \"match\": \"yes\"}"));
    assertThat(LlmJudge.builder(client).build().judge(ENGLISH)).contains(Verdict.of(true, "ok"));
    assertThat(server.callCount()).isEqualTo(2);
    assertThat(server.requests().get(1).lastUserMessage()).startsWith("Your previous reply could not be read");
  }

  @Test
  void testTwiceUnreadableIsUnparsedNeverNo() throws Exception {
    server.enqueue(FakeReply.text("{\"analysis\": \"hmm\", \"match\": \"partly\"}"), FakeReply.text("不确定"));
    Verdict v = LlmJudge.builder(client).build().judge(CHINESE).orElseThrow();
    assertThat(v.outcome()).isEqualTo(Verdict.Outcome.UNPARSED);
    assertThat(v.isMatch()).isFalse();
    assertThat(v.raw()).isEqualTo("{\"analysis\": \"hmm\", \"match\": \"partly\"}\n---\n不确定");
    assertThat(server.requests().get(1).lastUserMessage()).startsWith("无法读取你上一条回复（match is not true or false");
    assertThat(server.callCount()).isEqualTo(2);
  }

  @Test
  void testReferencePackReadsByTruthinessAndKeepsTheRawValue() throws Exception {
    io.clarq.core.prompt.PromptPack reference = io.clarq.core.prompt.PromptPack.load(
        io.clarq.core.testing.SharedData.require("clarq-llm/reference-prompts"));
    server.enqueue(FakeReply.text("{\"analysis\": \"perhaps\", \"match\": \"maybe\"}"),
        FakeReply.text("{\"analysis\": \"no\", \"match\": 0}"), FakeReply.text("{\"analysis\": \"y\", \"match\": true}"));
    LlmJudge judge = LlmJudge.builder(client).prompts(reference).build();
    Verdict maybe = judge.judge(ENGLISH).orElseThrow();
    assertThat(maybe.outcome()).isEqualTo(Verdict.Outcome.MATCH);
    assertThat(maybe.readByTruthiness()).isTrue();
    assertThat(maybe.raw()).isEqualTo("\"maybe\"");
    assertThat(maybe.analysis()).isEqualTo("perhaps");
    Verdict zero = judge.judge(ENGLISH).orElseThrow();
    assertThat(zero.outcome()).isEqualTo(Verdict.Outcome.NO_MATCH);
    assertThat(zero.raw()).isEqualTo("0");
    Verdict plain = judge.judge(ENGLISH).orElseThrow();
    assertThat(plain.isMatch()).isTrue();
    assertThat(plain.readByTruthiness()).isFalse();
  }

  @Test
  void testUnreachableModelIsAnLlmException() {
    server.respondWith(r -> FakeReply.unavailable());
    assertThatThrownBy(() -> LlmJudge.builder(client).build().judge(ENGLISH)).isInstanceOf(LlmException.class)
        .hasMessageContaining("HTTP 503");
  }

  @Test
  void testAPunctuatedTextIsLeftAlone() {
    assertThat(LlmJudge.punctuated("", Language.ENGLISH)).isEmpty();
    assertThat(LlmJudge.punctuated("go north", Language.ENGLISH)).isEqualTo("go north.");
    assertThat(LlmJudge.punctuated("go north?", Language.ENGLISH)).isEqualTo("go north?");
    assertThat(LlmJudge.punctuated("向北走", Language.CHINESE)).isEqualTo("向北走。");
    assertThat(LlmJudge.punctuated("向北走，", Language.CHINESE)).isEqualTo("向北走，");
  }
}
