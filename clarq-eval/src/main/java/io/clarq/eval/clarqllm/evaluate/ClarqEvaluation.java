package io.clarq.eval.clarqllm.evaluate;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.metrics.ClarqMetrics;
import io.clarq.core.clarqllm.metrics.ClarqSummary;
import io.clarq.core.clarqllm.metrics.DialogueScore;
import io.clarq.core.llm.LlmException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Scores recorded dialogues with the ClarQ-LLM metrics: per dialogue, then averaged over all of them (over the 260
 * test dialogues of a published run, the paper's figures).
 *
 * <pre>{@code
 * RecordedRun run = RecordedRuns.load(Path.of("run.Chat.En.json"), Path.of("tasks"));
 * try (VerdictCacheJudge judge = VerdictCacheJudge.readOnly(Path.of("judge-verdicts.jsonl"), Judge.none())) {
 *   ClarqSummary s = ClarqEvaluation.score(run, judge);
 * }
 * }</pre>
 */
public final class ClarqEvaluation {
  private ClarqEvaluation() {}

  /**
   * @throws LlmException when a model behind the judge could not be reached
   */
  public static ClarqSummary score(RecordedRun run, Judge judge) throws LlmException {
    List<DialogueScore> scores = new ArrayList<>(run.dialogues().size());
    for (PlayedDialogue d : run.dialogues()) {
      scores.add(ClarqMetrics.score(d.task(), d.dialogue(), judge));
    }
    return new ClarqSummary(scores);
  }

  /** Loads a transcript file of either kind with its tasks and scores it. */
  public static ClarqSummary score(Path transcripts, Path tasksDir, Judge judge) throws LlmException {
    return score(RecordedRuns.load(transcripts, tasksDir), judge);
  }
}
