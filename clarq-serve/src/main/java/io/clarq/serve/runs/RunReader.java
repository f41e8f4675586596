package io.clarq.serve.runs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.files.OutputLock;
import io.clarq.eval.report.FigureText;
import io.clarq.eval.report.RunReport;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Reads one run folder into a {@link RunSummary}: {@code results.json} (the results envelope,
 * {@link io.clarq.eval.results.ResultsEnvelope}) when the run finished, otherwise {@code run-config.json} (written when
 * a run starts; its {@code benchmark} is absent for ClarQ-LLM) and {@code run.lock} (present while the run is on).
 */
final class RunReader {
  /** The run config's file name ({@link io.clarq.eval.kernel.RunSettings}). */
  static final String RUN_CONFIG = "run-config.json";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final int HEADLINE_FIGURES = 4;

  private RunReader() {}

  /** Whether {@code dir} is a run folder: it holds results.json, run-config.json or run.lock. */
  static boolean isRun(Path dir) {
    return Files.isRegularFile(dir.resolve(RunReport.RESULTS)) || Files.isRegularFile(dir.resolve(RUN_CONFIG))
        || Files.isRegularFile(dir.resolve(OutputLock.FILE));
  }

  /**
   * The folder's summary; a results.json or run-config.json that cannot be read makes an "unknown" run whose headline
   * says which file is broken, rather than hiding the folder.
   */
  static RunSummary read(String id, Path dir) {
    String name = dir.getFileName() == null ? id : dir.getFileName().toString();
    Path results = dir.resolve(RunReport.RESULTS);
    boolean report = Files.isRegularFile(dir.resolve(RunReport.FILE));
    Map<String, String> models = new LinkedHashMap<>();
    Map<String, String> headline = new LinkedHashMap<>();
    try {
      if (Files.isRegularFile(results)) {
        JsonNode r = JSON.readTree(results.toFile());
        String benchmark = r.path("benchmark").asText(RunSummary.CLARQ_LLM);
        r.path("models").fields().forEachRemaining(e -> models.put(e.getKey(), e.getValue().path("name").asText()));
        agents(r.path("settings"), models);
        headline(benchmark, r.path("figures"), headline);
        int failed = 0;
        for (Iterator<JsonNode> it = r.path("failures").elements(); it.hasNext(); ) {
          failed += it.next().asInt();
        }
        return new RunSummary(id, name, benchmark, RunSummary.Status.FINISHED, failed, instant(r.path("started")),
            models, trials(r.path("settings")), headline, report);
      }
      Path config = dir.resolve(RUN_CONFIG);
      String benchmark = "unknown";
      int trials = 1;
      if (Files.isRegularFile(config)) {
        JsonNode c = JSON.readTree(config.toFile());
        benchmark = c.path("benchmark").asText(RunSummary.CLARQ_LLM);
        agents(c.path("settings"), models);
        trials = trials(c.path("settings"));
      }
      RunSummary.Status status = Files.exists(dir.resolve(OutputLock.FILE)) ? RunSummary.Status.RUNNING
          : RunSummary.Status.INCOMPLETE;
      return new RunSummary(id, name, benchmark, status, 0, started(config), models, trials, headline, report);
    } catch (IOException | RuntimeException e) {
      headline.put("unreadable", "results.json or run-config.json cannot be read");
      return new RunSummary(id, name, "unknown", RunSummary.Status.INCOMPLETE, 0, Optional.empty(), models, 1,
          headline, report);
    }
  }

  // agents without a model (rule-based seeker, offline provider, offline judge) by their settings' names
  private static void agents(JsonNode settings, Map<String, String> models) {
    for (String role : new String[] {"seeker", "provider", "judge", "asker", "oracle", "generator", "expert"}) {
      JsonNode v = settings.path(role);
      if (v.isTextual() && !models.containsKey(role)) {
        models.put(role, v.asText());
      }
    }
  }

  private static int trials(JsonNode settings) {
    JsonNode t = settings.path("trials");
    try {
      return t.isMissingNode() ? 1 : Math.max(1, Integer.parseInt(t.asText().strip()));
    } catch (NumberFormatException e) {
      return 1;
    }
  }

  private static Optional<Instant> instant(JsonNode n) {
    try {
      return n.isTextual() ? Optional.of(Instant.parse(n.asText())) : Optional.empty();
    } catch (DateTimeParseException e) {
      return Optional.empty();
    }
  }

  // a run still on has no results: its run-config.json was written when it started
  private static Optional<Instant> started(Path config) throws IOException {
    return Files.isRegularFile(config) ? Optional.of(Files.getLastModifiedTime(config).toInstant()) : Optional.empty();
  }

  /**
   * ClarQ-LLM: success, AQD and AQL per language; other benchmarks: the first numbers of their figures, breadth
   * first to two levels ({@code examples}, {@code f1.recovered}...), as their results.json names them.
   */
  static void headline(String benchmark, JsonNode figures, Map<String, String> out) {
    if (benchmark.equals(RunSummary.CLARQ_LLM)) {
      figures.fields().forEachRemaining(e -> {
        JsonNode f = e.getValue();
        if (f.path("success").isNumber()) {
          out.put(e.getKey() + " success", FigureText.fixed(f.path("success").asDouble()));
        }
        if (f.path("aqd").isNumber()) {
          out.put(e.getKey() + " AQD", FigureText.fixed(f.path("aqd").asDouble()));
        }
      });
      return;
    }
    Deque<Map.Entry<String, JsonNode>> queue = new ArrayDeque<>();
    figures.fields().forEachRemaining(e -> queue.add(Map.entry(e.getKey(), e.getValue())));
    while (!queue.isEmpty() && out.size() < HEADLINE_FIGURES) {
      Map.Entry<String, JsonNode> e = queue.poll();
      JsonNode v = e.getValue();
      if (v.isIntegralNumber()) {
        out.put(e.getKey(), Long.toString(v.asLong()));
      } else if (v.isNumber()) {
        out.put(e.getKey(), FigureText.fixed(v.asDouble()));
      } else if (v.isObject() && e.getKey().indexOf('.') < 0) {
        v.fields().forEachRemaining(c -> queue.add(Map.entry(e.getKey() + "." + c.getKey(), c.getValue())));
      }
    }
  }
}
