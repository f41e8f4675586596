package io.clarq.core.clarqllm.metrics;

import io.clarq.core.clarqllm.judge.JudgeQuestion;
import io.clarq.core.clarqllm.judge.Verdict;
import io.clarq.core.clarqllm.tree.NodeId;
import java.util.Objects;
import java.util.Optional;

/**
 * One question the evaluator put to the judge about a leftover gold line, and the answer.
 *
 * @param node the leftover gold line's node
 * @param question what the judge was asked (also the verdict cache's key)
 * @param verdict the answer; empty when the judge could not answer (a cache miss with no judge behind it, or a
 *     task without purposes); an empty or unparsed verdict makes the dialogue unjudged, never a failure
 */
public record JudgeCall(NodeId node, JudgeQuestion question, Optional<Verdict> verdict) {
  public JudgeCall {
    Objects.requireNonNull(node, "node");
    Objects.requireNonNull(question, "question");
    Objects.requireNonNull(verdict, "verdict");
  }

  /** Whether the judge gave a usable yes or no. */
  public boolean answered() {
    return verdict.isPresent() && verdict.get().outcome() != Verdict.Outcome.UNPARSED;
  }

  /** Whether the judge said no. */
  public boolean saidNo() {
    return verdict.isPresent() && verdict.get().outcome() == Verdict.Outcome.NO_MATCH;
  }
}
