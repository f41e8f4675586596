package io.clarq.eval.clarqllm;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.clarqllm.metrics.ClarqSummary;
import io.clarq.core.llm.Deviation;
import io.clarq.eval.report.FiguresJson;
import io.clarq.eval.report.RunReport;
import io.clarq.eval.results.ModelRef;
import io.clarq.eval.results.ModelRole;
import io.clarq.eval.results.PackRef;
import io.clarq.eval.results.ResultsEnvelope;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The {@link ResultsEnvelope} of a ClarQ-LLM run's {@code results.json}. The models come from the settings the
 * command records ({@code seeker_model}, {@code provider_model}, and the judge's {@code llm:} identity), the prompt
 * pack from {@code prompts}; the figures are each language's headline (dialogues, success with its interval and
 * range, AQD, AQL), the failures the failed dialogues by kind plus the unscored ones.
 */
final class RunEnvelope {
  /** The benchmark's name in the envelope. */
  static final String BENCHMARK = "clarq-llm";
  /** The role a run's one prompt pack is recorded under when no agent of the run names its model. */
  static final String SHARED_PACK_ROLE = "agents";

  private RunEnvelope() {}

  static ResultsEnvelope of(RunResult r, Map<String, String> settings, List<Deviation> deviations, Instant finished) {
    ResultsEnvelope.Builder b = ResultsEnvelope.builder(RunReport.RESULTS_FORMAT, RunReport.RESULTS_FORMAT_VERSION,
        BENCHMARK).started(finished.minus(r.wallTime())).finished(finished).settings(settings).deviations(deviations);
    Map<ModelRole, ModelRef> models = models(settings);
    models.forEach(b::model);
    String comparable = settings.getOrDefault("prompts_comparable_with_paper", "");
    String pack = settings.getOrDefault("prompts", "");
    if ((comparable.equals("true") || comparable.equals("false")) && !pack.isBlank()) {
      // ClarQ-LLM gives one pack to every agent that draws on prompts: the LLM-backed ones, whose models are named
      List<String> roles = models.keySet().stream().map(ModelRole::key).toList();
      for (String role : roles.isEmpty() ? List.of(SHARED_PACK_ROLE) : roles) {
        b.promptPack(PackRef.parse(role, pack));
      }
    }
    b.failures(RunReports.failureKinds(r));
    b.failure("unscored", r.unscored().size());
    b.figures(f -> new TreeMap<>(r.summaries()).forEach((language, sum) -> headline(sum, f.putObject(language.code()))));
    return b.build();
  }

  /** The models the settings name by role; a value that is no model identity is left in the settings only. */
  static Map<ModelRole, ModelRef> models(Map<String, String> settings) {
    Map<ModelRole, ModelRef> out = new TreeMap<>();
    identity(settings.get("seeker_model")).ifPresent(m -> out.put(ModelRole.SEEKER, m));
    identity(settings.get("provider_model")).ifPresent(m -> out.put(ModelRole.PROVIDER, m));
    String judge = settings.getOrDefault("judge", "");
    int llm = judge.indexOf("llm:");
    if (llm >= 0) {
      identity(judge.substring(llm + "llm:".length())).ifPresent(m -> out.put(ModelRole.JUDGE, m));
    }
    return out;
  }

  private static Optional<ModelRef> identity(String text) {
    if (text == null || text.isBlank()) {
      return Optional.empty();
    }
    try {
      return Optional.of(ModelRef.parseIdentity(text));
    } catch (IllegalArgumentException e) {
      return Optional.empty();
    }
  }

  private static void headline(ClarqSummary sum, ObjectNode l) {
    l.put("dialogues", sum.dialogues());
    l.put("successes", sum.successes());
    l.put("unjudged", sum.unjudged().size());
    FiguresJson.number(l, "success", sum.success());
    FiguresJson.number(l, "success_lower_bound", sum.successLowerBound());
    FiguresJson.number(l, "success_upper_bound", sum.successUpperBound());
    FiguresJson.number(l, "aqd", sum.aqd());
    FiguresJson.number(l, "aql", sum.aql());
  }
}
