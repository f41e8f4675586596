package io.clarq.eval.scorecard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.files.TextFiles;
import io.clarq.core.llm.Deviation;
import io.clarq.core.llm.usage.PriceTable;
import io.clarq.core.stats.Bootstrap;
import io.clarq.core.stats.Estimate;
import io.clarq.core.stats.Interval;
import io.clarq.eval.compare.OutcomeRun;
import io.clarq.eval.compare.OutcomeRuns;
import io.clarq.eval.leaderboard.OutcomeLeaderboard;
import io.clarq.eval.leaderboard.RunExtras;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Builds a {@link Scorecard} from a suite folder: {@code DIR/suite.json} (optional: its {@code name} and
 * {@code agent}; other fields are left to the suite runner) and one run folder per entry, {@code DIR/ID/}, with the
 * {@code results.json} its benchmark's own run command writes. Each headline figure is read where the benchmark's own
 * output puts it, never worked out again by another formula:
 *
 * <ul>
 *   <li>ClarQ-LLM: success per language with its 95% Wilson interval over the judged dialogues, as results.json's
 *       {@code languages.CODE.statistics.success} (what {@code clarq evaluate --json} and compare give);
 *   <li>MediQ: accuracy over all cases with its 95% Wilson interval, results.json's {@code figures.overall};
 *   <li>TOA (recovered F1) and CQ judging (rubric score): the mean per-item outcome with its 95% percentile-bootstrap
 *       interval ({@link Bootstrap#DEFAULT}), as {@code clarq compare} and {@code clarq leaderboard} give it for the
 *       run ({@link OutcomeLeaderboard}); TOA's summary gives the same mean as {@code figures.f1.recovered}.
 * </ul>
 */
public final class Scorecards {
  /** The suite file's name in a suite folder. */
  public static final String SUITE_FILE = "suite.json";
  /** The benchmarks whose run folders a scorecard reads. */
  public static final List<String> BENCHMARKS = List.of("clarq-llm", "mediq", "toa", "cq-judge");
  /**
   * How a scorecard lists a CQ generation run, which has no headline until a judge rates its questions: a suite's CQ
   * entry without a judge (as in the model-free rehearsal, there being no model-free CQ judge).
   */
  public static final String NOT_JUDGED = "not judged: no judge in the suite";
  private static final ObjectMapper JSON = new ObjectMapper();

  private Scorecards() {}

  /**
   * The scorecard of the suite folder {@code dir}.
   *
   * @param prices prices per million tokens, for each entry's cost; empty for none
   * @throws IllegalArgumentException naming the folder or file when it holds no entry, a file cannot be read, or an
   *     entry is of a benchmark no scorecard reads
   */
  public static Scorecard read(Path dir, Optional<PriceTable> prices) {
    if (!Files.isDirectory(dir)) {
      throw new IllegalArgumentException(dir + ": not a folder (give a suite folder: suite.json and one run folder"
          + " per entry)");
    }
    List<Path> folders = entryFolders(dir);
    if (folders.isEmpty()) {
      throw new IllegalArgumentException(dir + ": no entry: a suite folder holds one run folder (with its"
          + " results.json) per entry");
    }
    List<Scorecard.Entry> entries = new ArrayList<>();
    List<Scorecard.Other> others = new ArrayList<>();
    for (Path f : folders) {
      String benchmark = OutcomeRuns.benchmarkOf(f);
      if (BENCHMARKS.contains(benchmark)) {
        entries.add(entry(f, prices));
      } else {
        others.add(new Scorecard.Other(String.valueOf(f.getFileName()), benchmark, noHeadline(benchmark)));
      }
    }
    if (entries.isEmpty()) {
      throw new IllegalArgumentException(dir + ": no entry with a headline: its run folders are of "
          + String.join(", ", others.stream().map(o -> o.id() + " (" + o.benchmark() + ")").toList())
          + "; a scorecard reads runs of " + String.join(", ", BENCHMARKS));
    }
    Path suiteFile = dir.resolve(SUITE_FILE);
    JsonNode suite = Files.isRegularFile(suiteFile) ? readJson(suiteFile) : JSON.createObjectNode();
    String name = suite.path("name").isTextual() && !suite.path("name").asText().isBlank()
        ? suite.path("name").asText() : String.valueOf(dir.toAbsolutePath().normalize().getFileName());
    Optional<String> agent = agentOf(suite.path("agent"));
    if (agent.isPresent()) {
      return new Scorecard(name, agent.get(), SUITE_FILE, entries, others);
    }
    Set<String> recorded = new LinkedHashSet<>();
    entries.forEach(e -> recorded.add(e.agent()));
    String fromRuns = recorded.size() == 1 ? recorded.iterator().next()
        : String.join("; ", entries.stream().map(e -> e.id() + ": " + e.agent()).toList());
    return new Scorecard(name, fromRuns, "runs", entries, others);
  }

  /** Why a run of {@code benchmark} gives no headline on a scorecard. */
  static String noHeadline(String benchmark) {
    return benchmark.equals("cq-generate") ? NOT_JUDGED + ": a CQ generation run, whose headline is the rubric"
        + " score of a judge rating its questions; give the suite's CQ entry a judge (roles.judge), or rate the"
        + " questions with clarq cq judge"
        : "a " + benchmark + " run: no scorecard headline is defined for it (entries are runs of "
        + String.join(", ", BENCHMARKS) + ")";
  }

  /**
   * Writes {@code scorecard.json} and {@code scorecard.html} into the suite folder {@code dir}, each atomically, once
   * both are rendered.
   *
   * @return the files written
   */
  public static List<Path> write(Scorecard card, Path dir) {
    String json = ScorecardJson.jsonText(card);
    String html = ScorecardPage.html(card);
    Path j = dir.resolve(ScorecardJson.FILE);
    Path h = dir.resolve(ScorecardPage.FILE);
    io.clarq.core.files.AtomicFiles.write(j, json);
    io.clarq.core.files.AtomicFiles.write(h, html);
    return List.of(j, h);
  }

  /**
   * The entry folders of a suite folder: its direct subfolders with a results.json, by name. Folders deeper down are
   * not entries (a judged CQ entry keeps the generation run it rated in {@code ID/generation/}).
   */
  public static List<Path> entryFolders(Path dir) {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> Files.isRegularFile(p.resolve("results.json"))).sorted().toList();
    } catch (IOException e) {
      throw new IllegalArgumentException(TextFiles.problem(dir, e), e);
    }
  }

  /** The agent a suite file names: text, or an object's {@code spec} or {@code name}, else the object as JSON. */
  private static Optional<String> agentOf(JsonNode agent) {
    if (agent.isTextual() && !agent.asText().isBlank()) {
      return Optional.of(agent.asText());
    }
    if (agent.isObject()) {
      for (String f : List.of("spec", "name", "model")) {
        if (agent.path(f).isTextual() && !agent.path(f).asText().isBlank()) {
          return Optional.of(agent.path(f).asText());
        }
      }
      return Optional.of(agent.toString());
    }
    return Optional.empty();
  }

  /**
   * One entry from its run folder.
   *
   * @throws IllegalArgumentException naming the folder when its results.json cannot be read, lacks the figure, or is
   *     of a benchmark no scorecard reads
   */
  public static Scorecard.Entry entry(Path folder, Optional<PriceTable> prices) {
    Path file = folder.resolve("results.json");
    JsonNode results = readJson(file);
    String benchmark = results.path("benchmark").asText(OutcomeRuns.CLARQ_LLM);
    String id = String.valueOf(folder.toAbsolutePath().normalize().getFileName());
    Headline h;
    try {
      h = switch (benchmark) {
        case "clarq-llm" -> clarqLlm(file, results);
        case "mediq" -> mediq(file, results);
        case "toa", "cq-judge" -> outcomes(folder);
        default -> throw new IllegalArgumentException(file + ": a " + benchmark + " run, whose headline no"
            + " scorecard reads (entries may be runs of " + String.join(", ", BENCHMARKS) + ")");
      };
    } catch (IllegalArgumentException e) {
      throw e.getMessage() != null && e.getMessage().contains(folder.toString()) ? e
          : new IllegalArgumentException(file + ": " + e.getMessage(), e);
    }
    Map<String, String> models = new LinkedHashMap<>();
    results.path("models").fields().forEachRemaining(m -> models.put(m.getKey(), m.getValue().path("name").asText()));
    // every benchmark's results record usage by role (runs written before they did: none, shown as not recorded)
    Map<String, Scorecard.RoleUsage> usage = usage(results.path("usage"));
    List<Deviation> deviations = results.path("deviations").isArray() ? Deviation.readAll(results.get("deviations"))
        : List.of();
    int trials = results.path("settings").has("trials")
        ? Integer.parseInt(results.path("settings").path("trials").asText()) : 1;
    return new Scorecard.Entry(id, benchmark, h.measure, h.interval, h.figures, trials, passHat(results, trials),
        h.agent, models, usage, prices.isPresent() ? RunExtras.cost(results, prices.get()) : OptionalDouble.empty(),
        deviations);
  }

  private record Headline(String measure, String interval, List<Scorecard.Figure> figures, String agent) {}

  private static Headline clarqLlm(Path file, JsonNode results) {
    JsonNode languages = results.path("languages");
    List<Scorecard.Figure> figures = new ArrayList<>();
    languages.fields().forEachRemaining(l -> {
      JsonNode s = l.getValue().path("statistics");
      if (!s.path("success").isObject()) {
        throw new IllegalArgumentException(file + ": languages." + l.getKey() + ".statistics.success is missing");
      }
      figures.add(new Scorecard.Figure(l.getKey(), estimate(s.get("success")),
          s.path("dialogues").asInt() - s.path("unjudged").asInt()));
    });
    if (figures.isEmpty()) {
      throw new IllegalArgumentException(file + ": no language's figures (languages is empty or missing)");
    }
    JsonNode settings = results.path("settings");
    List<String> agent = new ArrayList<>();
    for (String k : List.of("seeker", "seeker_model")) {
      if (settings.hasNonNull(k)) {
        agent.add(k + ": " + settings.get(k).asText());
      }
    }
    return new Headline("success", "95% Wilson score interval over the judged dialogues", figures,
        agent.isEmpty() ? io.clarq.eval.compare.RunSetup.NOT_RECORDED : String.join("; ", agent));
  }

  private static Headline mediq(Path file, JsonNode results) {
    JsonNode o = results.path("figures").path("overall");
    if (!o.path("accuracy").isNumber()) {
      throw new IllegalArgumentException(file + ": figures.overall.accuracy is missing");
    }
    Estimate e = new Estimate(o.get("accuracy").asDouble(), new Interval(o.path("accuracy_low").asDouble(Double.NaN),
        o.path("accuracy_high").asDouble(Double.NaN)));
    OutcomeRun run = OutcomeRuns.load(file.getParent());
    return new Headline("accuracy", "95% Wilson score interval", List.of(new Scorecard.Figure("all", e,
        o.path("cases").asInt())), run.agentText());
  }

  private static Headline outcomes(Path folder) {
    OutcomeRun run = OutcomeRuns.load(folder);
    OutcomeLeaderboard.Row row = OutcomeLeaderboard.of(List.of(run), Bootstrap.DEFAULT, false, false).rows().get(0);
    return new Headline(run.measure(), "95% percentile bootstrap over items (" + Bootstrap.DEFAULT.resamples()
        + " resamples, seed " + Bootstrap.DEFAULT.seed() + ")", List.of(new Scorecard.Figure("all", row.mean(),
        row.items())), run.agentText());
  }

  private static Estimate estimate(JsonNode o) {
    JsonNode ci = o.path("ci95");
    Interval i = ci.isArray() && ci.size() == 2 ? new Interval(ci.get(0).asDouble(), ci.get(1).asDouble())
        : Interval.UNDEFINED;
    return new Estimate(o.path("value").isNumber() ? o.get("value").asDouble() : Double.NaN, i);
  }

  /**
   * pass^k as the run records it: ClarQ-LLM per language ({@code trials.languages.CODE.pass_hat}), MediQ over all
   * cases ({@code figures.trials.overall.pass_hat_k}).
   */
  private static Map<String, List<Double>> passHat(JsonNode results, int trials) {
    Map<String, List<Double>> out = new LinkedHashMap<>();
    if (trials < 2) {
      return out;
    }
    JsonNode t = results.path("trials");
    t.path("languages").fields().forEachRemaining(l -> numbers(l.getValue().path("pass_hat"))
        .ifPresent(v -> out.put(l.getKey(), v)));
    numbers(results.path("figures").path("trials").path("overall").path("pass_hat_k"))
        .ifPresent(v -> out.put("all", v));
    return out;
  }

  private static Optional<List<Double>> numbers(JsonNode a) {
    if (!a.isArray()) {
      return Optional.empty();
    }
    List<Double> v = new ArrayList<>();
    a.forEach(n -> v.add(n.isNumber() ? n.asDouble() : Double.NaN));
    return Optional.of(v);
  }

  private static Map<String, Scorecard.RoleUsage> usage(JsonNode usage) {
    Map<String, Scorecard.RoleUsage> out = new LinkedHashMap<>();
    usage.fields().forEachRemaining(r -> {
      JsonNode u = r.getValue();
      out.put(r.getKey(), new Scorecard.RoleUsage(u.path("calls").asLong(-1), u.path("input_tokens").asLong(),
          u.path("output_tokens").asLong(), u.path("cached_input_tokens").asLong(0)));
    });
    return out;
  }

  static JsonNode readJson(Path file) {
    try {
      return JSON.readTree(file.toFile());
    } catch (IOException e) {
      throw new IllegalArgumentException(TextFiles.problem(file, e), e);
    }
  }
}
