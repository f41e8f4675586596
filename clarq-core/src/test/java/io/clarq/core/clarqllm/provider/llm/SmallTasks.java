package io.clarq.core.clarqllm.provider.llm;

import io.clarq.core.clarqllm.task.Briefing;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.clarqllm.tree.ResponseNode;
import io.clarq.core.clarqllm.tree.ResponseTree;
import java.util.List;

/** Two small hand-made tasks (English and Chinese, same tree shape 0, 1, 1.1, 2) for provider and runner tests. */
public final class SmallTasks {
  public static final String ROOT_EN = "You can go to the mine to dig for rubies.";
  public static final String MINE_EN = "If you stun the monsters, then you can enter the mine.";
  public static final String FOG_EN = "Use the air sucker to collect fog in the Fantasy Forest and release it in the mine.";
  public static final String NORTH_EN = "You should go to the North Mine, as only the North Mine has rubies.";

  public static final String ROOT_ZH = "你可以去矿洞里挖红宝石。";
  public static final String MINE_ZH = "如果你把怪物弄晕，就可以进入矿洞。";
  public static final String FOG_ZH = "用吸气器在幻想森林收集雾气，再把雾气放进矿洞。";
  public static final String NORTH_ZH = "你应该去北矿洞，因为只有北矿洞有红宝石。";

  private SmallTasks() {}

  public static ClarqTask english() {
    return english(new TaskId(1, 0));
  }

  public static ClarqTask english(TaskId id) {
    return task(id, Language.ENGLISH, new Briefing("adventurer", "collect rubies", List.of("An air sucker"),
        List.of("Summon the excavator to dig"), List.of("North Mine", "West Mine", "Fantasy Forest")),
        ROOT_EN, MINE_EN, FOG_EN, NORTH_EN,
        "The seeker does not know how to enter the mine. Note: use only if the other party noticed it.",
        "The seeker does not know how to stun the monsters.",
        "There are multiple mines and the seeker does not know which one has rubies.");
  }

  public static ClarqTask chinese() {
    return task(new TaskId(1, 0), Language.CHINESE, new Briefing("冒险者", "收集红宝石", List.of("一个吸气器"),
        List.of("召唤挖掘机挖掘"), List.of("北矿洞", "西矿洞", "幻想森林")),
        ROOT_ZH, MINE_ZH, FOG_ZH, NORTH_ZH, "对方不知道如何进入矿洞。", "对方不知道如何弄晕怪物。", "存在多个矿洞，对方不知道哪个有红宝石。");
  }

  private static ClarqTask task(TaskId id, Language language, Briefing briefing, String root, String mine, String fog,
      String north, String mineWhy, String fogWhy, String northWhy) {
    ResponseTree tree = new ResponseTree(List.of(
        new ResponseNode(NodeId.ROOT, root, java.util.Optional.empty()),
        ResponseNode.of(NodeId.parse("1"), mine, mineWhy),
        ResponseNode.of(NodeId.parse("1.1"), fog, fogWhy),
        ResponseNode.of(NodeId.parse("2"), north, northWhy)));
    return new ClarqTask(id, language, "Gather Resources", briefing, "", tree);
  }
}
