package io.clarq.eval.compare;

import static io.clarq.eval.report.FigureText.fixed;
import static io.clarq.eval.report.FigureText.withInterval;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.stats.Bootstrap;
import io.clarq.core.stats.Holm;
import io.clarq.eval.report.FiguresJson;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Every pair of runs of one benchmark compared on the per-item outcomes they share ({@link OutcomePair}), as text,
 * JSON or a self-contained HTML page ({@link OutcomeComparisonPage}): what {@code clarq compare} gives for MediQ, TOA
 * and CQ runs, under ClarQ-LLM's rules. Runs of different benchmarks are refused; runs whose setup differs are
 * refused unless allowed, and then every output says what differs first. Runs are compared on trial 1; every output
 * says so first when a run played trials, then names the lines of each run not scored. The p-values of all pairs are
 * adjusted together by Holm's method.
 *
 * <p>JSON: {@code benchmark}, {@code measure}, {@code outcome} (binary or graded), {@code compared_trial} (1),
 * {@code trial_note} (only when a run played trials), {@code not_scored} (lines, only when a run has some),
 * {@code runs} (name, agent, items, trials, setup), {@code method} ({@code test}, bootstrap), and {@code pairs}, each
 * with {@code a}, {@code b}, {@code setup_differences} (setting, a, b), {@code shared}, {@code mean_a},
 * {@code mean_b}, {@code difference} (A - B: {@code value}, {@code ci95}), {@code a_better}, {@code b_better} (item
 * ids), {@code p} and {@code p_holm}.
 *
 * @param runs the runs, in the order given
 * @param pairs every pair (i, j) with i before j, Holm-adjusted
 * @param bootstrap how the intervals (and graded tests) were drawn
 */
public record OutcomeComparison(List<OutcomeRun> runs, List<OutcomePair> pairs, Bootstrap bootstrap) {
  private static final ObjectMapper JSON = new ObjectMapper();

  public OutcomeComparison {
    runs = List.copyOf(runs);
    pairs = List.copyOf(pairs);
    Objects.requireNonNull(bootstrap, "bootstrap");
  }

  /**
   * Compares every pair of the runs.
   *
   * @param allowDifferentSetup whether runs whose setups differ may be compared (the outputs then open with the
   *     differences)
   * @throws IllegalArgumentException when fewer than two runs are given, they are of different benchmarks, a pair
   *     shares no item, or setups differ and that is not allowed (naming each difference with both runs' values)
   */
  public static OutcomeComparison of(List<OutcomeRun> runs, Bootstrap bootstrap, boolean allowDifferentSetup) {
    if (runs.size() < 2) {
      throw new IllegalArgumentException("a comparison needs at least two runs, got " + runs.size());
    }
    OutcomeRun.requireOneBenchmark(runs);
    List<OutcomePair> pairs = SetupPairs.every(runs, (x, y) -> OutcomePair.of(x, y, bootstrap), allowDifferentSetup,
        "the agent's");
    return new OutcomeComparison(runs, holm(pairs), bootstrap);
  }

  /** The pairs with their p-values adjusted together by Holm's method (NaN ones left out and left NaN). */
  public static List<OutcomePair> holm(List<OutcomePair> pairs) {
    List<Integer> tested = new ArrayList<>();
    for (int i = 0; i < pairs.size(); i++) {
      if (!Double.isNaN(pairs.get(i).p())) {
        tested.add(i);
      }
    }
    double[] adjusted = Holm.adjust(tested.stream().mapToDouble(i -> pairs.get(i).p()).toArray());
    List<OutcomePair> out = new ArrayList<>(pairs);
    for (int t = 0; t < tested.size(); t++) {
      out.set(tested.get(t), pairs.get(tested.get(t)).withHolm(adjusted[t]));
    }
    return out;
  }

  /** The benchmark of the runs. */
  public String benchmark() {
    return runs.get(0).benchmark();
  }

  /** Each pair's setup differences as lines, "A vs B: setting: ...", empty when every pair shares its setup. */
  public List<String> setupWarnings() {
    return SetupPairs.warnings(pairs);
  }


  /** The method, one sentence: the outcome, the test, Holm, the bootstrap. */
  public String method() {
    OutcomeRun r = runs.get(0);
    return String.format(Locale.ROOT, "%s outcome \"%s\" (%s): %s. Test: %s; p-values Holm-adjusted over all %d"
        + " pair(s). Differences are A - B with 95%% paired percentile-bootstrap intervals (%d resamples, seed %d).",
        r.benchmark(), r.measure(), r.kind().key(), r.description(), OutcomePair.test(r.kind()), pairs.size(),
        bootstrap.resamples(), bootstrap.seed());
  }

