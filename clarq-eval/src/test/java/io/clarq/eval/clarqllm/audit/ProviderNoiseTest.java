package io.clarq.eval.clarqllm.audit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.clarqllm.provider.Intent;
import io.clarq.core.clarqllm.provider.ProviderAgent;
import io.clarq.core.clarqllm.provider.ProviderReply;
import io.clarq.core.clarqllm.provider.ProviderTurn;
import io.clarq.core.clarqllm.provider.ReplyKind;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.prompt.PromptPack;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.clarqllm.ClarqLlmTasks;
import io.clarq.datasets.clarqllm.PublishedRun;
import io.clarq.datasets.clarqllm.PublishedRuns;
import io.clarq.retrieval.clarqllm.OfflineProvider;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

class ProviderNoiseTest {
  private static ProviderReply one(String node) {
    return new ProviderReply("line", ReplyKind.RESPONSE_I, Optional.empty(), List.of(NodeId.parse(node)), 1, "");
  }

  private static ProviderReply two(Intent intent) {
    return new ProviderReply("fixed", ReplyKind.RESPONSE_II, Optional.of(intent), List.of(), 1, "");
  }

  @Test
  void testFlipsCountedByHand() {
    ProviderNoise n = ProviderNoise.of(3, List.of(
        List.of(one("1"), one("1"), one("1")),                  // no flip
        List.of(one("1"), one("2"), one("1")),                  // another node: node flip only
        List.of(one("1"), two(Intent.VAGUE), one("1")),         // Response I vs II: decision, node and reading
        List.of(two(Intent.VAGUE), two(Intent.REPEAT), two(Intent.VAGUE))));   // another intent: reading only
    assertThat(n).isEqualTo(new ProviderNoise(3, 4, 1, 2, 2));
    assertThat(n.share(n.decisionFlips())).isEqualTo(0.25);
    assertThat(n.share(n.nodeFlips())).isEqualTo(0.5);
    assertThat(n.table()).contains("same 4 recorded turns replied to in 3 trials (seeds 8848-8850)")
        .contains("Response I vs II").contains("0.2500").contains("0.5000");
    assertThatThrownBy(() -> new ProviderNoise(1, 4, 0, 0, 0)).hasMessageContaining("illegal trial count 1");
    assertThatThrownBy(() -> new ProviderNoise(2, 4, 3, 2, 0)).hasMessageContaining("illegal provider noise counts");
  }

  @Test
  void testTrialsReachTheProviderAndADeterministicOneNeverFlips() throws Exception {
    PublishedRun run = PublishedRuns.load(SharedData.require(
        "clarq-llm/transcripts/l2l_GPT-4o_seeker_vs_GPT-4o_provider.Comp.En.json"));
    List<RecordedTurn> turns = ProviderAudit.turns(run, ClarqLlmTasks.load(SharedData.require("clarq-llm/tasks"),
        Language.ENGLISH), type -> type <= 2);
    PromptPack reference = PromptPack.load(SharedData.require("clarq-llm/reference-prompts"));
    AuditReport audit = ProviderAudit.audit("offline", turns, r -> new OfflineProvider(), reference);
    ProviderNoise offline = ProviderNoise.measure(audit, r -> new OfflineProvider(), 3);
    assertThat(offline).isEqualTo(new ProviderNoise(3, turns.size(), 0, 0, 0));

    // a provider that answers nothing in trial 2: every turn trial 1 answered flips its decision
    Set<Integer> seen = ConcurrentHashMap.newKeySet();
    ProviderAgent offlineProvider = new OfflineProvider();
    ProviderAgent silentInTrialTwo = new ProviderAgent() {
      @Override
      public String name() {
        return "silent in trial 2";
      }

      @Override
      public ProviderReply reply(ProviderTurn turn) throws io.clarq.core.llm.LlmException {
        seen.add(turn.trial());
        return turn.trial() == 2 ? two(Intent.UNRELATED) : offlineProvider.reply(turn);
      }
    };
    ProviderNoise noise = ProviderNoise.measure(audit, r -> silentInTrialTwo, 3);
    long answered = audit.turns().stream().filter(t -> !t.reply().nodes().isEmpty()).count();
    assertThat(answered).isPositive();
    assertThat(noise.decisionFlips()).isEqualTo((int) answered);
    assertThat(seen).containsExactlyInAnyOrder(2, 3);   // trial 1's replies are the audit's
  }
}
