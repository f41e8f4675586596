package io.clarq.eval.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.TokenUsage;
import io.clarq.eval.kernel.ItemUsage.RoleTokens;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Per-item usage by role ({@link ItemUsage}) and its log ({@link UsageLog}). */
class ItemUsageTest {
  @TempDir Path tmp;

  /** A client that tells the usage listener of each reply, as the model clients do. */
  private static LlmClient client(TokenUsage usage) {
    return request -> {
      ChatResponse r = new ChatResponse("ok", "stop", usage, java.time.Duration.ZERO, List.of());
      ItemUsage.listener().onResponse(request, r);
      return r;
    };
  }

  private static final ChatRequest ASK = ChatRequest.builder().user("hello").build();

  @Test
  void testRepliesCountTowardTheRoleTheyWereMadeForAndOnlyInsideATally() throws Exception {
    LlmClient shared = client(new TokenUsage(100, 5).withCache(60, 10));
    LlmClient asker = ItemUsage.forRole(shared, "asker");
    LlmClient oracle = ItemUsage.forRole(shared, "oracle");
    asker.chat(ASK);   // no tally open: counted nowhere
    ItemUsage.open();
    asker.chat(ASK);
    asker.chat(ASK);
    oracle.chat(ASK);
    shared.chat(ASK);   // no role: counted nowhere
    // a role's client inside another role's work counts toward its own role
    ItemUsage.inRole("generator", () -> oracle.chat(ASK));
    Map<String, RoleTokens> used = ItemUsage.close();
    assertThat(used).containsOnlyKeys("asker", "oracle");
    assertThat(used.get("asker")).isEqualTo(new RoleTokens(2, 200, 10, 120, 20));
    assertThat(used.get("oracle")).isEqualTo(new RoleTokens(2, 200, 10, 120, 20));
    assertThat(ItemUsage.close()).isEmpty();
    assertThatThrownBy(() -> ItemUsage.forRole(shared, "Asker")).hasMessageContaining("illegal role name 'Asker'");
    assertThatThrownBy(() -> new RoleTokens(1, -2, 0, 0, 0)).hasMessageContaining("input -2");
  }

  @Test
  void testTheLogKeepsTheLastPlayOfEachItemAndSumsTheItemsGiven() throws Exception {
    try (UsageLog log = UsageLog.open(tmp, List.of())) {
      log.add("a", Map.of("asker", new RoleTokens(1, 10, 2, 4, 0)));
      log.add("b", Map.of());   // used no model: no line
      log.add("c", Map.of("asker", new RoleTokens(1, 7, 1, 0, 0), "primary", new RoleTokens(2, 30, 3, 0, 1)));
      log.add("a", Map.of("asker", new RoleTokens(2, 20, 4, 8, 0)));   // played again
    }
    assertThat(Files.readAllLines(tmp.resolve(UsageLog.FILE))).hasSize(3);
    assertThat(UsageLog.read(tmp)).containsOnlyKeys("a", "c");
    assertThat(UsageLog.total(tmp, List.of("a", "b", "c"), List.of("asker", "oracle", "primary")))
        .containsExactly(Map.entry("asker", new RoleTokens(3, 27, 5, 8, 0)), Map.entry("oracle", RoleTokens.ZERO),
            Map.entry("primary", new RoleTokens(2, 30, 3, 0, 1)));
    // a resume keeping only item c, then the run's end rewriting the log in item order
    try (UsageLog log = UsageLog.open(tmp, List.of("c"))) {
      log.add("a", Map.of("asker", new RoleTokens(1, 5, 1, 0, 0)));
      log.rewrite(List.of("a", "b", "c"));
    }
    assertThat(Files.readAllLines(tmp.resolve(UsageLog.FILE))).hasSize(2).first().asString()
        .startsWith("{\"item\":\"a\"");
    assertThat(UsageLog.total(tmp, List.of("a", "c"), List.of()).get("asker"))
        .isEqualTo(new RoleTokens(2, 12, 2, 0, 0));
    Files.writeString(tmp.resolve(UsageLog.FILE), "{\"item\": 3}\n{\"item\":\"x\",\"usage\":{}}\n");
    assertThatThrownBy(() -> UsageLog.read(tmp)).hasMessageContaining(UsageLog.FILE + ", line 1");
  }
}