  /** The report as one JSON object. */
  public ObjectNode json() {
    OutcomeRun first = runs.get(0);
    ObjectNode o = JSON.createObjectNode().put("benchmark", first.benchmark()).put("measure", first.measure())
        .put("outcome", first.kind().key());
    o.put("compared_trial", ComparedRun.COMPARED_TRIAL);
    OutcomeRun.trialNote(runs).ifPresent(n -> o.put("trial_note", n));
    List<String> notScored = OutcomeRun.notScoredNotes(runs);
    if (!notScored.isEmpty()) {
      notScored.forEach(o.putArray("not_scored")::add);
    }
    ArrayNode rs = o.putArray("runs");
    runs.forEach(r -> {
      ObjectNode n = rs.addObject().put("name", r.name()).put("items", r.compared().size()).put("trials", r.trials());
      ObjectNode agent = n.putObject("agent");
      r.agent().forEach(agent::put);
      ObjectNode setup = n.putObject("setup");
      r.setup().forEach(setup::put);
    });
    FiguresJson.method(bootstrap, o.putObject("method")).put("test", OutcomePair.test(first.kind()))
        .put("holm", "over all pairs").put("outcome", first.description());
    ArrayNode ps = o.putArray("pairs");
    for (OutcomePair p : pairs) {
      ObjectNode n = ps.addObject().put("a", p.a().name()).put("b", p.b().name());
      ArrayNode diffs = n.putArray("setup_differences");
      p.differences().forEach(d -> diffs.addObject().put("setting", d.setting()).put("a", d.a()).put("b", d.b()));
      n.put("shared", p.shared().size());
      FiguresJson.number(n, "mean_a", p.meanA());
      FiguresJson.number(n, "mean_b", p.meanB());
      FiguresJson.estimate(p.difference(), n.putObject("difference"));
      p.aBetter().forEach(n.putArray("a_better")::add);
      p.bBetter().forEach(n.putArray("b_better")::add);
      FiguresJson.number(n, "p", p.p());
      FiguresJson.number(n, "p_holm", p.holmP());
    }
    return o;
  }

  /** {@link #json()} as indented text. */
  public String jsonText() {
    try {
      return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(json());
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("cannot write the comparison as JSON", e);
    }
  }

  /** The self-contained HTML page ({@link OutcomeComparisonPage}). */
  public String html() {
    return OutcomeComparisonPage.render(this);
  }

  /** Lines every output opens with: the trial compared, the lines not scored, the setup differences. */
  List<String> preamble() {
    List<String> out = new ArrayList<>();
    OutcomeRun.trialNote(runs).ifPresent(out::add);
    OutcomeRun.notScoredNotes(runs).forEach(n -> out.add("note: " + n));
    return out;
  }

  /**
   * The report as text for a terminal: the trial compared (when a run played trials), the runs with lines not
   * scored, setup differences, then each pair.
   */
  public String text() {
    StringBuilder sb = new StringBuilder();
    List<String> pre = preamble();
    pre.forEach(l -> sb.append(l).append('\n'));
    if (!pre.isEmpty()) {
      sb.append('\n');
    }
    List<String> warnings = setupWarnings();
    if (!warnings.isEmpty()) {
      sb.append("SETUPS DIFFER (compared only because --allow-different-setup was given; a difference below is not the"
          + " agent's alone):\n");
      warnings.forEach(w -> sb.append("  ").append(w).append('\n'));
      sb.append('\n');
    }
    String measure = runs.get(0).measure();
    for (OutcomePair p : pairs) {
      sb.append(String.format(Locale.ROOT, "A: %s (%s)%nB: %s (%s)%n", p.a().name(), p.a().agentText(),
          p.b().name(), p.b().agentText()));
      sb.append(String.format(Locale.ROOT, "  %s, shared items %d: A %s  B %s  A-B %s  p = %s  Holm p = %s (A higher"
          + " %d, B higher %d)%n%n", measure, p.shared().size(), fixed(p.meanA()), fixed(p.meanB()),
          withInterval(p.difference()), ComparisonReport.p(p.p()), ComparisonReport.p(p.holmP()), p.aBetter().size(),
          p.bBetter().size()));
    }
    sb.append(method()).append('\n');
    return sb.toString();
  }
}
