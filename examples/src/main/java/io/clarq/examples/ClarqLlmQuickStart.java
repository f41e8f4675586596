package io.clarq.examples;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.metrics.ClarqSummary;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.Split;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.clarqllm.task.TaskSet;
import io.clarq.datasets.clarqllm.ClarqLlmTasks;
import io.clarq.eval.clarqllm.evaluate.ClarqEvaluation;
import io.clarq.eval.clarqllm.evaluate.RecordedRun;
import io.clarq.eval.clarqllm.evaluate.RecordedRuns;
import io.clarq.eval.clarqllm.evaluate.VerdictCacheJudge;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The ClarQ-LLM quick start of docs/clarq-llm.md ("ClarQ-LLM in Java"): load the tasks, look at one, score a published run with the published
 * verdicts. Argument: the ClarQ-LLM data folder (default {@code ../shared/data/clarq-llm}).
 */
public final class ClarqLlmQuickStart {
  private ClarqLlmQuickStart() {}

  public static void main(String[] args) throws Exception {
    Path data = Path.of(args.length > 0 ? args[0] : "../shared/data/clarq-llm");

    TaskSet tasks = ClarqLlmTasks.load(data.resolve("tasks"), Language.ENGLISH);
    ClarqTask task = tasks.get(TaskId.parse("3.2"));
    System.out.println(tasks.split(Split.TEST).size() + " test tasks; task " + task.id() + " (" + task.typeName()
        + "): the seeker is a " + task.briefing().role() + ", the tree has " + task.tree().size() + " gold lines");

    RecordedRun run = RecordedRuns.load(
        data.resolve("transcripts/l2l_GPT-4o_seeker_vs_GPT-4o_provider.Chat.En.json"), data.resolve("tasks"));
    try (VerdictCacheJudge judge =
        VerdictCacheJudge.readOnly(data.resolve("judge-verdicts.jsonl"), Judge.none())) {
      ClarqSummary s = ClarqEvaluation.score(run, judge);
      System.out.printf(Locale.ROOT, "success %.4f  AQD %.4f  AQL %.4f  unjudged %d%n",
          s.success(), s.aqd(), s.aql(), s.unjudged().size());
    }
  }
}
