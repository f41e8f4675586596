package io.clarq.eval.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.llm.Deviation;
import io.clarq.datasets.jsonl.JsonLines;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * Reads a run folder of any benchmark into an {@link OutcomeRun}: the benchmark from its {@code results.json}
 * ({@code benchmark}), the {@link OutcomeSource} of that benchmark (found with {@link ServiceLoader}), then the
 * source's item log, a torn last line and failed items counted as not scored, never dropped in silence.
 */
public final class OutcomeRuns {
  /** The benchmark a results.json without the field was written by: ClarQ-LLM, before the envelope. */
  public static final String CLARQ_LLM = "clarq-llm";
  private static final ObjectMapper JSON = new ObjectMapper();

  private OutcomeRuns() {}

  /**
   * The benchmark a run folder's {@code results.json} records ({@value #CLARQ_LLM} when it records none, as ClarQ-LLM
   * runs written before the envelope do).
   *
   * @throws IllegalArgumentException naming the file when it is missing or cannot be read
   */
  public static String benchmarkOf(Path dir) {
    return results(dir).path("benchmark").asText(CLARQ_LLM);
  }

  /** The outcome sources on the class path, by benchmark name (sorted). */
  public static Map<String, OutcomeSource> sources() {
    Map<String, OutcomeSource> out = new TreeMap<>();
    Iterator<OutcomeSource> it = ServiceLoader.load(OutcomeSource.class, OutcomeRuns.class.getClassLoader())
        .iterator();
    it.forEachRemaining(s -> out.put(s.benchmark(), s));
    return out;
  }

  /**
   * The run in {@code dir}, read by its benchmark's source.
   *
   * @throws IllegalArgumentException naming the folder when results.json is missing or unreadable, no source reads
   *     its benchmark (listing those that do), or a line of its item log is not a record
   */
  public static OutcomeRun load(Path dir) {
    JsonNode results = results(dir);
    String benchmark = results.path("benchmark").asText(CLARQ_LLM);
    Map<String, OutcomeSource> sources = sources();
    OutcomeSource source = sources.get(benchmark);
    if (source == null) {
      throw new IllegalArgumentException(dir + ": its results.json is of benchmark \"" + benchmark + "\", whose"
          + " per-item outcomes no source reads here (known: " + String.join(", ", sources.keySet()) + ")");
    }
    return load(dir, results, source);
  }

  /** The run in {@code dir} read by {@code source}, whatever its results.json says. */
  static OutcomeRun load(Path dir, JsonNode results, OutcomeSource source) {
    Path log = dir.resolve(source.logFile());
    if (!Files.isRegularFile(log)) {
      throw new IllegalArgumentException(dir + ": no item log " + source.logFile() + " beside its results.json");
    }
    JsonLines.Contents<Optional<ItemOutcome>> contents = JsonLines.read(log, source::outcome);
    List<ItemOutcome> outcomes = new ArrayList<>();
    int failed = 0;
    for (JsonLines.Numbered<Optional<ItemOutcome>> n : contents.items()) {
      if (n.item().isPresent()) {
        outcomes.add(n.item().get());
      } else {
        failed++;
      }
    }
    List<String> notes = new ArrayList<>();
    if (failed > 0) {
      notes.add(failed + " item(s) with no outcome (failed, or a reply that could not be read) in " + log);
    }
    contents.tornLine().ifPresent(t -> notes.add(log + ", line " + t.line() + " is torn (an interrupted run was"
        + " writing it; " + t.length() + " characters): its item is not scored"));
    int notScored = failed + (contents.tornLine().isPresent() ? 1 : 0);
    Optional<String> note = notScored == 0 ? Optional.empty() : Optional.of(outcomes.size() + " items, " + notScored
        + " line(s) not scored (" + String.join("; ", notes) + ")");
    JsonNode settings = results.path("settings");
    Map<String, String> setup = new LinkedHashMap<>();
    Map<String, String> agent = new LinkedHashMap<>();
    settings.fields().forEachRemaining(e -> {
      String k = e.getKey();
      if (source.agentSettings().contains(k)) {
        agent.put(k, e.getValue().asText());
      } else if (!source.selectionSettings().contains(k) && !k.equals("trials")) {
        setup.put(k, e.getValue().asText());
      }
    });
    setup.put("deviations", results.has("deviations") ? RunSetup.deviations(Deviation.readAll(results.get("deviations")))
        : RunSetup.NOT_RECORDED);
    int trials = settings.has("trials") ? Integer.parseInt(settings.get("trials").asText()) : 1;
    return new OutcomeRun(String.valueOf(dir.toAbsolutePath().normalize().getFileName()), source.benchmark(),
        source.measure(), source.describe(), source.kind(), setup, agent, outcomes, trials, note);
  }

  private static JsonNode results(Path dir) {
    Path results = dir.resolve("results.json");
    try {
      return JSON.readTree(results.toFile());
    } catch (IOException e) {
      throw new IllegalArgumentException(io.clarq.core.files.TextFiles.problem(results, e), e);
    }
  }
}
