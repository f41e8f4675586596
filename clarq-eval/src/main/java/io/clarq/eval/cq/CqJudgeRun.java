package io.clarq.eval.cq;

import io.clarq.core.cq.CqGeneration;
import io.clarq.core.cq.CqJudgement;
import io.clarq.core.cq.RubricJudge;
import io.clarq.core.llm.LlmException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Rates generated questions with a rubric judge against their reference questions. Like {@link CqGenerationRun}:
 * each judgement reaches the sink as soon as it exists, judgements done earlier are reused, results in input order.
 */
public final class CqJudgeRun {
  private CqJudgeRun() {}

  /**
   * @throws LlmException the first model failure, naming the example; what finished before it reached the sink
   */
  public static List<CqJudgement> run(List<CqGeneration> generations, RubricJudge judge, List<CqJudgement> done,
      int threads, Consumer<CqJudgement> sink) throws LlmException {
    Objects.requireNonNull(judge, "judge");
    Map<String, String> questions = new HashMap<>();
    generations.forEach(g -> questions.put(g.example().id(), g.generated().question()));
    // a judgement is reused only for the very question it rated: a regenerated question is rated afresh
    Map<String, CqJudgement> byId = new HashMap<>();
    done.stream().filter(j -> j.question().equals(questions.get(j.id()))).forEach(j -> byId.put(j.id(), j));
    return ItemRun.run(generations, g -> g.example().id(), byId, threads, "clarq-cq-judge", g -> {
      try {
        return new CqJudgement(g.example().id(), g.generated().question(), judge.name(),
            judge.rate(g.example(), g.generated().question()));
      } catch (LlmException ex) {
        throw new LlmException("example " + g.example().id() + ": " + ex.getMessage(), ex);
      }
    }, sink);
  }
}
