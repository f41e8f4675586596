package org.example;

import io.clarq.core.clarqllm.metrics.ClarqSummary;
import io.clarq.core.clarqllm.seeker.SeekerAgent;
import io.clarq.core.clarqllm.seeker.SeekerTurn;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.datasets.clarqllm.demo.DemoTasks;
import io.clarq.eval.clarqllm.ClarqEvaluator;
import io.clarq.eval.clarqllm.RunConfig;
import io.clarq.eval.clarqllm.RunResult;
import io.clarq.retrieval.clarqllm.OfflineProvider;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A consumer of io.clarq:clarq-eval as a plain Maven dependency would write it: a seeker of its own, on the demo
 * tasks shipped in the library, against the offline provider; no data set, no model, no network.
 * ConsumerProjectTest compiles and runs it against clarq-eval's runtime dependencies only.
 */
public final class MySeekerOnDemoTasks {
  /** Asks about its task, then about each scene of its briefing, then says goodbye. */
  static final class SceneBySceneSeeker implements SeekerAgent {
    @Override
    public String name() {
      return "scene-by-scene";
    }

    @Override
    public String next(SeekerTurn turn) {
      int asked = turn.seekerTurnsSoFar();
      List<String> scenes = turn.briefing().scenes();
      boolean chinese = turn.language() == Language.CHINESE;
      if (asked == 0) {
        return chinese ? "你好，我该如何完成" + turn.briefing().task() + "？"
            : "Hello, how do I complete the task of " + turn.briefing().task() + "?";
      }
      if (asked <= scenes.size()) {
        return chinese ? "我需要去" + scenes.get(asked - 1) + "吗？在那里做什么？"
            : "Do I need to go to " + scenes.get(asked - 1) + "? What should I do there?";
      }
      return chinese ? "谢谢，再见！" : "Thanks, Goodbye!";
    }
  }

  public static void main(String[] args) throws Exception {
    RunResult result = ClarqEvaluator.run(RunConfig.builder()
        .taskSets(DemoTasks.all())
        .languages(DemoTasks.languages())
        .seeker(new SceneBySceneSeeker())
        .provider(new OfflineProvider())
        .output(Path.of(args[0]))
        .build());
    for (Map.Entry<Language, ClarqSummary> e : result.summaries().entrySet()) {
      ClarqSummary s = e.getValue();
      System.out.printf(Locale.ROOT, "%s dialogues %d success %.4f AQD %.4f AQL %.4f unjudged %d%n", e.getKey(),
          s.dialogues(), s.success(), s.aqd(), s.aql(), s.unjudged().size());
    }
    System.out.println("complete " + result.complete());
  }
}
