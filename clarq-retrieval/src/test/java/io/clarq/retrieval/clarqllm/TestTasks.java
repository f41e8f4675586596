package io.clarq.retrieval.clarqllm;

import io.clarq.core.clarqllm.provider.ProviderTurn;
import io.clarq.core.clarqllm.task.Briefing;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.clarqllm.tree.ResponseNode;
import io.clarq.core.clarqllm.tree.ResponseTree;
import io.clarq.core.clarqllm.tree.TreeCursor;
import io.clarq.core.dialogue.Utterance;
import java.util.ArrayList;
import java.util.List;

/** Small hand-built tasks for the offline provider's rules. */
final class TestTasks {
  private TestTasks() {}

  /** English: 0; 1 (bridge toll) -> 1.1 (where the coins are); 2 (which lantern). */
  static ClarqTask lighthouse() {
    return new ClarqTask(new TaskId(1, 0), Language.ENGLISH, "Test", new Briefing("keeper",
        "relighting the northern lighthouse", List.of("Brass lantern", "Glass lantern", "Empty purse"),
        List.of("Climb"), List.of("Northern Lighthouse", "Stone Bridge", "Harbour Market")), "", new ResponseTree(List.of(
        ResponseNode.of(NodeId.ROOT, "Cross the Stone Bridge to the Northern Lighthouse and relight its lamp.", null),
        ResponseNode.of(NodeId.parse("1"), "The troll on the Stone Bridge wants a toll of three silver coins.",
            "Jax said to cross the bridge but not what it takes. This response says the troll asks a toll of coins. "
                + "Note: use only if the other party asks how to get across the bridge or past the troll."),
        ResponseNode.of(NodeId.parse("1.1"), "Silver coins can be earned by mending nets at the Harbour Market.",
            "The toll needs coins the seeker lacks. This response says where to earn silver coins. Note: use only "
                + "if the other party notices that the purse is empty and asks where to get money."),
        ResponseNode.of(NodeId.parse("2"), "Use the brass lantern; the glass one cracks in the sea wind.",
            "There are two lanterns. This response says which lantern to use for the lamp. Note: use only if the "
                + "other party asks which lantern to take."))));
  }

  /** The Chinese version of {@link #lighthouse()}. */
  static ClarqTask lighthouseChinese() {
    return new ClarqTask(new TaskId(1, 0), Language.CHINESE, "Test", new Briefing("守塔人", "重新点亮北方灯塔",
        List.of("铜灯笼", "玻璃灯笼", "空钱袋"), List.of("攀爬"), List.of("北方灯塔", "石桥", "港口集市")), "",
        new ResponseTree(List.of(
            ResponseNode.of(NodeId.ROOT, "穿过石桥到北方灯塔，重新点亮灯塔的灯。", null),
            ResponseNode.of(NodeId.parse("1"), "石桥上的巨魔要收三枚银币的过路费。",
                "Jax说要过桥但没说需要什么。此回复说明巨魔收取银币过路费。注意：仅当对方询问如何过桥时使用。"),
            ResponseNode.of(NodeId.parse("1.1"), "在港口集市帮渔民补网可以赚到银币。",
                "过路费需要银币而对方没有钱。此回复说明在哪里赚银币。注意：仅当对方发现钱袋是空的并询问去哪里赚钱时使用。"),
            ResponseNode.of(NodeId.parse("2"), "用铜灯笼，玻璃灯笼会被海风吹裂。",
                "有两个灯笼。此回复说明用哪个灯笼点灯。注意：仅当对方询问用哪个灯笼时使用。"))));
  }

  /** A turn: the opening, then alternating seeker/provider lines ending with {@code seekerLine}. */
  static ProviderTurn turn(ClarqTask task, List<String> given, String... seekerLinesAndReplies) {
    List<Utterance> history = new ArrayList<>();
    history.add(Utterance.provider("Jax: what can help you?"));
    for (int i = 0; i < seekerLinesAndReplies.length; i++) {
      history.add(i % 2 == 0 ? Utterance.seeker(seekerLinesAndReplies[i])
          : Utterance.provider(seekerLinesAndReplies[i]));
    }
    TreeCursor cursor = task.tree().start().giveAll(given.stream().map(NodeId::parse).toList());
    return new ProviderTurn(task, history, cursor);
  }

  static List<NodeId> ids(String... ids) {
    return java.util.Arrays.stream(ids).map(NodeId::parse).toList();
  }
}
