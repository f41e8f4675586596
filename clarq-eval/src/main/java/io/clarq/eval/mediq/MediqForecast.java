package io.clarq.eval.mediq;

import io.clarq.eval.clarqllm.RunForecast;
import io.clarq.eval.clarqllm.RunForecast.PerDialogue;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The forecast of a MediQ run ({@code clarq mediq run --dry-run}): per role of
 * {@link MediqForecastStatistics#ROLES} (expert, question generator, patient) the calls and tokens of the run's cases
 * as the per-case range of {@link MediqForecastStatistics} times the cases, in the shape every benchmark's forecast
 * shares ({@link RunForecast}, printed by {@link io.clarq.eval.clarqllm.ForecastTable}).
 */
public final class MediqForecast {
  private MediqForecast() {}

  /** The reference expert classes by the names {@code --expert} takes. */
  private static final java.util.Map<String, String> EXPERTS = java.util.Map.of("basic", "BasicExpert", "fixed",
      "FixedExpert", "binary", "BinaryExpert", "numerical", "NumericalExpert", "numerical-cutoff",
      "NumericalCutOffExpert", "scale", "ScaleExpert");

  /** The reference LLM patient classes by the names {@code --patient} takes. */
  private static final java.util.Map<String, String> PATIENTS = java.util.Map.of("instruct", "InstructPatient",
      "fact-select", "FactSelectPatient", "direct", "DirectPatient");

  /** The expert class an asking agent (or the model-free expert facing an LLM patient) is forecast as. */
  static final String AGENT_AS = "BasicExpert";

  /**
   * What plays a MediQ run.
   *
   * @param expert the {@code --expert} name (overlap, basic, ...), or "agent" for an asking agent
   * @param patient the {@code --patient} name (offline, random, instruct, fact-select, direct)
   * @param expertModel the expert's model ("" when none: the overlap expert, a model-free agent)
   * @param questionModel the question generator's model ("" when none)
   * @param patientModel the patient's model ("" when none)
   * @param maxQuestions the question cap of the run
   */
  public record Setup(String expert, String patient, String expertModel, String questionModel, String patientModel,
      int maxQuestions) {
    public Setup {
      Objects.requireNonNull(expert, "expert");
      Objects.requireNonNull(patient, "patient");
      Objects.requireNonNull(expertModel, "expertModel");
      Objects.requireNonNull(questionModel, "questionModel");
      Objects.requireNonNull(patientModel, "patientModel");
      if (maxQuestions < 0) {
        throw new IllegalArgumentException("illegal max questions " + maxQuestions);
      }
    }
  }

  /**
   * The forecast of {@code cases} plays (cases times trials of the run's part) with {@code setup}, from
   * {@code statistics}.
   *
   * @throws IllegalArgumentException when the statistics hold no run for the expert or patient that a model plays
   */
  public static RunForecast of(int cases, Setup setup, MediqForecastStatistics statistics) {
    Optional<String> expertClass = Optional.ofNullable(EXPERTS.get(setup.expert()));
    Optional<String> patientClass = Optional.ofNullable(PATIENTS.get(setup.patient()));
    boolean agent = setup.expert().equals("agent");
    List<String> basis = new ArrayList<>();
    // the expert's and question generator's ranges: its runs against the patient (any patient when no model plays it)
    String expertAs = expertClass.orElse(AGENT_AS);
    List<MediqForecastStatistics.Run> expertRuns = runs(statistics, expertAs, patientClass);
    // the patient's: against the expert (any reference expert for the model-free one; an agent as BasicExpert)
    List<MediqForecastStatistics.Run> patientRuns = runs(statistics, expertClass.isPresent() || agent
        ? Optional.of(expertAs) : Optional.empty(), patientClass.orElse(""));
    basis.add("per-case ranges measured on MediQ's reference traces (" + MediqForecastStatistics.RESOURCE
        + ", the reference's default settings; scripted replies, so they show which requests a case makes)");
    if (agent && !setup.expertModel().isEmpty()) {
      basis.add("the agent forecast as the reference " + AGENT_AS + " (one decision per turn, then a choice)");
    }
    if (!expertClass.isPresent() && !agent && patientClass.isPresent()) {
      basis.add("the patient's range over every reference expert");
    }
    if (setup.maxQuestions() != 30) {
      basis.add("measured at 30 questions at most, this run allows " + setup.maxQuestions());
    }
    PerDialogue expert = union(expertRuns, 0, setup.expertModel());
    PerDialogue question = union(expertRuns, 1, setup.questionModel());
    PerDialogue patient = patientClass.isEmpty() ? PerDialogue.NOTHING : union(patientRuns, 2, setup.patientModel());
    return new RunForecast(cases, 0, String.join("; ", basis), List.of(
        RunForecast.RoleForecast.times("expert", setup.expertModel(), expert, cases),
        RunForecast.RoleForecast.times("question", setup.questionModel(), question, cases),
        RunForecast.RoleForecast.times("patient", setup.patientModel(), patient, cases)));
  }

  private static List<MediqForecastStatistics.Run> runs(MediqForecastStatistics s, String expert,
      Optional<String> patient) {
    return s.runs().stream().filter(r -> r.expertClass().equals(expert)
        && patient.map(r.patientClass()::equals).orElse(true)).toList();
  }

  private static List<MediqForecastStatistics.Run> runs(MediqForecastStatistics s, Optional<String> expert,
      String patient) {
    return s.runs().stream().filter(r -> r.patientClass().equals(patient)
        && expert.map(r.expertClass()::equals).orElse(true)).toList();
  }

  /** The widest range of role {@code role} over {@code runs}; nothing when no model plays the role. */
  private static PerDialogue union(List<MediqForecastStatistics.Run> runs, int role, String model) {
    if (model.isEmpty()) {
      return PerDialogue.NOTHING;
    }
    if (runs.isEmpty()) {
      throw new IllegalArgumentException("no measured MediQ run for the " + MediqForecastStatistics.ROLES.get(role)
          + " in " + MediqForecastStatistics.RESOURCE);
    }
    double[] v = {Double.MAX_VALUE, 0, Double.MAX_VALUE, 0, Double.MAX_VALUE, 0};
    for (MediqForecastStatistics.Run r : runs) {
      PerDialogue p = r.roles().get(role);
      double[] w = {p.callsLow(), p.callsHigh(), p.inputLow(), p.inputHigh(), p.outputLow(), p.outputHigh()};
      for (int k = 0; k < 6; k += 2) {
        v[k] = Math.min(v[k], w[k]);
        v[k + 1] = Math.max(v[k + 1], w[k + 1]);
      }
    }
    return new PerDialogue(v[0], v[1], v[2], v[3], v[4], v[5]);
  }
}
