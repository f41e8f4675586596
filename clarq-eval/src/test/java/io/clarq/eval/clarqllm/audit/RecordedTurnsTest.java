package io.clarq.eval.clarqllm.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clarqllm.provider.ProviderAgent;
import io.clarq.core.clarqllm.provider.ProviderReply;
import io.clarq.core.clarqllm.provider.ReplyKind;
import io.clarq.core.clarqllm.task.Briefing;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.clarqllm.tree.ResponseNode;
import io.clarq.core.clarqllm.tree.ResponseTree;
import io.clarq.core.dialogue.Dialogue;
import io.clarq.core.dialogue.EndReason;
import io.clarq.core.prompt.PromptPack;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RecordedTurnsTest {
  private static final ClarqTask TASK = new ClarqTask(new TaskId(2, 3), Language.ENGLISH, "Test",
      new Briefing("keeper", "relighting the lighthouse", List.of(), List.of(), List.of()), "",
      new ResponseTree(List.of(
          ResponseNode.of(NodeId.ROOT, "Go to the lighthouse.", null),
          ResponseNode.of(NodeId.parse("1"), "Pay the troll three coins.", "how to cross"),
          ResponseNode.of(NodeId.parse("1.1"), "Mend nets for coins.", "where to get coins"),
          ResponseNode.of(NodeId.parse("2"), "Use the brass lantern.", "which lantern"))));

  private static final Dialogue DIALOGUE = Dialogue.ofLines(List.of(
      "Jax: what can help you?",
      "How do I relight the lighthouse?",
      "Jax: Go to the lighthouse.",
      "How do I cross?",
      "jax: PAY THE TROLL THREE COINS!",                     // case, prefix and trailing punctuation ignored
      "Anything else?",
      "Jax: Do not worry.",
      "Where do I get coins, and which lantern?",
      "Jax: Mend nets for coins. Besides, use the brass lantern",  // two nodes in one reply (multi-info)
      "Goodbye"), EndReason.UNKNOWN);

  @Test
  void testTreeStateFollowsTheNodesEachReplyContains() {
    List<RecordedTurn> turns = RecordedTurns.of("run", TASK, DIALOGUE);
    assertThat(turns).extracting(RecordedTurn::turn).containsExactly(1, 2, 3, 4);
    assertThat(turns).extracting(RecordedTurn::recordedNodes).containsExactly(
        ids("0"), ids("1"), ids(), ids("1.1", "2"));
    assertThat(turns.get(1).before().available()).isEqualTo(ids("1", "2"));
    assertThat(turns.get(3).before().available()).isEqualTo(ids("1.1", "2"));
    assertThat(turns.get(3).history()).hasSize(8);
    assertThat(turns.get(3).providerTurn().seekerLine()).isEqualTo("Where do I get coins, and which lantern?");
    assertThat(turns.get(3).key()).isEqualTo("2.3/4");
  }

  @Test
  void testAGoldLineNotYetAvailableIsNotRead() {
    var start = TASK.tree().start().give(NodeId.ROOT);
    assertThat(RecordedTurns.nodesIn(TASK, start, "Jax: Mend nets for coins.")).isEmpty();
  }

  @Test
  void testAuditSkipsTurnOneAndComparesSetsAndBaselines() throws Exception {
    List<RecordedTurn> turns = RecordedTurns.of("run", TASK, DIALOGUE).stream().filter(t -> t.turn() >= 2).toList();
    ProviderAgent firstNode = new ProviderAgent() {
      @Override public String name() {
        return "first";
      }

      @Override public ProviderReply reply(io.clarq.core.clarqllm.provider.ProviderTurn turn) {
        NodeId first = turn.tree().available().get(0);
        return new ProviderReply("Jax: x", ReplyKind.RESPONSE_I, Optional.empty(), List.of(first), 0, "first");
      }
    };
    AuditReport r = ProviderAudit.audit("first", turns, run -> firstNode, PromptPack.clarq());
    // turn 2: recorded 1, first node 1 -> same; turn 3: recorded II -> decision differs; turn 4: {1.1, 2} vs {1.1}
    assertThat(r.overall().audited()).isEqualTo(new Agreement(3, 2, 1));
    assertThat(r.overall().firstNode()).isEqualTo(r.overall().audited());
    assertThat(r.overall().alwaysResponseII()).isEqualTo(new Agreement(3, 1, 1));
    assertThat(r.perRun()).extracting(AuditGroup::name).containsExactly("run");
    assertThat(r.perType()).extracting(AuditGroup::name).containsExactly("type 2");
    assertThat(r.confusion().get(RecordedReading.ANSWERABLE)).containsEntry("answerable", 2);
    assertThat(r.confusion().get(RecordedReading.OTHER_RESPONSE_II)).containsEntry("answerable", 1);
    assertThat(r.table()).contains("0.333/0.667");
  }

  private static List<NodeId> ids(String... ids) {
    return java.util.Arrays.stream(ids).map(NodeId::parse).toList();
  }
}
