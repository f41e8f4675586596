package io.clarq.eval.clarqllm;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.clarq.datasets.fetch.Sha256;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The per-call statistics of the forecast's published basis, measured once on the reference traces and shipped with
 * clarq as a resource ({@value #RESOURCE} beside this class), so that a forecast needs only data that
 * {@code clarq data fetch clarq-llm} gives (the tasks and the published runs): the reference traces are not
 * fetchable. The resource names its source (each trace file with its SHA-256) and the command that derives it again;
 * {@code ForecastCallStatisticsTest} re-derives it from {@code ../shared/data/clarq-llm/reference-traces} and compares.
 *
 * @param source where the figures come from, in words
 * @param derivedBy the command that derives them again and rewrites the resource
 * @param traces one entry per trace file: {@link #FILES}, in that order
 */
public record ForecastCallStatistics(String source, String derivedBy, List<TraceFile> traces) {
  /** The resource's name, beside this class. */
  public static final String RESOURCE = "forecast-call-statistics.json";

  /** The trace files measured: the seeker's, the provider's, the multi-info provider's and the judge's. */
  public static final List<String> FILES = List.of("seeker.jsonl.gz", "provider.jsonl.gz",
      "provider-multi-info.jsonl.gz", "judge.jsonl.gz");

  static final String SOURCE = "clarq-llm/reference-traces (the reference traces of ../shared/data; format in their"
      + " README): per file, the role's calls per turn (lowest and highest per-dialogue rate; judge: calls per judged"
      + " dialogue; the provider's opening turn left out) and tokens per call (10th and 90th percentile, nearest rank;"
      + " one token per CJK character, one per four other characters of the request's messages and of the reply)";

  static final String DERIVED_BY = "mvn -B -q test -pl clarq-eval -am -Dtest=ForecastCallStatisticsTest"
      + " -Dsurefire.failIfNoSpecifiedTests=false -Dclarq.forecast.write=true";

  public ForecastCallStatistics {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(derivedBy, "derivedBy");
    traces = List.copyOf(traces);
    if (!traces.stream().map(TraceFile::file).toList().equals(FILES)) {
      throw new IllegalArgumentException("illegal forecast call statistics: files "
          + traces.stream().map(TraceFile::file).toList() + ", must be " + FILES);
    }
  }

  /**
   * One trace file's statistics.
   *
   * @param file its name in reference-traces/
   * @param role the role measured: seeker, provider or judge
   * @param sha256 the file's SHA-256, lower-case hex
   */
  public record TraceFile(String file, String role, String sha256, CallStatistics statistics) {
    public TraceFile {
      Objects.requireNonNull(file, "file");
      Objects.requireNonNull(role, "role");
      Objects.requireNonNull(sha256, "sha256");
      Objects.requireNonNull(statistics, "statistics");
    }
  }

  /** The statistics of one of {@link #FILES}. */
  CallStatistics of(String file) {
    return traces.stream().filter(t -> t.file().equals(file)).findFirst().orElseThrow(
        () -> new IllegalArgumentException("no forecast call statistics for " + file + "; known: " + FILES))
        .statistics();
  }

  /** The statistics shipped with clarq (read once). */
  public static ForecastCallStatistics shipped() {
    return Shipped.VALUE;
  }

  private static final class Shipped {
    static final ForecastCallStatistics VALUE = load();

    private static ForecastCallStatistics load() {
      try (InputStream in = ForecastCallStatistics.class.getResourceAsStream(RESOURCE)) {
        if (in == null) {
          throw new IllegalStateException("resource " + RESOURCE + " is missing from clarq-eval's jar");
        }
        return parse(in, RESOURCE);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read resource " + RESOURCE + ": " + e.getMessage(), e);
      }
    }
  }

  /** The role a trace file's statistics measure. */
  static String roleOf(String file) {
    return file.startsWith("provider") ? "provider" : file.substring(0, file.indexOf('.'));
  }

  /** Measures {@link #FILES} in {@code traces} (the reference-traces folder) again. */
  public static ForecastCallStatistics derive(Path traces) {
    List<TraceFile> files = new ArrayList<>();
    for (String file : FILES) {
      Path f = traces.resolve(file);
      CallStatistics s = ReferenceTraceStatistics.read(f, roleOf(file));
      try {
        files.add(new TraceFile(file, roleOf(file), Sha256.of(f), s));
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + f + ": " + e.getMessage(), e);
      }
    }
    return new ForecastCallStatistics(SOURCE, DERIVED_BY, files);
  }

  /** The resource's text: two-space indented JSON, a double as {@link Double#toString} writes it. */
  public String toJson() {
    StringBuilder sb = new StringBuilder("{\n");
    sb.append("  \"source\": ").append(quoted(source)).append(",\n");
    sb.append("  \"derived_by\": ").append(quoted(derivedBy)).append(",\n");
    sb.append("  \"traces\": [\n");
    for (int i = 0; i < traces.size(); i++) {
      TraceFile t = traces.get(i);
      CallStatistics s = t.statistics();
      sb.append("    {\"file\": ").append(quoted(t.file())).append(", \"role\": ").append(quoted(t.role()))
          .append(", \"sha256\": ").append(quoted(t.sha256())).append(",\n")
          .append("     \"calls_per_turn\": ").append(pair(s.callsPerTurnLow(), s.callsPerTurnHigh()))
          .append(", \"input_tokens_per_call\": ").append(pair(s.inputLow(), s.inputHigh()))
          .append(", \"output_tokens_per_call\": ").append(pair(s.outputLow(), s.outputHigh())).append('}')
          .append(i + 1 < traces.size() ? ",\n" : "\n");
    }
    return sb.append("  ]\n}\n").toString();
  }

  private static String pair(double low, double high) {
    return "[" + low + ", " + high + "]";
  }

  private static String quoted(String text) {
    return '"' + text.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
  }

  /** Streams only: a dry run makes no JSON mapper (a cold start would spend a quarter second on it). */
  private static final JsonFactory JSON = new JsonFactory();

  /**
   * The statistics in {@code in}, as {@link #toJson} writes them.
   *
   * @throws IllegalArgumentException naming {@code where} and what is missing or malformed
   */
  static ForecastCallStatistics parse(InputStream in, String where) throws IOException {
    String source = null;
    String derivedBy = null;
    List<TraceFile> traces = new ArrayList<>();
    try (JsonParser p = JSON.createParser(in)) {
      expect(p, p.nextToken(), JsonToken.START_OBJECT, where);
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        JsonToken value = p.nextToken();
        switch (name) {
          case "source" -> source = p.getValueAsString();
          case "derived_by" -> derivedBy = p.getValueAsString();
          case "traces" -> {
            expect(p, value, JsonToken.START_ARRAY, where + ": traces");
            while (p.nextToken() == JsonToken.START_OBJECT) {
              traces.add(traceFile(p, where));
            }
          }
          default -> p.skipChildren();
        }
      }
    }
    if (source == null || derivedBy == null) {
      throw new IllegalArgumentException(where + ": no source or derived_by");
    }
    return new ForecastCallStatistics(source, derivedBy, traces);
  }

  private static TraceFile traceFile(JsonParser p, String where) throws IOException {
    String file = "";
    String role = "";
    String sha = "";
    double[] v = new double[6];
    int found = 0;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      JsonToken value = p.nextToken();
      int at = List.of("calls_per_turn", "input_tokens_per_call", "output_tokens_per_call").indexOf(name);
      if (at >= 0) {
        expect(p, value, JsonToken.START_ARRAY, where + ": " + file + " " + name);
        for (int k = 0; k < 2; k++) {
          JsonToken t = p.nextToken();
          if (!t.isNumeric()) {
            throw new IllegalArgumentException(where + ": " + file + " " + name + " is not [low, high]");
          }
          v[2 * at + k] = p.getDoubleValue();
        }
        expect(p, p.nextToken(), JsonToken.END_ARRAY, where + ": " + file + " " + name + " is not [low, high]");
        found++;
      } else if (name.equals("file")) {
        file = p.getValueAsString("");
      } else if (name.equals("role")) {
        role = p.getValueAsString("");
      } else if (name.equals("sha256")) {
        sha = p.getValueAsString("");
      } else {
        p.skipChildren();
      }
    }
    if (found != 3) {
      throw new IllegalArgumentException(where + ": trace " + file + " lacks calls_per_turn, input_tokens_per_call"
          + " or output_tokens_per_call");
    }
    return new TraceFile(file, role, sha, new CallStatistics(v[0], v[1], v[2], v[3], v[4], v[5]));
  }

  private static void expect(JsonParser p, JsonToken got, JsonToken wanted, String where) {
    if (got != wanted) {
      throw new IllegalArgumentException(where + " (line " + p.currentLocation().getLineNr() + "): expected "
          + wanted + ", got " + got);
    }
  }
}
