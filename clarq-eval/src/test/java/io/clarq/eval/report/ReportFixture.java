package io.clarq.eval.report;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.seeker.SeekerAgent;
import io.clarq.core.clarqllm.seeker.SeekerTurn;
import io.clarq.core.clarqllm.seeker.rule.RuleBasedSeeker;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.testing.SharedData;
import io.clarq.eval.clarqllm.ClarqEvaluator;
import io.clarq.eval.clarqllm.RunConfig;
import io.clarq.eval.clarqllm.RunResult;
import io.clarq.eval.clarqllm.TaskSelection;
import io.clarq.retrieval.clarqllm.OfflineProvider;
import java.nio.file.Path;
import java.util.EnumSet;

/** A small real run for report tests: task types 1-3 in both languages, a seeker whose first line is hostile HTML. */
final class ReportFixture {
  static final String HOSTILE = "<script>alert('pwned')</script><img src=\"http://example.com/x.png\"> how do I start?";
  static final int TYPES = 3;

  private ReportFixture() {}

  /** Says {@link #HOSTILE} first, then plays as the rule-based seeker. */
  static final class HostileSeeker implements SeekerAgent {
    private final RuleBasedSeeker rules = new RuleBasedSeeker();

    @Override
    public String name() {
      return "hostile";
    }

    @Override
    public String next(SeekerTurn turn) throws io.clarq.core.llm.LlmException {
      return turn.seekerTurnsSoFar() == 0 ? HOSTILE : rules.next(turn);
    }
  }

  static RunResult run(Path dir, Judge judge) throws InterruptedException {
    return ClarqEvaluator.run(config(dir, judge).build());
  }

  /** The run with a forecast made before it, which its results.json, summary.md and report.html then show. */
  static RunResult run(Path dir, Judge judge, io.clarq.eval.clarqllm.RunForecast forecast) throws InterruptedException {
    return ClarqEvaluator.run(config(dir, judge).forecast(forecast).build());
  }

  private static RunConfig.Builder config(Path dir, Judge judge) {
    return RunConfig.builder()
        .tasks(SharedData.require("clarq-llm/tasks"))
        .languages(EnumSet.allOf(Language.class))
        .selection(TaskSelection.parse("1-" + TYPES))
        .seeker(new HostileSeeker())
        .provider(new OfflineProvider())
        .judge(judge)
        .concurrency(2)
        .output(dir);
  }
}
