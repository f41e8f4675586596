package io.clarq.eval.clarqllm;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.clarqllm.metrics.DialogueScore;
import io.clarq.core.clarqllm.metrics.TrialFigures;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.llm.Trials;
import io.clarq.eval.report.FiguresJson;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * The figures of a run that played every task more than once ({@link RunConfig#trials()}): overall, per language and
 * per task type within a language, each a {@link TrialFigures} (success per trial, pass^k, pass@k, flips, spread).
 * A task counts in them only when every one of its trials finished, was scored and got a verdict (none unjudged);
 * the others are counted as left out.
 *
 * @param trials K, the trials of every task
 * @param overall every language's tasks together
 * @param languages per language
 * @param byType per language, per task type
 * @param verdicts per language, every task's outcome in each trial, trial 1 first: {@code success},
 *     {@code failure}, {@code unjudged}, or {@code none} (the dialogue failed or was not scored): the task x trial grid
 */
public record TrialResults(int trials, Group overall, Map<Language, Group> languages,
    Map<Language, Map<Integer, Group>> byType, Map<Language, Map<TaskId, List<String>>> verdicts) {
  /**
   * The figures of a group of tasks.
   *
   * @param figures over the tasks with a verdict in every trial
   * @param leftOut tasks of the group without one (a trial failed, was not scored, or was left unjudged)
   */
  public record Group(TrialFigures figures, int leftOut) {
    public Group {
      Objects.requireNonNull(figures, "figures");
      if (leftOut < 0) {
        throw new IllegalArgumentException("illegal left-out count " + leftOut + ": must not be negative");
      }
    }
  }

  public TrialResults {
    if (trials < 2) {
      throw new IllegalArgumentException("illegal trial count " + trials + ": trial figures need at least 2");
    }
    Objects.requireNonNull(overall, "overall");
    languages = Collections.unmodifiableMap(new EnumMap<>(languages));
    Map<Language, Map<Integer, Group>> types = new EnumMap<>(Language.class);
    byType.forEach((l, m) -> types.put(l, Collections.unmodifiableMap(new TreeMap<>(m))));
    byType = Collections.unmodifiableMap(types);
    Map<Language, Map<TaskId, List<String>>> grid = new EnumMap<>(Language.class);
    verdicts.forEach((l, m) -> {
      Map<TaskId, List<String>> tasks = new TreeMap<>();
      m.forEach((id, v) -> tasks.put(id, List.copyOf(v)));
      grid.put(l, Collections.unmodifiableMap(tasks));
    });
    verdicts = Collections.unmodifiableMap(grid);
  }

  /**
   * The figures of a run's scores.
   *
   * @param tasks the run's tasks, each once, in the run's order
   * @param scores every scored dialogue, by dialogue (task and trial)
   */
  static TrialResults of(int trials, Collection<ClarqTask> tasks, Map<DialogueKey, DialogueScore> scores) {
    Map<Language, Group> languages = new EnumMap<>(Language.class);
    Map<Language, Map<Integer, Group>> byType = new EnumMap<>(Language.class);
    Map<Language, Map<TaskId, List<String>>> verdicts = new EnumMap<>(Language.class);
    for (Language l : Language.values()) {
      List<ClarqTask> of = tasks.stream().filter(t -> t.language() == l).toList();
      if (of.isEmpty()) {
        continue;
      }
      languages.put(l, group(trials, of, scores, t -> true));
      Map<Integer, Group> types = new TreeMap<>();
      of.stream().map(t -> t.id().type()).distinct().sorted()
          .forEach(type -> types.put(type, group(trials, of, scores, t -> t.id().type() == type)));
      byType.put(l, types);
      Map<TaskId, List<String>> grid = new TreeMap<>();
      for (ClarqTask task : of) {
        List<String> row = new ArrayList<>();
        for (int t = 1; t <= trials; t++) {
          DialogueScore s = scores.get(new DialogueKey(l, task.id(), t));
          row.add(s == null ? "none" : s.success().unjudged() ? "unjudged" : s.success().success() ? "success"
              : "failure");
        }
        grid.put(task.id(), row);
      }
      verdicts.put(l, grid);
    }
    return new TrialResults(trials, group(trials, tasks, scores, t -> true), languages, byType, verdicts);
  }

  /**
   * Writes the figures as results.json keeps them under {@code trials} (read back by
   * {@link io.clarq.eval.report.TrialTable#read}): the count and seeds, then {@code overall} and per language (with
   * {@code by_type} and {@code verdicts}, each task's outcome per trial) each group's tasks, left-out tasks, success per trial, pass^k and pass@k for k = 1..K (lists,
   * k = 1 first), the share of flipped tasks and the spread of the success rate across trials.
   */
  void write(ObjectNode o) {
    o.put("count", trials);
    ArrayNode seeds = o.putArray("seeds");
    for (int t = 1; t <= trials; t++) {
      seeds.add(Trials.seed(t));
    }
    o.put("headline", "trial 1");
    write(overall, o.putObject("overall"));
    ObjectNode langs = o.putObject("languages");
    languages.forEach((l, g) -> {
      ObjectNode lo = langs.putObject(l.code());
      write(g, lo);
      ObjectNode types = lo.putObject("by_type");
      byType.getOrDefault(l, Map.of()).forEach((type, tg) -> write(tg, types.putObject(String.valueOf(type))));
      ObjectNode grid = lo.putObject("verdicts");
      verdicts.getOrDefault(l, Map.of()).forEach((id, v) -> {
        ArrayNode row = grid.putArray(id.toString());
        v.forEach(row::add);
      });
    });
  }

  private static void write(Group g, ObjectNode o) {
    TrialFigures f = g.figures();
    o.put("tasks", f.tasks());
    o.put("left_out", g.leftOut());
    numbers(o.putArray("success_per_trial"), f.successPerTrial());
    List<Double> hat = new ArrayList<>();
    List<Double> at = new ArrayList<>();
    for (int k = 1; k <= f.trials(); k++) {
      hat.add(f.passHat(k));
      at.add(f.passAt(k));
    }
    numbers(o.putArray("pass_hat"), hat);
    numbers(o.putArray("pass_at"), at);
    FiguresJson.number(o, "flipped", f.flipped());
    FiguresJson.number(o, "success_min", f.minSuccess());
    FiguresJson.number(o, "success_max", f.maxSuccess());
    FiguresJson.number(o, "success_sd", f.sdSuccess());
  }

  private static void numbers(ArrayNode a, List<Double> values) {
    values.forEach(v -> {
      if (v.isNaN()) {
        a.addNull();
      } else {
        a.add(v);
      }
    });
  }

  private static Group group(int trials, Collection<ClarqTask> tasks, Map<DialogueKey, DialogueScore> scores,
      Predicate<ClarqTask> in) {
    List<List<Boolean>> outcomes = new ArrayList<>();
    int leftOut = 0;
    for (ClarqTask task : tasks) {
      if (!in.test(task)) {
        continue;
      }
      List<Boolean> verdicts = new ArrayList<>();
      for (int t = 1; t <= trials; t++) {
        DialogueScore s = scores.get(new DialogueKey(task.language(), task.id(), t));
        if (s == null || s.success().unjudged()) {
          break;
        }
        verdicts.add(s.success().success());
      }
      if (verdicts.size() == trials) {
        outcomes.add(verdicts);
      } else {
        leftOut++;
      }
    }
    return new Group(new TrialFigures(trials, outcomes), leftOut);
  }
}
