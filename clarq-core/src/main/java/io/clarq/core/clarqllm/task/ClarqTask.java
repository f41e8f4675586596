package io.clarq.core.clarqllm.task;

import io.clarq.core.clarqllm.tree.ResponseTree;
import java.util.Objects;

/**
 * One ClarQ-LLM task in one language: the seeker's briefing and the provider's annotated response tree.
 *
 * @param id the task id ({@code type.index})
 * @param language the language of all texts
 * @param typeName the task type's name from its file name, e.g. "Stealth Mission"
 * @param briefing what the seeker is told
 * @param background the pre-rendered seeker briefing shipped with the task (the reference seeker rebuilds its
 *     own from {@code briefing}); may be empty
 * @param tree the response tree: node 0 is the opening statement, the other nodes are the gold lines
 */
public record ClarqTask(
    TaskId id, Language language, String typeName, Briefing briefing, String background, ResponseTree tree) {
  public ClarqTask {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(language, "language");
    Objects.requireNonNull(typeName, "typeName");
    Objects.requireNonNull(briefing, "briefing");
    Objects.requireNonNull(background, "background");
    Objects.requireNonNull(tree, "tree");
  }

  /** The split of this task (test for types 1-26). */
  public Split split() {
    return id.split();
  }
}
