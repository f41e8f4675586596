package io.clarq.eval.mediq;

import com.fasterxml.jackson.databind.JsonNode;
import io.clarq.core.llm.LlmException;
import io.clarq.core.mediq.Expert;
import io.clarq.core.mediq.ExpertSettings;
import io.clarq.core.mediq.ExpertStrategy;
import io.clarq.core.mediq.ExpertTurn;
import io.clarq.core.mediq.MediqModels;
import io.clarq.core.mediq.MediqSampling;
import io.clarq.core.mediq.Patient;
import io.clarq.core.mediq.PatientKind;
import io.clarq.core.mediq.ReferenceExpert;
import io.clarq.core.mediq.ReferencePatient;
import io.clarq.core.prompt.PromptPack;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Conformance with the MediQ reference code: replays its trace files against clarq's reference experts and patients
 * with the reference prompt pack. Per case, every request must equal the recorded one byte for byte (served the
 * recorded reply), no request may be missing or extra, and the case's outcome must be the benchmark's output: the
 * letter, the questions, the answers, the intermediate choices, the timeout, the patient's facts, and each turn's
 * confidence and token counts.
 */
public final class MediqConformance {
  private MediqConformance() {}

  /** One case's result: passed, or the first difference. */
  public record CaseResult(int caseId, int requests, Optional<String> failure) {
    public boolean passed() {
      return failure.isEmpty();
    }
  }

  /** One file's result. */
  public record FileResult(Path file, List<CaseResult> cases, int requests) {
    public boolean passed() {
      return !cases.isEmpty() && cases.stream().allMatch(CaseResult::passed);
    }

    /** One line: "PASS name: 10/10 cases, 123 requests" or the first failing case and why. */
    public String line() {
      long ok = cases.stream().filter(CaseResult::passed).count();
      String head = (passed() ? "PASS " : "FAIL ") + file.getFileName() + ": " + ok + "/" + cases.size()
          + " cases, " + requests + " requests";
      return cases.stream().filter(c -> !c.passed()).findFirst()
          .map(c -> head + "; case " + c.caseId() + ": " + c.failure().get()).orElse(head);
    }
  }

  /** The trace files of a folder ({@code *.jsonl.gz} and {@code *.jsonl}), sorted by name. */
  public static List<Path> traceFiles(Path folder) throws IOException {
    if (!Files.isDirectory(folder)) {
      throw new IllegalArgumentException("trace folder " + folder + " is not a directory");
    }
    try (Stream<Path> s = Files.list(folder)) {
      List<Path> files = s.filter(p -> p.getFileName().toString().endsWith(".jsonl.gz")
          || p.getFileName().toString().endsWith(".jsonl")).sorted().toList();
      if (files.isEmpty()) {
        throw new IllegalArgumentException("trace folder " + folder + " holds no .jsonl.gz or .jsonl file");
      }
      return files;
    }
  }

  /**
   * Replays one trace file.
   *
   * @throws IOException when it cannot be read
   * @throws IllegalArgumentException when it is malformed or names an expert or patient clarq does not have
   */
  public static FileResult check(Path file, PromptPack pack) throws IOException {
    MediqTraceFile trace = MediqTraceFile.read(file);
    int maxQuestions = Integer.parseInt(trace.flag("--max_questions").orElse("30"));
    MediqReplayClient replay = new MediqReplayClient();
    // one model cache per run, as in the reference's process
    MediqModels models = MediqModels.of(replay);
    Expert expert = new ReferenceExpert(settings(trace, maxQuestions), pack, models);
    Patient patient = new ReferencePatient(PatientKind.named(trace.patientClass()), pack, models,
        trace.flag("--patient_model").orElse(MediqSampling.DEFAULT_MODEL), false);
    List<CaseResult> results = new ArrayList<>();
    int requests = 0;
    for (MediqTraceFile.TraceCase c : trace.cases()) {
      replay.serve(c.requests());
      Optional<String> failure;
      try {
        MediqOutcome outcome = MediqInterview.play(c.mediqCase(), expert, patient, maxQuestions);
        failure = replay.served() < replay.expected()
            ? Optional.of("clarq sent " + replay.served() + " requests, the reference " + replay.expected())
            : compare(c.output(), outcome);
      } catch (LlmException e) {
        failure = Optional.of(replay.mismatch().orElse(e.getMessage()));
      }
      requests += c.requests().size();
      results.add(new CaseResult(c.id(), c.requests().size(), failure));
    }
    return new FileResult(file, results, requests);
  }

