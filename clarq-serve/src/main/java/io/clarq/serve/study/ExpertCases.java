package io.clarq.serve.study;

import io.clarq.core.mediq.PatientKind;
import io.clarq.datasets.mediq.MediqSplit;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a MediQ human-expert study plays: the cases (from a MediQ data folder, each named as a MediQ run names its
 * items, {@code craft_md/12}), the simulated patient and MediQ's question cap.
 *
 * @param source the MediQ data folder holding {@code all_craft_md.jsonl} and {@code all_dev_good.jsonl}, as given,
 *     or {@value #FETCHED}: {@code mediq/data} in the data directory ({@code $CLARQ_DATA}, else {@code ~/.clarq/data}),
 *     where {@code clarq data fetch mediq} puts it
 * @param ids the cases as {@code DATASET/ID}, in order, each once; both data sets may be mixed, as in a MediQ run
 * @param patient "offline" (the BM25 patient over the case's facts, no model) or {@code KIND:LLM-SPEC}, KIND one of
 *     instruct, fact-select, direct (the reference's LLM patients, speaking from clarq's own MediQ prompt pack) and
 *     LLM-SPEC {@code SCHEME:MODEL} or an OpenAI-compatible server's base URL
 * @param maxQuestions MediQ's question cap (the reference's 30 by default); at the cap the expert must answer
 */
public record ExpertCases(String source, List<String> ids, String patient, int maxQuestions) {
  /** The reference benchmark's question cap ({@code --max_questions}). */
  public static final int REFERENCE_MAX_QUESTIONS = io.clarq.core.mediq.AskingExpert.REFERENCE_MAX_QUESTIONS;
  /** The source naming the fetched MediQ data in the data directory. */
  public static final String FETCHED = "fetched";
  /** The patient that needs no model. */
  public static final String OFFLINE = "offline";

  private static final Pattern ID = Pattern.compile("([a-z_]+)/(\\d{1,9})");
  private static final List<String> KINDS = List.of("instruct", "fact-select", "direct");

  public ExpertCases {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(patient, "patient");
    ids = List.copyOf(ids);
    if (ids.isEmpty()) {
      throw new IllegalArgumentException("illegal cases: \"ids\" is empty");
    }
    for (String id : ids) {
      dataset(id);
    }
    if (new HashSet<>(ids).size() != ids.size()) {
      throw new IllegalArgumentException("illegal cases: \"ids\" " + ids + " names a case twice");
    }
    if (maxQuestions < 0) {
      throw new IllegalArgumentException("illegal max_questions " + maxQuestions + ": must be non-negative");
    }
    patientKind(patient);
  }

  /**
   * The data set of a case id ({@code craft_md/12}: CRAFT_MD).
   *
   * @throws IllegalArgumentException naming the id and the form expected
   */
  public static MediqSplit dataset(String id) {
    Matcher m = ID.matcher(id);
    if (!m.matches()) {
      throw new IllegalArgumentException("illegal case id \"" + id + "\": expected DATASET/ID such as craft_md/12");
    }
    try {
      return MediqSplit.named(m.group(1));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("case \"" + id + "\": " + e.getMessage(), e);
    }
  }

  /** The case's number in its data file ({@code craft_md/12}: 12). */
  public static int caseNumber(String id) {
    dataset(id);
    return Integer.parseInt(id.substring(id.indexOf('/') + 1));
  }

  /** The data folder the source names. */
  public Path folder() {
    return source.equals(FETCHED)
        ? io.clarq.datasets.fetch.DataDirectory.ofEnvironment().folder("mediq").resolve("data") : Path.of(source);
  }

  /** The LLM patient's kind, empty for the offline patient. */
  public Optional<PatientKind> llmPatient() {
    return patientKind(patient);
  }

  /** The LLM spec of an LLM patient ({@code instruct:openai:gpt-4o}: {@code openai:gpt-4o}). */
  public Optional<String> patientModel() {
    return llmPatient().map(k -> patient.substring(patient.indexOf(':') + 1));
  }

  private static Optional<PatientKind> patientKind(String patient) {
    if (patient.equals(OFFLINE)) {
      return Optional.empty();
    }
    int colon = patient.indexOf(':');
    String kind = colon < 0 ? patient : patient.substring(0, colon).toLowerCase(Locale.ROOT);
    if (colon < 0 || !KINDS.contains(kind) || patient.substring(colon + 1).isBlank()) {
      throw new IllegalArgumentException("illegal patient \"" + patient + "\": expected \"offline\" or KIND:LLM-SPEC"
          + " with KIND one of " + KINDS + " (e.g. instruct:openai:gpt-4o)");
    }
    return Optional.of(PatientKind.named(kind.replace("-", "_")));
  }
}
