package io.clarq.eval.clarqllm;

import static io.clarq.eval.report.FigureText.fixed;
import static io.clarq.eval.report.FigureText.interval;
import static io.clarq.eval.report.FigureText.range;
import static io.clarq.eval.report.FigureText.withInterval;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.clarqllm.metrics.ClarqStatistics;
import io.clarq.core.clarqllm.metrics.ClarqSummary;
import io.clarq.core.clarqllm.metrics.DialogueScore;
import io.clarq.core.clarqllm.metrics.GroupFigures;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.core.files.AtomicFiles;
import io.clarq.core.llm.Deviation;
import io.clarq.core.stats.Bootstrap;
import io.clarq.eval.clarqllm.evaluate.BatchJudging;
import io.clarq.eval.kernel.RunDeviations;
import io.clarq.eval.report.FiguresJson;
import io.clarq.eval.report.ScoreJson;
import io.clarq.eval.report.TrialTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The results JSON and the Markdown summary of a run. Both name the judge, give success with its 95% Wilson
 * interval and the range unjudged dialogues leave open, AQD, AQL and seeker turns with bootstrap intervals
 * ({@link Bootstrap#DEFAULT}), per language, per task type and per number of gold lines. The results JSON also holds
 * every dialogue's full score breakdown, so the HTML report can be written from the run directory alone.
 */
final class RunReports {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final Bootstrap BOOTSTRAP = Bootstrap.DEFAULT;

  private RunReports() {}

  static void write(RunResult r, Map<String, String> settings, List<Deviation> deviations) {
    write(r, settings, deviations, java.util.Optional.empty(), 0, BatchJudging.SYNCHRONOUS);
  }

  /**
   * The reports, results.json with {@code forecast} beside the actual ({@code judgeCalls}: the judge's calls) and the
   * modes the models were asked in: {@code play_mode} (the seeker's and provider's calls, from the run's settings)
   * and {@code judge_mode} ({@code judgeMode}), each {@link BatchJudging#BATCH} or {@link BatchJudging#SYNCHRONOUS};
   * the leaderboard prices a role played in batch mode at batch prices.
   */
  static void write(RunResult r, Map<String, String> settings, List<Deviation> deviations,
      java.util.Optional<RunForecast> forecast, long judgeCalls, String judgeMode) {
    ObjectNode root = json(r, settings, deviations, java.time.Instant.now());
    root.put("judge_mode", judgeMode);
    String summary = markdown(r, settings, deviations);
    if (forecast.isPresent()) {
      forecast(forecast.get(), r, judgeCalls, root.putObject("forecast"));
      summary += io.clarq.eval.report.SpendingTable.read(root).orElseThrow().markdown();
    }
    try {
      AtomicFiles.write(r.results(), JSON.writeValueAsString(root) + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the results JSON", e);
    }
    AtomicFiles.write(r.summaryFile(), summary);
  }

  /**
   * Per role (seeker, provider, judge) what the run spent: calls, input tokens, output tokens; the judge's tokens are
   * not recorded per call (-1), and a role no model plays spent nothing.
   */
  private static List<long[]> actual(RunForecast f, RunResult r, long judgeCalls) {
    List<long[]> out = new ArrayList<>();
    for (RunForecast.RoleForecast role : f.roles()) {
      out.add(switch (role.role()) {
        case "seeker" -> spent(r, io.clarq.core.dialogue.Speaker.SEEKER);
        case "provider" -> spent(r, io.clarq.core.dialogue.Speaker.PROVIDER);
        default -> new long[] {role.model().isEmpty() ? 0 : judgeCalls, -1, -1, -1, -1};
      });
    }
    return out;
  }

  /** The notes a run carries under its headline: the prompt pack's, then the deviations'. */
  static List<String> notes(Map<String, String> settings, List<Deviation> deviations) {
    List<String> notes = new ArrayList<>();
    packNote(settings).ifPresent(notes::add);
    RunDeviations.note(deviations).ifPresent(notes::add);
    return notes;
  }

  /** The results JSON, written at {@code finished}: the run started its wall time before. */
  static ObjectNode json(RunResult r, Map<String, String> settings, List<Deviation> deviations,
      java.time.Instant finished) {
    ObjectNode root = RunEnvelope.of(r, settings, deviations, finished).toJson();
    root.put("judge", r.judge());
    root.put(io.clarq.eval.kernel.PlayMode.SETTING, io.clarq.eval.kernel.PlayMode.of(settings).word());
    List<String> notes = notes(settings, deviations);
    if (!notes.isEmpty()) {
      ArrayNode n = root.putArray("notes");
      notes.forEach(n::add);
    }
    root.put("comparable_with_paper", comparable(settings, deviations));
    FiguresJson.method(BOOTSTRAP, root.putObject("bootstrap"));
    ObjectNode types = root.putObject("task_types");
    r.taskTypes().forEach((t, name) -> types.put(String.valueOf(t), name));
    root.put("dialogues_finished", r.finished().size());
    root.put("failed", r.failed().size());
    root.put("unscored", r.unscored().size());
    root.put("resumed", r.resumed());
    root.put("llm_calls", r.llmCalls());
    root.put("tokens", r.tokens());
    usage(r, root.putObject("usage"));
    root.put("wall_seconds", r.wallTime().toMillis() / 1000.0);
    ObjectNode langs = root.putObject("languages");
    for (Map.Entry<Language, ClarqSummary> e : new TreeMap<>(r.summaries()).entrySet()) {
      ClarqSummary sum = e.getValue();
      ObjectNode l = langs.putObject(e.getKey().code());
      l.put("dialogues", sum.dialogues());
      l.put("successes", sum.successes());
      l.put("unjudged", sum.unjudged().size());
      successHeadline(sum, l.putObject("success"));
      FiguresJson.number(l, "success_judged_only", sum.success());
      FiguresJson.number(l, "success_lower_bound", sum.successLowerBound());
      FiguresJson.number(l, "success_upper_bound", sum.successUpperBound());
      FiguresJson.number(l, "aqd", sum.aqd());
      FiguresJson.number(l, "aql", sum.aql());
      FiguresJson.number(l, "aql_words", sum.aqlWords());
      RunDetectable.json(sum.dialogues(), l.putObject("minimum_detectable_difference"));
      l.put("judge_calls", sum.judgeCalls());
      l.put("read_by_truthiness", sum.readByTruthiness());
      FiguresJson.statistics(sum.scores(), r.taskTypes(), BOOTSTRAP, l.putObject("statistics"));
      ArrayNode per = l.putArray("dialogue_scores");
      for (DialogueScore d : sum.scores()) {
        ScoreJson.write(d, per.addObject());
      }
    }
    r.trials().ifPresent(t -> t.write(root.putObject("trials")));
    ObjectNode kinds = root.putObject("failed_by_kind");
    failureKinds(r).forEach(kinds::put);
    ArrayNode failed = root.putArray("failed_dialogues");
    for (DialogueRecord f : r.failed()) {
      ObjectNode fo = failed.addObject().put("task", f.taskId().toString()).put("language", f.language().code());
      if (f.trial() > 1) {
        fo.put("trial", f.trial());
      }
      fo.put("kind", kind(f)).put("error", f.error().orElse(""));
    }
    ArrayNode unscored = root.putArray("unscored_dialogues");
    for (RunResult.Unscored u : r.unscored()) {
      unscored.addObject().put("task", u.taskId().toString()).put("language", u.language().code())
          .put("error", u.error());
    }
    return root;
  }

  /**
   * Calls, input tokens, output tokens, cached and cache-written input tokens the {@code speaker}'s turns of the
   * finished dialogues recorded.
   */
  private static long[] spent(RunResult r, io.clarq.core.dialogue.Speaker speaker) {
    long[] sum = new long[5];
    for (DialogueRecord d : r.finished()) {
      long[] s = ForecastDialogues.spent(d, speaker);
      for (int i = 0; i < sum.length; i++) {
        sum[i] += s[i];
      }
    }
    return sum;
  }

  /**
   * What the seeker's and the provider's model calls used, from the finished dialogues' turns: calls, input tokens
   * and output tokens each, and of the input tokens those read from and written to the provider's prompt cache (zero
   * for a role no model plays). With the models of {@code models} and a price table this
   * is the run's cost ({@code clarq leaderboard --prices}). The judge's tokens are not recorded per call.
   */
  static void usage(RunResult r, ObjectNode o) {
    for (io.clarq.core.dialogue.Speaker speaker : List.of(io.clarq.core.dialogue.Speaker.SEEKER,
        io.clarq.core.dialogue.Speaker.PROVIDER)) {
      long[] a = spent(r, speaker);
      o.putObject(speaker.name().toLowerCase(java.util.Locale.ROOT)).put("calls", a[0]).put("input_tokens", a[1])
          .put("output_tokens", a[2]).put("cached_input_tokens", a[3]).put("cache_write_tokens", a[4]);
    }
  }

  /**
   * The forecast beside the actual: per role the forecast calls and tokens ({@code [low, high]}), the actual ones
   * the finished dialogues' turns recorded (the judge's calls from scoring; its tokens are not recorded), and whether
   * the actual calls fall inside the forecast.
   */
  static void forecast(RunForecast f, RunResult r, long judgeCalls, ObjectNode o) {
    ForecastJson.write(f, o);
    ObjectNode roles = (ObjectNode) o.get("roles");
    List<long[]> spent = actual(f, r, judgeCalls);
    for (int i = 0; i < f.roles().size(); i++) {
      RunForecast.RoleForecast role = f.roles().get(i);
      long[] a = spent.get(i);
      ObjectNode ro = (ObjectNode) roles.get(role.role());
      ObjectNode actual = ro.putObject("actual").put("calls", a[0]);
      if (a[1] >= 0) {
        actual.put("input_tokens", a[1]).put("output_tokens", a[2]).put("cached_input_tokens", a[3])
            .put("cache_write_tokens", a[4]);
      }
      ro.put("calls_within_forecast", role.calls().contains(a[0]));
    }
  }

  /**
   * The success headline as JSON: the range over all dialogues ({@code unjudged_as_failures},
   * {@code unjudged_as_successes}), the judged-only rate second ({@code judged_only}, over {@code judged}
   * dialogues), and {@code headline} saying which figure leads.
   */
  static void successHeadline(ClarqSummary sum, ObjectNode o) {
    int unjudged = sum.unjudged().size();
    o.put("headline", unjudged == 0 ? "judged_only" : "range");
    FiguresJson.number(o, "unjudged_as_failures", sum.successLowerBound());
    FiguresJson.number(o, "unjudged_as_successes", sum.successUpperBound());
    FiguresJson.number(o, "judged_only", sum.success());
    o.put("judged", sum.judged()).put("unjudged", unjudged);
    o.put("meaning", unjudged == 0 ? "every dialogue judged: the range is one point, the judged-only rate"
        : "headline: success over all dialogues, from every unjudged one failed (unjudged_as_failures) to every one"
            + " succeeded (unjudged_as_successes); judged_only is the rate over the judged dialogues alone");
  }

  /** A failed dialogue's kind of failure ({@link DialogueLoop#failureKind}); "unknown" for older records. */
  static String kind(DialogueRecord f) {
    return f.attributes().getOrDefault(DialogueLoop.FAILURE_KIND, "unknown");
  }

  /** How many dialogues failed of each kind (unparsed replies apart from infrastructure failures), by kind. */
  static Map<String, Integer> failureKinds(RunResult r) {
    Map<String, Integer> out = new TreeMap<>();
    r.failed().forEach(f -> out.merge(kind(f), 1, Integer::sum));
    return out;
  }

  /**
   * Whether the run's figures are comparable with the paper's, when an agent of the run drew on a prompt pack; empty
   * when none did (the offline provider and a rule-based seeker use no prompts).
   */
  static java.util.Optional<String> packNote(Map<String, String> settings) {
    String comparable = settings.getOrDefault("prompts_comparable_with_paper", "");
    if (!comparable.equals("true") && !comparable.equals("false")) {
      return java.util.Optional.empty();
    }
    String pack = settings.getOrDefault("prompts", "");
    return java.util.Optional.of(comparable.equals("true")
        ? "Prompt pack " + pack + ": the paper's prompts and decisions; figures comparable with its tables."
        : "Not comparable with the paper's tables: prompt pack " + pack + " is not the reference pack (give "
            + "--prompts with the paper's reference-prompts/ folder for comparable figures).");
  }

  /**
   * Whether the figures may stand beside the paper's: no deviation was made, and the agents that draw on prompts
   * used the reference pack (a run whose agents use none is not marked either way by its pack).
   */
  static boolean comparable(Map<String, String> settings, List<Deviation> deviations) {
    return deviations.isEmpty() && !"false".equals(settings.get("prompts_comparable_with_paper"));
  }

  static String markdown(RunResult r, Map<String, String> settings, List<Deviation> deviations) {
    StringBuilder sb = new StringBuilder("# ClarQ-LLM run\n\n");
    boolean packComparable = "true".equals(settings.get("prompts_comparable_with_paper"));
    packNote(settings).ifPresent(n -> sb.append(packComparable ? n : "**" + n + "**").append("\n\n"));
    RunDeviations.note(deviations).ifPresent(n -> sb.append("**").append(n).append("**\n\n"));
    sb.append("Judge: ").append(r.judge()).append(r.judge().equals("none")
        ? " (leftover gold lines not judged: see the success range)" : "").append(".\n\n");
    Map<Language, ClarqSummary> summaries = new TreeMap<>(r.summaries());
    boolean anyUnjudged = summaries.values().stream().anyMatch(s -> !s.unjudged().isEmpty());
    sb.append(anyUnjudged
        ? "| language | dialogues | **success, all dialogues** (unjudged as failures, as successes) | unjudged |"
            + " success, judged only | 95% interval | AQD [95%] | AQL [95%] | seeker turns [95%] |\n"
            + "|---|---:|---:|---:|---:|---:|---:|---:|---:|\n"
        : "| language | dialogues | success | 95% interval | AQD [95%] | AQL [95%] | seeker turns [95%] |\n"
            + "|---|---:|---:|---:|---:|---:|---:|\n");
    summaries.forEach((l, s) -> {
      GroupFigures f = ClarqStatistics.of(s.scores(), BOOTSTRAP);
      String rest = String.format(Locale.ROOT, "%s | %s | %s |", withInterval(f.aqd()), withInterval(f.aql()),
          withInterval(f.turns()));
      sb.append(anyUnjudged
          ? String.format(Locale.ROOT, "| %s | %d | **%s** | %d | %s (judged only) | %s | %s%n", l.directoryName(),
              f.dialogues(), bracketed(f.successRange()), f.unjudged(), fixed(f.success().value()),
              bracketed(f.success().interval()), rest)
          : String.format(Locale.ROOT, "| %s | %d | %s | %s | %s%n", l.directoryName(), f.dialogues(),
              fixed(f.success().value()), bracketed(f.success().interval()), rest));
    });
    sb.append(String.format(Locale.ROOT, "%n%s Means have 95%% percentile-bootstrap intervals (%d resamples, seed %d)."
        + "%n", anyUnjudged ? "The judge left dialogues unjudged, so the headline success is the range over all"
            + " dialogues (every unjudged one failed / succeeded); the rate over the judged dialogues alone (95% Wilson"
            + " interval) comes second." : "Success is over all dialogues, every one judged (95% Wilson interval).",
        BOOTSTRAP.resamples(), BOOTSTRAP.seed()));
    sb.append('\n');
    summaries.forEach((l, s) -> sb.append(RunDetectable.sentence(l.directoryName(), s.dialogues())));
    sb.append("(Connor 1987, docs/reports.md; `clarq compare` states it for an actual pair of runs, at their observed"
        + " discordance.)\n");
    Map<String, Integer> kinds = failureKinds(r);
    sb.append(String.format(Locale.ROOT, "%n%d finished (%d resumed from an earlier run), %d failed%s, %d unscored; "
        + "%,d model calls, %,d tokens; %s.%n", r.finished().size(), r.resumed(), r.failed().size(),
        kinds.isEmpty() ? "" : " (" + kinds.entrySet().stream().map(e -> e.getValue() + " " + e.getKey())
            .collect(java.util.stream.Collectors.joining(", ")) + ")",
        r.unscored().size(), r.llmCalls(), r.tokens(), RunProgress.format(r.wallTime())));
    int truthiness = summaries.values().stream().mapToInt(ClarqSummary::readByTruthiness).sum();
    if (truthiness > 0) {
      sb.append(String.format(Locale.ROOT, "%n%d judge answer(s) read by truthiness: their match was not true or false"
          + " and was read as Python reads it (the reference pack's way); the raw values are kept as match_raw in"
          + " judge-verdicts.jsonl.%n", truthiness));
    }
    trialTable(r).ifPresent(t -> sb.append(t.markdown()));
    summaries.forEach((l, s) -> {
      sb.append("\n## ").append(l.directoryName()).append(" by task type\n\n");
      groupTable(sb, "type", ClarqStatistics.byType(s.scores(), BOOTSTRAP), r.taskTypes());
      sb.append("\n## ").append(l.directoryName()).append(" by number of gold lines (paper Fig. 4)\n\n");
      groupTable(sb, "gold lines", ClarqStatistics.byGoldLines(s.scores(), BOOTSTRAP), Map.of());
    });
    if (!r.failed().isEmpty()) {
      sb.append("\n## Failed dialogues (infrastructure errors, not scored; rerunning the clarq run that played them"
          + " retries them)\n\n");
      for (DialogueRecord f : r.failed()) {
        sb.append("- ").append(f.language().code()).append(' ').append(f.taskId()).append(" (").append(kind(f))
            .append("): ").append(f.error().orElse("")).append('\n');
      }
    }
    if (!r.unscored().isEmpty()) {
      sb.append("\n## Unscored dialogues (the judge could not be asked)\n\n");
      for (RunResult.Unscored u : r.unscored()) {
        sb.append("- ").append(u.language().code()).append(' ').append(u.taskId()).append(": ").append(u.error())
            .append('\n');
      }
    }
    return sb.toString();
  }

  /** "[0.4423, 0.9962]", or "-". */
  static String bracketed(io.clarq.core.stats.Interval i) {
    return i.defined() ? String.format(Locale.ROOT, "[%.4f, %.4f]", i.lower(), i.upper()) : "-";
  }

  /** The trial figures as the report reads them back from the results JSON: one source for both texts. */
  private static java.util.Optional<TrialTable> trialTable(RunResult r) {
    if (r.trials().isEmpty()) {
      return java.util.Optional.empty();
    }
    ObjectNode o = JSON.createObjectNode();
    r.trials().get().write(o.putObject("trials"));
    return TrialTable.read(o, r.taskTypes(), "trials");
  }

  private static void groupTable(StringBuilder sb, String key, Map<Integer, GroupFigures> groups,
      Map<Integer, String> names) {
    sb.append("| ").append(key).append(" | dialogues | success | 95% interval | unjudged | success range | AQD | AQL |"
        + " turns |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    groups.forEach((k, f) -> sb.append(String.format(Locale.ROOT, "| %s | %d | %s | %s | %d | %s | %s | %s | %s |%n",
        names.containsKey(k) ? k + " " + names.get(k).replace("|", "\\|") : String.valueOf(k), f.dialogues(),
        fixed(f.success().value()), interval(f.success()), f.unjudged(), range(f), fixed(f.aqd().value()),
        fixed(f.aql().value()), fixed(f.turns().value()))));
  }




}