  static ExpertSettings settings(MediqTraceFile trace, int maxQuestions) {
    String expertModel = trace.flag("--expert_model").orElse(MediqSampling.DEFAULT_MODEL);
    double temperature = Double.parseDouble(trace.flag("--temperature").orElse("0.6"));
    int maxTokens = Integer.parseInt(trace.flag("--max_tokens").orElse("256"));
    double topP = Double.parseDouble(trace.flag("--top_p").orElse("0.9"));
    int topLogprobs = Integer.parseInt(trace.flag("--top_logprobs").orElse("0"));
    MediqSampling expert = new MediqSampling(expertModel, temperature, maxTokens, topP, topLogprobs);
    MediqSampling questions = new MediqSampling(trace.flag("--expert_model_question_generator")
        .orElse(MediqSampling.DEFAULT_MODEL), temperature, maxTokens, topP, topLogprobs);
    return new ExpertSettings(ExpertStrategy.named(trace.expertClass()), expert, questions,
        trace.has("--rationale_generation"), Integer.parseInt(trace.flag("--self_consistency").orElse("1")),
        Double.parseDouble(trace.flag("--abstain_threshold").orElse("0.8")), trace.has("--independent_modules"),
        maxQuestions, 0L);
  }

  /** The first difference between the benchmark's output record and clarq's outcome; empty when they agree. */
  static Optional<String> compare(JsonNode record, MediqOutcome o) {
    JsonNode is = record.path("interactive_system");
    List<String> d = new ArrayList<>();
    same(d, "letter_choice", is.path("letter_choice"), o.letter());
    sameList(d, "questions", is.path("questions"), o.questions());
    List<Optional<String>> answers = o.answers().stream().map(Optional::of).toList();
    sameList(d, "answers", is.path("answers"), answers);
    sameList(d, "intermediate_choices", is.path("intermediate_choices"), o.intermediateChoices());
    boolean timeout = is.path("intermediate_choices").size() > o.maxQuestions();
    if (timeout != o.timeout()) {
      d.add("timeout: expected " + timeout + ", got " + o.timeout());
    }
    if (is.path("correct").asBoolean() != o.correct()) {
      d.add("correct: expected " + is.path("correct") + ", got " + o.correct());
    }
    JsonNode facts = record.path("info").path("facts");
    List<Optional<String>> ours = o.facts().map(f -> f.stream().map(Optional::of).toList()).orElse(null);
    if (facts.isNull() != (ours == null)) {
      d.add("info.facts: expected " + facts + ", got " + ours);
    } else if (ours != null) {
      sameList(d, "info.facts", facts, ours);
    }
    JsonNode info = is.path("temp_additional_info");
    if (info.size() != o.turns().size()) {
      d.add("temp_additional_info: expected " + info.size() + " turns, got " + o.turns().size());
    } else {
      for (int i = 0; i < info.size() && d.isEmpty(); i++) {
        ExpertTurn t = o.turns().get(i);
        JsonNode e = info.get(i);
        if (e.path("confidence").asDouble() != t.confidence()) {
          d.add("temp_additional_info[" + i + "].confidence: expected " + e.path("confidence") + ", got "
              + t.confidence());
        } else if (e.path("usage").path("input_tokens").asLong() != t.usage().promptTokens()
            || e.path("usage").path("output_tokens").asLong() != t.usage().completionTokens()) {
          d.add("temp_additional_info[" + i + "].usage: expected " + e.path("usage") + ", got "
              + t.usage().promptTokens() + "/" + t.usage().completionTokens());
        }
      }
    }
    return d.isEmpty() ? Optional.empty() : Optional.of(d.get(0));
  }

  private static void same(List<String> d, String field, JsonNode expected, Optional<String> actual) {
    Optional<String> e = expected.isNull() || expected.isMissingNode() ? Optional.empty()
        : Optional.of(expected.asText());
    if (!e.equals(actual)) {
      d.add(field + ": expected " + expected + ", got " + actual.map(s -> "\"" + s + "\"").orElse("null"));
    }
  }

  private static void sameList(List<String> d, String field, JsonNode expected, List<Optional<String>> actual) {
    if (expected.size() != actual.size()) {
      d.add(field + ": expected " + expected.size() + " entries, got " + actual.size());
      return;
    }
    for (int i = 0; i < expected.size(); i++) {
      same(d, field + "[" + i + "]", expected.get(i), actual.get(i));
      if (!d.isEmpty()) {
        return;
      }
    }
  }
}
