package io.clarq.eval.mediq;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.files.AtomicFiles;
import io.clarq.core.llm.Deviation;
import io.clarq.core.mediq.Expert;
import io.clarq.core.mediq.Patient;
import io.clarq.eval.kernel.Benchmark;
import io.clarq.eval.kernel.ItemUsage;
import io.clarq.eval.kernel.RunDeviations;
import io.clarq.eval.kernel.RunEnd;
import io.clarq.eval.kernel.RunLog;
import io.clarq.eval.kernel.RunSettings;
import io.clarq.eval.results.ModelRef;
import io.clarq.eval.results.ModelRole;
import io.clarq.eval.results.RecordedModels;
import io.clarq.eval.results.ResultsEnvelope;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * MediQ on the run kernel: an item is a case of a data set, playing it is {@link MediqInterview#play}, the item
 * log is {@value MediqRecord#LOG}, and the end step writes {@code results.json} and {@code summary.md} with the
 * figures per data set and over all ({@link MediqFigures}), and {@code report.html} ({@link MediqReportPage}).
 */
public final class MediqBenchmark implements Benchmark<MediqItem, MediqRecord, MediqBenchmark.Result> {
  /** The benchmark's name in run configs and results. */
  public static final String NAME = "mediq";

  private static final ObjectMapper JSON = new ObjectMapper();

  private final List<Expert> experts;
  private final List<Patient> patients;
  private final int maxQuestions;
  private final Map<String, String> settings;
  private final Supplier<List<Deviation>> deviations;
  private static final String EXPERT = ModelRole.EXPERT.key();
  private static final String PATIENT = ModelRole.PATIENT.key();
  private Map<ModelRole, ModelRef> models = Map.of();

  /** What a run found: the figures by data set (in run order) and over all. */
  public record Result(Map<String, MediqFigures> byDataset, MediqFigures overall) {}

  /**
   * @param expert the expert; {@code null} only for a merge, which plays nothing
   * @param patient the patient; {@code null} only for a merge
   * @param settings what decides the run beyond the cases (expert, patient, their models and packs), recorded and
   *     checked on resume
   */
  public MediqBenchmark(Expert expert, Patient patient, int maxQuestions, Map<String, String> settings) {
    this(expert, patient, maxQuestions, settings, List::of);
  }

  /**
   * A run whose agents depart from the reference protocol: after each case, {@code deviations} (the named options
   * and what the model clients reported so far) are recorded in the run config and the results.
   */
  public MediqBenchmark(Expert expert, Patient patient, int maxQuestions, Map<String, String> settings,
      Supplier<List<Deviation>> deviations) {
    this(java.util.Collections.singletonList(expert), java.util.Collections.singletonList(patient), maxQuestions,
        settings, deviations);
  }

  /**
   * A run of K trials ({@code --trials K}): every case is played once with each trial's expert and patient
   * ({@code experts.get(t - 1)}, made for trial t, e.g. on {@code MediqModels.forTrial(t)}); the headline figures
   * are trial 1's, and results.json and summary.md add the figures across trials and pass^k ({@link MediqTrials}).
   *
   * @throws IllegalArgumentException when there are not as many patients as experts, or none
   */
  public MediqBenchmark(List<Expert> experts, List<Patient> patients, int maxQuestions, Map<String, String> settings,
      Supplier<List<Deviation>> deviations) {
    if (experts.isEmpty() || experts.size() != patients.size()) {
      throw new IllegalArgumentException("a MediQ run needs one expert and one patient per trial, got "
          + experts.size() + " and " + patients.size());
    }
    if (maxQuestions < 0) {
      throw new IllegalArgumentException("illegal max questions " + maxQuestions + ": must be non-negative");
    }
    this.experts = new ArrayList<>(experts);
    this.patients = new ArrayList<>(patients);
    this.maxQuestions = maxQuestions;
    this.settings = Map.copyOf(settings);
    this.deviations = Objects.requireNonNull(deviations, "deviations");
  }

  /**
   * Names the models behind the expert and the patient in the run's results ({@link ModelRole#EXPERT},
   * {@link ModelRole#PATIENT}; only the roles a model plays), so their usage can be priced; call before the run.
   *
   * @return this benchmark
   */
  public MediqBenchmark models(Map<ModelRole, ModelRef> models) {
    this.models = Map.copyOf(models);
    return this;
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String logFile() {
    return MediqRecord.LOG;
  }

  @Override
  public String key(MediqItem item) {
    return item.key();
  }

  @Override
  public String recordKey(MediqRecord record) {
    return record.key();
  }

  @Override
  public String toLine(MediqRecord record) {
    return record.toLine();
  }

  @Override
  public MediqRecord fromLine(String line, String where) {
    return MediqRecord.fromLine(line, where);
  }

  @Override
  public RunSettings settings(List<MediqItem> selection) {
    Map<String, String> v = new LinkedHashMap<>(settings);
    v.put("max_questions", String.valueOf(maxQuestions));
    if (experts.size() > 1) {
      v.put("trials", String.valueOf(experts.size()));
    }
    Map<String, Integer> counts = new LinkedHashMap<>();
    selection.forEach(i -> counts.merge(i.dataset(), 1, Integer::sum));
    v.put("cases", counts.toString());
    return new RunSettings(NAME, v, RecordedModels.record(models));
  }

  @Override
  public MediqRecord play(MediqItem item, RunLog log) throws Exception {
    if (item.trial() > experts.size()) {
      throw new IllegalArgumentException("item " + item.key() + " is of trial " + item.trial() + ", but the run has "
          + experts.size());
    }
    Expert expert = Objects.requireNonNull(experts.get(item.trial() - 1), "a merge plays nothing");
    try {
      return new MediqRecord(item.dataset(), MediqInterview.play(item.mediqCase(), asExpert(expert),
          asPatient(patients.get(item.trial() - 1)), maxQuestions), item.trial());
    } finally {
      deviations.get().forEach(log::deviation);   // a failed case's calls may have made some too
    }
  }

  // the expert's and the patient's model calls counted toward their roles in the run's usage (ItemUsage)
  private static Expert asExpert(Expert expert) {
    return (inquiry, state) -> ItemUsage.inRole(EXPERT, () -> expert.respond(inquiry, state));
  }

  private static Patient asPatient(Patient patient) {
    return c -> {
      Patient.Consultation consultation = ItemUsage.inRole(PATIENT, () -> patient.start(c));
      return new Patient.Consultation() {
        @Override
        public String initialInfo() {
          return consultation.initialInfo();
        }

        @Override
        public String respond(String question, List<io.clarq.core.mediq.Exchange> history)
            throws io.clarq.core.llm.LlmException {
          return ItemUsage.inRole(PATIENT, () -> consultation.respond(question, history));
        }

        @Override
        public java.util.Optional<List<String>> facts() {
          return consultation.facts();
        }
      };
    };
  }

  @Override
  public Result finish(RunEnd<MediqItem, MediqRecord> end) {
    Map<String, List<MediqOutcome>> byDataset = new LinkedHashMap<>();
    List<MediqOutcome> all = new ArrayList<>();
    List<MediqRecord> records = new ArrayList<>();
    for (MediqItem item : end.items()) {
      MediqRecord r = end.records().get(item.key());
      if (r != null && item.trial() == 1) {   // the headline figures are trial 1's
        records.add(r);
        byDataset.computeIfAbsent(r.dataset(), k -> new ArrayList<>()).add(r.outcome());
        all.add(r.outcome());
      }
    }
    Map<String, MediqFigures> figures = new LinkedHashMap<>();
    byDataset.forEach((k, v) -> figures.put(k, MediqFigures.of(v)));
    Result result = new Result(figures, MediqFigures.of(all));
    int trialCount = Integer.parseInt(end.settings().values().getOrDefault("trials", "1"));
    MediqTrials trials = trialCount > 1 ? MediqTrials.of(trialCount, end.items(), end.records()) : null;
    ObjectNode root;
    try {
      ResultsEnvelope.Builder envelope = ResultsEnvelope.forRun("clarq-mediq-results", 1, NAME, end)
          .failure("unparsed_expert_replies", result.overall().unparsed())
          .figures(o -> {
            result.overall().writeInto(o.putObject("overall"));
            ObjectNode per = o.putObject("datasets");
            figures.forEach((name, f) -> f.writeInto(per.putObject(name)));
            if (trials != null) {
              trials.writeInto(o.putObject("trials"));
            }
          });
      root = envelope.build().writeInto(JSON.createObjectNode());
      root.put("wall_seconds", end.wallTime().toNanos() / 1e9);
      AtomicFiles.write(end.output().resolve("results.json"), JSON.writerWithDefaultPrettyPrinter()
          .writeValueAsString(root) + "\n");
    } catch (IOException e) {
      throw new java.io.UncheckedIOException("cannot write the results of the MediQ run in " + end.output(), e);
    }
    StringBuilder md = new StringBuilder("# MediQ run\n\n");
    RunDeviations.note(end.log().deviations()).ifPresent(n -> md.append("**").append(n).append("**\n\n"));
    md.append("| data set | cases | accuracy [95% Wilson] | timeout rate | avg. turns | avg. questions |"
        + " unparsed expert replies |\n|---|---|---|---|---|---|---|\n");
    figures.forEach((k, f) -> md.append(f.row(k)));
    md.append(result.overall().row("all"));
    md.append("\nAccuracy of the intermediate choices by turn, over the cases that reached the turn:");
    for (MediqFigures.TurnAccuracy t : result.overall().byTurn()) {
      md.append(String.format(java.util.Locale.ROOT, " %d: %.4f (%d)", t.turn(), t.accuracy().value(), t.cases()));
    }
    md.append(".\n");
    if (trials != null) {
      md.append(trials.markdown());
    }
    md.append("\nTimeout: the case reached the question cap (").append(maxQuestions).append("), whatever its forced"
        + " answer. Turns: intermediate choices per case (questions + 1). Definitions: docs/protocol/mediq.md in the clarq repository.\n");
    AtomicFiles.write(end.output().resolve("summary.md"), md.toString());
    Map<String, MediqFigures> shown = new LinkedHashMap<>(figures);
    shown.put("all", result.overall());
    MediqReportPage.write(end.output(), shown, records, end.settings().values(), end.log().deviations());
    return result;
  }
}
