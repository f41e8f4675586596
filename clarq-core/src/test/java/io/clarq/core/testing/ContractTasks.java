package io.clarq.core.testing;

import io.clarq.core.clarqllm.provider.llm.SmallTasks;
import io.clarq.core.clarqllm.task.Briefing;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.clarqllm.tree.ResponseNode;
import io.clarq.core.clarqllm.tree.ResponseTree;
import java.util.List;
import java.util.Optional;

/**
 * The small hand-made tasks the agent contract suites play: {@link SmallTasks}' English and Chinese ruby tasks and a
 * bread-baking task of our own, each a tree of four nodes two levels deep, with purposes.
 */
public final class ContractTasks {
  private ContractTasks() {}

  /** Three tasks with different briefings and trees: English rubies, Chinese rubies, English bread. */
  public static List<ClarqTask> all() {
    return List.of(SmallTasks.english(), SmallTasks.chinese(), bread());
  }

  /** An English task of our own: bake a loaf in the village oven. */
  public static ClarqTask bread() {
    ResponseTree tree = new ResponseTree(List.of(
        new ResponseNode(NodeId.ROOT, "You can bake the bread in the village oven.", Optional.empty()),
        ResponseNode.of(NodeId.parse("1"), "Light the oven with the flint from your bag before you knead the dough.",
            "The seeker does not know how to light the oven."),
        ResponseNode.of(NodeId.parse("1.1"), "The flint only sparks when it is dry, so keep it away from the water.",
            "The seeker does not know that a wet flint will not spark. Note: use only if the seeker asks how."),
        ResponseNode.of(NodeId.parse("2"), "The miller in the Market Square sells the flour you need.",
            "The seeker does not know where to get flour.")));
    Briefing briefing = new Briefing("baker's apprentice", "bake a loaf of bread",
        List.of("A flint", "A bucket of water"), List.of("Knead dough"), List.of("Village Oven", "Market Square"));
    return new ClarqTask(new TaskId(2, 3), Language.ENGLISH, "Cooking", briefing, "", tree);
  }
}
