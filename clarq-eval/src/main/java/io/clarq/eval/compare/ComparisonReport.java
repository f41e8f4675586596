package io.clarq.eval.compare;

import static io.clarq.eval.report.FigureText.fixed;
import static io.clarq.eval.report.FigureText.withInterval;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.clarqllm.metrics.PairedFigures;
import io.clarq.core.stats.Bootstrap;
import io.clarq.core.stats.DetectableDifference;
import io.clarq.core.stats.Interval;
import io.clarq.eval.report.FiguresJson;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Every pair of the runs given, compared language by language on their shared dialogues, as text, JSON or a
 * self-contained HTML page ({@link ComparisonPage}). Runs whose setup differs ({@link RunSetup}) are refused unless
 * allowed; then every output says what differs before anything else.
 *
 * <p>Runs that played trials are compared on trial 1, the reference protocol ({@link ComparedRun#COMPARED_TRIAL});
 * every output says so first when any run played more than one ({@link ComparedRun#trialNote}).
 *
 * <p>JSON: {@code compared_trial} (1), {@code trial_note} (only when a run played trials), {@code not_scored} (one
 * line per run with lines not scored, only when a run has some), {@code runs} (name, judge,
 * dialogues, trials, setup), {@code bootstrap}, {@code detectable_difference} (how the
 * minimum detectable difference is computed), and {@code pairs}, each with {@code a}, {@code b},
 * {@code setup_differences} (setting, a, b) and {@code languages}: per language code {@code shared},
 * {@code judged_in_both}, {@code success_a}, {@code success_b} (over the dialogues judged in both),
 * {@code success_range_a} / {@code _b} ({@code unjudged_as_failures}, {@code unjudged_as_successes}: over all shared
 * dialogues), {@code mcnemar_p}, {@code minimum_detectable_difference} ({@code value}, null when none is
 * detectable; {@code pairs}, {@code discordant}, {@code exceeded}), {@code a_only} and {@code b_only} ("en:3.2"),
 * {@code success_difference}, {@code aqd_difference}, {@code aql_difference} (A - B, {@code value} and
 * paired-bootstrap {@code ci95}), and the same per task type in {@code by_type}, with {@code mcnemar_p_holm} beside
 * {@code mcnemar_p}.
 *
 * @param runs the runs, in the order given
 * @param pairs every pair (i, j) with i before j
 * @param bootstrap how the intervals were drawn
 */
public record ComparisonReport(List<ComparedRun> runs, List<RunPair> pairs, Bootstrap bootstrap) {
  /** Where the minimum detectable difference comes from, as every output cites it. */
  public static final String DETECTABLE_SOURCE = "Connor (1987), Sample size for testing differences in proportions"
      + " for the paired-sample design, Biometrics 43(1):207-211, p. 209; solved for the difference at the observed"
      + " discordance";
  private static final ObjectMapper JSON = new ObjectMapper();

  public ComparisonReport {
    runs = List.copyOf(runs);
    pairs = List.copyOf(pairs);
    Objects.requireNonNull(bootstrap, "bootstrap");
  }

  /**
   * Compares every pair of the runs.
   *
   * @param allowDifferentSetup whether runs whose provider, provider model, prompt pack, judge or deviations differ
   *     may be compared (the outputs then open with the differences)
   * @throws IllegalArgumentException when fewer than two runs are given, a pair shares no dialogue, or setups differ
   *     and that is not allowed (naming each difference with both runs' values)
   */
  public static ComparisonReport of(List<ComparedRun> runs, Bootstrap bootstrap, boolean allowDifferentSetup) {
    if (runs.size() < 2) {
      throw new IllegalArgumentException("a comparison needs at least two runs, got " + runs.size());
    }
    List<RunPair> pairs = SetupPairs.every(runs, (x, y) -> RunPair.of(x, y, bootstrap), allowDifferentSetup,
        "the seeker's");
    return new ComparisonReport(runs, pairs, bootstrap);
  }

  /** Each pair's setup differences as lines, "A vs B: setting: ...", empty when every pair shares its setup. */
  public List<String> setupWarnings() {
    return SetupPairs.warnings(pairs);
  }


  /** The report as one JSON object. */
  public ObjectNode json() {
    ObjectNode o = JSON.createObjectNode();
    o.put("compared_trial", ComparedRun.COMPARED_TRIAL);
    ComparedRun.trialNote(runs).ifPresent(n -> o.put("trial_note", n));
    List<String> notScored = ComparedRun.notScoredNotes(runs);
    if (!notScored.isEmpty()) {   // only when a run has lines not scored: other outputs stay as they were
      notScored.forEach(o.putArray("not_scored")::add);
    }
    ArrayNode rs = o.putArray("runs");
    runs.forEach(r -> {
      ObjectNode n = rs.addObject().put("name", r.name()).put("judge", r.judge()).put("dialogues", r.scores().size())
          .put("trials", r.trials());
      ObjectNode setup = n.putObject("setup");
      r.setup().values().forEach(setup::put);
    });
    FiguresJson.method(bootstrap, o.putObject("bootstrap")).put("success_test", "McNemar exact, two-sided, over the"
        + " dialogues judged in both runs; per type also Holm-adjusted over the language's types");
    o.putObject("detectable_difference").put("alpha", 0.05).put("power", 0.8).put("design",
        "paired (McNemar), from the pairs judged in both runs and their observed discordance")
        .put("source", DETECTABLE_SOURCE);
    ArrayNode ps = o.putArray("pairs");
    for (RunPair p : pairs) {
      ObjectNode n = ps.addObject().put("a", p.a().name()).put("b", p.b().name());
      ArrayNode diffs = n.putArray("setup_differences");
      p.differences().forEach(d -> diffs.addObject().put("setting", d.setting()).put("a", d.a()).put("b", d.b()));
      ObjectNode langs = n.putObject("languages");
      p.languages().forEach((l, lp) -> {
        ObjectNode ln = langs.putObject(l.code());
        figures(lp.overall(), ln);
        range(lp.rangeA(), ln.putObject("success_range_a"));
        range(lp.rangeB(), ln.putObject("success_range_b"));
        DetectableDifference d = lp.detectable();
        ObjectNode dn = ln.putObject("minimum_detectable_difference");
        FiguresJson.number(dn, "value", d.reachable() ? d.value() : Double.NaN);
        dn.put("pairs", d.pairs()).put("discordant", d.discordant()).put("exceeded", lp.exceedsDetectable());
        ArrayNode aOnly = ln.putArray("a_only");
        lp.aOnly().forEach(aOnly::add);
        ArrayNode bOnly = ln.putArray("b_only");
        lp.bOnly().forEach(bOnly::add);
        ObjectNode byType = ln.putObject("by_type");
        lp.byType().forEach((t, f) -> {
          ObjectNode tn = byType.putObject(String.valueOf(t)).put("name", p.a().typeNames().getOrDefault(t, ""));
          figures(f, tn);
          tn.put("mcnemar_p_holm", lp.holm().get(t));
          tn.put("a_only", f.aOnly().size()).put("b_only", f.bOnly().size());
        });
      });
    }
    return o;
  }

  private static void range(Interval i, ObjectNode o) {
    FiguresJson.number(o, "unjudged_as_failures", i.lower());
    FiguresJson.number(o, "unjudged_as_successes", i.upper());
  }

  private static void figures(PairedFigures f, ObjectNode n) {
    n.put("shared", f.shared()).put("judged_in_both", f.judgedInBoth());
    FiguresJson.number(n, "success_a", f.successA());
    FiguresJson.number(n, "success_b", f.successB());
    n.put("mcnemar_p", f.mcnemarP());
    FiguresJson.estimate(f.success(), n.putObject("success_difference"));
    FiguresJson.estimate(f.aqd(), n.putObject("aqd_difference"));
    FiguresJson.estimate(f.aql(), n.putObject("aql_difference"));
  }

  /** {@link #json()} as indented text. */
  public String jsonText() {
    try {
      return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(json());
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("cannot write the comparison as JSON", e);
    }
  }

  /** The self-contained HTML page ({@link ComparisonPage}). */
  public String html() {
    return ComparisonPage.render(this);
  }

  /**
   * The report as text for a terminal: which trial is compared (when a run played trials), the runs with lines not
   * scored (a torn last line, failed dialogues; one line each), setup differences, then
   * each pair language by language.
   */
  public String text() {
    StringBuilder sb = new StringBuilder();
    ComparedRun.trialNote(runs).ifPresent(n -> sb.append(n).append("\n\n"));
    List<String> notScored = ComparedRun.notScoredNotes(runs);
    notScored.forEach(n -> sb.append("note: ").append(n).append('\n'));
    if (!notScored.isEmpty()) {
      sb.append('\n');
    }
    List<String> warnings = setupWarnings();
    if (!warnings.isEmpty()) {
      sb.append("SETUPS DIFFER (compared only because --allow-different-setup was given; a difference below is not the"
          + " seeker's alone):\n");
      warnings.forEach(w -> sb.append("  ").append(w).append('\n'));
      sb.append('\n');
    }
    for (RunPair p : pairs) {
      sb.append(String.format(Locale.ROOT, "A: %s (judge: %s)%nB: %s (judge: %s)%n", p.a().name(), p.a().judge(),
          p.b().name(), p.b().judge()));
      sb.append("prompt packs: A ").append(p.a().setup().values().get("prompts")).append(", B ")
          .append(p.b().setup().values().get("prompts")).append('\n');
      p.languages().forEach((l, lp) -> language(sb, p, lp));
      sb.append(String.format(Locale.ROOT, "  intervals: 95%% paired percentile bootstrap, %d resamples, seed %d;"
          + " Holm: McNemar p adjusted over the language's task types; minimum detectable difference: alpha 0.05,"
          + " power 0.8, %s%n%n", bootstrap.resamples(), bootstrap.seed(), DETECTABLE_SOURCE));
    }
    return sb.toString();
  }

  private static void language(StringBuilder sb, RunPair p, LanguagePair lp) {
    PairedFigures f = lp.overall();
    sb.append(String.format(Locale.ROOT, "%s: shared dialogues %d, judged in both %d%n",
        lp.language().directoryName(), f.shared(), f.judgedInBoth()));
    if (lp.anyUnjudged()) {
      sb.append(String.format(Locale.ROOT, "  success over all %d shared dialogues (unjudged as failures-successes):"
          + " A %s  B %s%n  judged in both only: A %s  B %s  A-B %s  McNemar exact p = %s (only A solved %d, only B"
          + " solved %d)%n", f.shared(), rangeText(lp.rangeA()), rangeText(lp.rangeB()), fixed(f.successA()),
          fixed(f.successB()), withInterval(f.success()), p(f.mcnemarP()), f.aOnly().size(), f.bOnly().size()));
    } else {
      sb.append(String.format(Locale.ROOT, "  success   A %s  B %s  A-B %s  McNemar exact p = %s (only A solved %d,"
          + " only B solved %d)%n", fixed(f.successA()), fixed(f.successB()), withInterval(f.success()),
          p(f.mcnemarP()), f.aOnly().size(), f.bOnly().size()));
    }
    sb.append("  ").append(detectableText(lp)).append('\n');
    sb.append(String.format(Locale.ROOT, "  AQD A-B %s%n  AQL A-B %s (%s)%n", withInterval(f.aqd()),
        withInterval(f.aql()), aqlUnit(lp)));
    sb.append(String.format(Locale.ROOT, "  %4s  %-26s %6s %8s %8s %28s %6s %6s %10s %10s%n", "type", "name",
        "shared", "A", "B", "A-B success [95%]", "A only", "B only", "McNemar p", "Holm p"));
    lp.byType().forEach((t, tf) -> sb.append(String.format(Locale.ROOT,
        "  %4d  %-26s %6d %8s %8s %28s %6d %6d %10s %10s%n", t, p.a().typeNames().getOrDefault(t, ""), tf.shared(),
        fixed(tf.successA()), fixed(tf.successB()), withInterval(tf.success()), tf.aOnly().size(),
        tf.bOnly().size(), p(tf.mcnemarP()), p(lp.holm().get(t)))));
  }

  /** "[0.4423, 0.9962]" with the ends in order, or "-". */
  static String rangeText(Interval i) {
    return i.defined() ? String.format(Locale.ROOT, "[%.4f, %.4f]", i.lower(), i.upper()) : "-";
  }

  /** How AQL is counted in the pair's language. */
  static String aqlUnit(LanguagePair lp) {
    return lp.language() == io.clarq.core.clarqllm.task.Language.CHINESE ? "characters per seeker line"
        : "spaces per seeker line";
  }

  /** The minimum detectable difference and whether the observed one exceeds it, as one sentence. */
  static String detectableText(LanguagePair lp) {
    DetectableDifference d = lp.detectable();
    double observed = lp.overall().success().value();
    if (!d.defined()) {
      return String.format(Locale.ROOT, "minimum detectable difference (alpha 0.05, power 0.8): undefined, no"
          + " discordant pair among %d", d.pairs());
    }
    if (!d.reachable()) {
      return String.format(Locale.ROOT, "minimum detectable difference (alpha 0.05, power 0.8; %d pairs, %d"
          + " discordant): none, no difference is detectable with so few discordant pairs; observed |A-B| %s",
          d.pairs(), d.discordant(), fixed(Math.abs(observed)));
    }
    return String.format(Locale.ROOT, "minimum detectable difference (alpha 0.05, power 0.8; %d pairs, %d"
        + " discordant): %s; observed |A-B| %s %s it", d.pairs(), d.discordant(), fixed(d.value()),
        fixed(Math.abs(observed)), lp.exceedsDetectable() ? "exceeds" : "does not exceed");
  }

  static String p(double p) {
    return p >= 0.001 ? String.format(Locale.ROOT, "%.4f", p) : String.format(Locale.ROOT, "%.2e", p);
  }
}
