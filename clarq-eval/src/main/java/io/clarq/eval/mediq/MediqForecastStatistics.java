package io.clarq.eval.mediq;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.datasets.fetch.Sha256;
import io.clarq.eval.clarqllm.RunForecast.PerDialogue;
import io.clarq.eval.clarqllm.TokenEstimate;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * The per-case statistics of MediQ's forecast, measured once on MediQ's reference traces and shipped with clarq as a
 * resource ({@value #RESOURCE} beside this class): per reference expert and LLM patient, the calls and the input and
 * output tokens one case spends in each role, lowest and highest over the traced cases. Numbers only: no request text.
 * The resource names its source (each trace file with its SHA-256) and the command that derives it again;
 * {@code MediqForecastStatisticsTest} re-derives it from {@code ../shared/data/mediq/reference-traces} and compares.
 *
 * @param source where the figures come from, in words
 * @param derivedBy the command that derives them again and rewrites the resource
 * @param files the trace files measured, each with its SHA-256
 * @param runs per expert and patient class, the per-case ranges of each role
 */
public record MediqForecastStatistics(String source, String derivedBy, List<TraceFile> files, List<Run> runs) {
  /** The resource's name, beside this class. */
  public static final String RESOURCE = "mediq-forecast-statistics.json";

  /** The roles of a MediQ forecast: the expert's decisions and choices, its question generator, the patient. */
  public static final List<String> ROLES = List.of("expert", "question", "patient");

  /** The variant measured: the reference's default settings ({@code --max-questions 30}, no other flag). */
  static final String VARIANT = "base";

  static final String SOURCE = "mediq/reference-traces (the reference traces of ../shared/data; format in their"
      + " README), the runs of variant base (the reference's defaults, max_questions 30), both data sets: per expert"
      + " and patient class and per role (expert: every request but question generation; question: the"
      + " expert_question_generation requests; patient: the patient_* requests), the calls and tokens of one case,"
      + " lowest and highest over the cases (one token per CJK character, one per four other characters of the"
      + " request's messages and of the reply). The traces' replies come from a scripted fake model, so the ranges"
      + " show the benchmark's structure (which requests a case makes), not how a real model would behave";

  static final String DERIVED_BY = "mvn -B -q test -pl clarq-eval -am -Dtest=MediqForecastStatisticsTest"
      + " -Dsurefire.failIfNoSpecifiedTests=false -Dclarq.forecast.write=true";

  private static final ObjectMapper JSON = new ObjectMapper();

  public MediqForecastStatistics {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(derivedBy, "derivedBy");
    files = List.copyOf(files);
    runs = List.copyOf(runs);
    if (runs.isEmpty()) {
      throw new IllegalArgumentException("illegal MediQ forecast statistics: no runs");
    }
  }

  /**
   * One trace file measured.
   *
   * @param file its name in reference-traces/
   * @param sha256 its SHA-256, lower-case hex
   */
  public record TraceFile(String file, String sha256) {
    public TraceFile {
      Objects.requireNonNull(file, "file");
      Objects.requireNonNull(sha256, "sha256");
    }
  }

  /**
   * The per-case ranges of one expert class against one patient class.
   *
   * @param expertClass the reference expert class ("BasicExpert")
   * @param patientClass the reference patient class ("InstructPatient")
   * @param cases the cases measured
   * @param roles one per {@link #ROLES}, in that order: calls, input and output tokens of one case
   */
  public record Run(String expertClass, String patientClass, int cases, List<PerDialogue> roles) {
    public Run {
      Objects.requireNonNull(expertClass, "expertClass");
      Objects.requireNonNull(patientClass, "patientClass");
      roles = List.copyOf(roles);
      if (cases < 1 || roles.size() != ROLES.size()) {
        throw new IllegalArgumentException("illegal MediQ forecast run " + expertClass + "/" + patientClass + ": "
            + cases + " cases, " + roles.size() + " roles (must be at least 1 case and " + ROLES + ")");
      }
    }
  }

  /** The statistics shipped with clarq (read once). */
  public static MediqForecastStatistics shipped() {
    return Shipped.VALUE;
  }

  private static final class Shipped {
    static final MediqForecastStatistics VALUE = load();

    private static MediqForecastStatistics load() {
      try (InputStream in = MediqForecastStatistics.class.getResourceAsStream(RESOURCE)) {
        if (in == null) {
          throw new IllegalStateException("resource " + RESOURCE + " is missing from clarq-eval's jar");
        }
        return parse(in, RESOURCE);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read resource " + RESOURCE + ": " + e.getMessage(), e);
      }
    }
  }

  /**
   * Measures the {@value #VARIANT} runs in {@code traces} (the reference-traces folder) again.
   *
   * @throws IllegalArgumentException naming a malformed trace file, or when there is none
   */
  public static MediqForecastStatistics derive(Path traces) {
    List<Path> paths;
    try (Stream<Path> s = Files.list(traces)) {
      paths = s.filter(p -> p.getFileName().toString().endsWith("__" + VARIANT + ".jsonl.gz")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + traces + ": " + e.getMessage(), e);
    }
    if (paths.isEmpty()) {
      throw new IllegalArgumentException(traces + ": no trace file of variant " + VARIANT);
    }
    List<TraceFile> files = new ArrayList<>();
    java.util.Map<String, List<long[][]>> perRun = new java.util.TreeMap<>();
    for (Path p : paths) {
      try {
        files.add(new TraceFile(p.getFileName().toString(), Sha256.of(p)));
        MediqTraceFile t = MediqTraceFile.read(p);
        List<long[][]> cases = perRun.computeIfAbsent(t.expertClass() + "/" + t.patientClass(),
            k -> new ArrayList<>());
        for (MediqTraceFile.TraceCase c : t.cases()) {
          cases.add(spent(c));
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + p + ": " + e.getMessage(), e);
      }
    }
    List<Run> runs = new ArrayList<>();
    perRun.forEach((key, cases) -> {
      List<PerDialogue> roles = new ArrayList<>();
      for (int r = 0; r < ROLES.size(); r++) {
        long[] low = {Long.MAX_VALUE, Long.MAX_VALUE, Long.MAX_VALUE};
        long[] high = new long[3];
        for (long[][] c : cases) {
          for (int k = 0; k < 3; k++) {
            low[k] = Math.min(low[k], c[r][k]);
            high[k] = Math.max(high[k], c[r][k]);
          }
        }
        roles.add(new PerDialogue(low[0], high[0], low[1], high[1], low[2], high[2]));
      }
      int slash = key.indexOf('/');
      runs.add(new Run(key.substring(0, slash), key.substring(slash + 1), cases.size(), roles));
    });
    return new MediqForecastStatistics(SOURCE, DERIVED_BY, files, runs);
  }

  /** Per role of {@link #ROLES}: the calls, input and output tokens of one traced case. */
  private static long[][] spent(MediqTraceFile.TraceCase c) {
    long[][] v = new long[ROLES.size()][3];
    for (MediqTraceFile.TraceRequest r : c.requests()) {
      int role = roleOf(r.kind());
      long input = 0;
      for (JsonNode m : r.kwargs().path("messages")) {
        input += TokenEstimate.tokens(m.path("content").asText());
      }
      v[role][0]++;
      v[role][1] += input;
      v[role][2] += TokenEstimate.tokens(r.reply());
    }
    return v;
  }

  /** The index in {@link #ROLES} of a request of {@code kind} (the trace's classifier label). */
  static int roleOf(String kind) {
    if (kind.startsWith("patient_")) {
      return 2;
    }
    return kind.equals("expert_question_generation") ? 1 : 0;
  }

  /** The resource's text: two-space indented JSON, one line per file and per run. */
  public String toJson() {
    StringBuilder sb = new StringBuilder("{\n");
    sb.append("  \"source\": ").append(quoted(source)).append(",\n");
    sb.append("  \"derived_by\": ").append(quoted(derivedBy)).append(",\n");
    sb.append("  \"files\": [\n");
    for (int i = 0; i < files.size(); i++) {
      sb.append("    {\"file\": ").append(quoted(files.get(i).file())).append(", \"sha256\": ")
          .append(quoted(files.get(i).sha256())).append('}').append(i + 1 < files.size() ? ",\n" : "\n");
    }
    sb.append("  ],\n  \"runs\": [\n");
    for (int i = 0; i < runs.size(); i++) {
      Run r = runs.get(i);
      sb.append("    {\"expert_class\": ").append(quoted(r.expertClass())).append(", \"patient_class\": ")
          .append(quoted(r.patientClass())).append(", \"cases\": ").append(r.cases());
      for (int k = 0; k < ROLES.size(); k++) {
        PerDialogue p = r.roles().get(k);
        sb.append(",\n     \"").append(ROLES.get(k)).append("\": {\"calls\": ")
            .append(pair(p.callsLow(), p.callsHigh())).append(", \"input_tokens\": ")
            .append(pair(p.inputLow(), p.inputHigh())).append(", \"output_tokens\": ")
            .append(pair(p.outputLow(), p.outputHigh())).append('}');
      }
      sb.append('}').append(i + 1 < runs.size() ? ",\n" : "\n");
    }
    return sb.append("  ]\n}\n").toString();
  }

  private static String pair(double low, double high) {
    return String.format(Locale.ROOT, "[%d, %d]", (long) low, (long) high);
  }

  private static String quoted(String text) {
    return '"' + text.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
  }

  /**
   * The statistics in {@code in}, as {@link #toJson} writes them.
   *
   * @throws IllegalArgumentException naming {@code where} and what is missing or malformed
   */
  static MediqForecastStatistics parse(InputStream in, String where) throws IOException {
    JsonNode o = JSON.readTree(in);
    if (!o.path("source").isTextual() || !o.path("derived_by").isTextual()) {
      throw new IllegalArgumentException(where + ": no source or derived_by");
    }
    List<TraceFile> files = new ArrayList<>();
    o.path("files").forEach(f -> files.add(new TraceFile(f.path("file").asText(), f.path("sha256").asText())));
    List<Run> runs = new ArrayList<>();
    for (JsonNode r : o.path("runs")) {
      String name = r.path("expert_class").asText() + "/" + r.path("patient_class").asText();
      List<PerDialogue> roles = new ArrayList<>();
      for (String role : ROLES) {
        double[] v = new double[6];
        int k = 0;
        for (String field : List.of("calls", "input_tokens", "output_tokens")) {
          JsonNode a = r.path(role).path(field);
          if (!a.isArray() || a.size() != 2 || !a.get(0).isNumber() || !a.get(1).isNumber()) {
            throw new IllegalArgumentException(where + ": run " + name + ": " + role + " " + field
                + " is not [low, high]");
          }
          v[k++] = a.get(0).asDouble();
          v[k++] = a.get(1).asDouble();
        }
        try {
          roles.add(new PerDialogue(v[0], v[1], v[2], v[3], v[4], v[5]));
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException(where + ": run " + name + ": " + role + ": " + e.getMessage(), e);
        }
      }
      runs.add(new Run(r.path("expert_class").asText(), r.path("patient_class").asText(), r.path("cases").asInt(),
          roles));
    }
    return new MediqForecastStatistics(o.path("source").asText(), o.path("derived_by").asText(), files, runs);
  }
}
