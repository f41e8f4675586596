package io.clarq.core.llm.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.EndReason;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmUnusableReplyException;
import io.clarq.core.llm.LlmUnusableReplyException.Reason;
import io.clarq.core.llm.ReplyPolicy;
import io.clarq.core.llm.TokenUsage;
import io.clarq.core.testing.ScriptedLlmClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reply policy over a response cache: what a cache line records of why its reply ended, and a line recorded
 * before the policy held for its client (a cut or filtered reply, its {@code finish_reason} written beside the
 * text) never replayed as usable.
 */
class CachedEndReasonTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();
  private static final String ENDPOINT = "anthropic:";
  @TempDir Path dir;

  private static ChatRequest seekerTurn() {
    return ChatRequest.builder().system("You are the seeker.").user("Go on.").temperature(0.0).build();
  }

  /** A line as clarq wrote it before the policy covered every client: text and finish_reason, no end_reason. */
  private Path fileWithOldLine(ChatRequest request, String text, String finishReason) throws Exception {
    Path file = dir.resolve("old.jsonl");
    ObjectNode canonical = CacheKey.canonical(request, ENDPOINT, "claude-test");
    ObjectNode rec = MAPPER.createObjectNode().put("key", CacheKey.of(canonical));
    rec.set("request", canonical);
    ObjectNode response = rec.putObject("response").put("text", text).put("finish_reason", finishReason);
    response.putObject("usage").put("prompt_tokens", 40).put("completion_tokens", 12);
    response.putArray("logprobs");
    Files.writeString(file, MAPPER.writeValueAsString(rec) + "\n", StandardCharsets.UTF_8);
    return file;
  }

  private static CachingLlmClient cache(ScriptedLlmClient live, Path file, CachePolicy policy) {
    return new CachingLlmClient(ReplyPolicy.enforce(live), ResponseCacheFile.open(file), ENDPOINT, "claude-test",
        policy, LlmListener.NONE);
  }

  @Test
  void testAnOldCutLineIsUnusableUnderReplayOnly() throws Exception {
    for (String[] line : new String[][] {{"length", "Where can I find the"}, {"content_filter", "I can't"}}) {
      Path file = fileWithOldLine(seekerTurn(), line[1], line[0]);
      ScriptedLlmClient live = ScriptedLlmClient.replying();
      try (CachingLlmClient cached = cache(live, file, CachePolicy.REPLAY_ONLY)) {
        LlmUnusableReplyException e = catchThrowableOfType(LlmUnusableReplyException.class,
            () -> cached.chat(seekerTurn()));
        assertThat(e).as("a cut line replayed (%s)", line[0]).isNotNull();
        assertThat(e.reason()).isEqualTo(line[0].equals("length") ? Reason.LENGTH : Reason.CONTENT_FILTER);
        assertThat(e.raw()).isEqualTo(line[1]);
        assertThat(e.getMessage()).contains("replayed from " + file);
      }
      assertThat(live.requests()).as("replay-only makes no live call").isEmpty();
    }
  }

  @Test
  void testAnOldCutLineIsAskedAgainAndTheAcceptedReplyReplacesIt() throws Exception {
    Path file = fileWithOldLine(seekerTurn(), "Where can I find the", "length");
    ScriptedLlmClient live = ScriptedLlmClient.replying("Where can I find the flour?");
    try (CachingLlmClient cached = cache(live, file, CachePolicy.DEFAULT)) {
      ChatResponse r = cached.chat(seekerTurn());
      assertThat(r.text()).isEqualTo("Where can I find the flour?");
      cached.accept(seekerTurn(), r);
    }
    assertThat(live.requests()).hasSize(1);
    assertThat(Files.readAllLines(file)).hasSize(2).last().asString().contains("\"replaces\":true");
    // a later replay-only run replays the new reply, with no live call
    ScriptedLlmClient none = ScriptedLlmClient.replying();
    try (CachingLlmClient cached = cache(none, file, CachePolicy.REPLAY_ONLY)) {
      assertThat(cached.chat(seekerTurn()).text()).isEqualTo("Where can I find the flour?");
    }
    assertThat(none.requests()).isEmpty();
  }

  @Test
  void testACutTheRequestAskedForIsReplayed() throws Exception {
    ChatRequest yesNo = ChatRequest.builder().user("Is it red? Yes or no.").temperature(0.0).maxTokens(1).build();
    Path file = fileWithOldLine(yesNo, "Yes", "length");
    try (CachingLlmClient cached = cache(ScriptedLlmClient.replying(), file, CachePolicy.REPLAY_ONLY)) {
      assertThat(cached.chat(yesNo).text()).isEqualTo("Yes");
    }
  }

  @Test
  void testTheEndReasonIsRecordedWhenItSaysMoreThanTheFinishReason() throws Exception {
    Path file = dir.resolve("end.jsonl");
    ChatResponse anthropic = new ChatResponse("Is it in the kitchen?", EndReason.anthropic("end_turn"),
        new TokenUsage(30, 7), Duration.ofMillis(300), List.of(), "");
    try (ResponseCacheFile f = ResponseCacheFile.open(file)) {
      f.put("k1", MAPPER.createObjectNode(), anthropic);
      f.put("k2", MAPPER.createObjectNode(), ChatResponse.ofText("plain"));
    }
    List<String> lines = Files.readAllLines(file);
    assertThat(lines.get(0)).contains("\"end_reason\":{\"kind\":\"STOP\",\"field\":\"stop_reason\","
        + "\"value\":\"end_turn\",\"detail\":\"\"}");
    assertThat(lines.get(1)).doesNotContain("end_reason");
    try (ResponseCacheFile f = ResponseCacheFile.open(file)) {
      assertThat(f.get("k1").orElseThrow().endReason()).isEqualTo(EndReason.anthropic("end_turn"));
      assertThat(f.get("k2").orElseThrow().endReason()).isEqualTo(EndReason.openAi("stop"));
    }
  }

  @Test
  void testCachedInputTokensAreKeptWithTheReply() throws Exception {
    Path file = dir.resolve("usage.jsonl");
    ChatResponse cachedPrompt = new ChatResponse("Which room?", EndReason.anthropic("end_turn"),
        new TokenUsage(1233, 393, 0, 1024, 188), Duration.ZERO, List.of(), "");
    try (ResponseCacheFile f = ResponseCacheFile.open(file)) {
      f.put("k1", MAPPER.createObjectNode(), cachedPrompt);
      f.put("k2", MAPPER.createObjectNode(), ChatResponse.ofText("plain"));
    }
    List<String> lines = Files.readAllLines(file);
    assertThat(lines.get(0)).contains("\"cached_input_tokens\":1024", "\"cache_write_tokens\":188");
    assertThat(lines.get(1)).doesNotContain("cached_input_tokens").doesNotContain("cache_write_tokens");
    try (ResponseCacheFile f = ResponseCacheFile.open(file)) {
      assertThat(f.get("k1").orElseThrow().usage()).isEqualTo(new TokenUsage(1233, 393, 0, 1024, 188));
    }
  }

  @Test
  void testAnUnusableReplyIsNeverRecordedEvenWhenAccepted() throws Exception {
    Path file = dir.resolve("never.jsonl");
    ChatResponse refused = new ChatResponse("I can't help with that request.", EndReason.anthropic("refusal"),
        TokenUsage.ZERO, Duration.ZERO, List.of(), "");
    try (CachingLlmClient cached = cache(ScriptedLlmClient.replying(), file, CachePolicy.DEFAULT)) {
      cached.accept(seekerTurn(), refused);
    }
    assertThat(Files.readString(file, StandardCharsets.UTF_8)).isEmpty();
  }
}
