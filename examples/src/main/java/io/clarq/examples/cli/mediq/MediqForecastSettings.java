package io.clarq.examples.cli.mediq;

import io.clarq.core.llm.LlmSpec;
import io.clarq.eval.mediq.MediqForecast;
import io.clarq.examples.cli.AgentSpecs;
import io.clarq.examples.cli.LlmOptions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine;

/**
 * What a MediQ forecast ({@code clarq mediq run --dry-run}) needs to know of the expert and patient options: who
 * plays each role and on which model, and which options lie outside the settings the forecast's call statistics were
 * measured with.
 */
final class MediqForecastSettings {
  private MediqForecastSettings() {}

  /**
   * What plays the run, for its forecast: the expert and patient names and the model of each role ("" where none
   * plays it), after {@link MediqAgentOptions#check}.
   */
  static MediqForecast.Setup setup(MediqAgentOptions o, CommandLine cl, LlmOptions llm, int maxQuestions) {
    o.check(cl);
    String expertName = o.expert;
    String em = "";
    String qm = "";
    if (o.agent != null) {
      expertName = "agent";
      em = AgentSpecs.modelSpec(o.agent).map(m -> modelName(llm, cl, "--agent", m)).orElse("");
    } else if (o.expertNeedsModel()) {
      em = modelName(llm, cl, "--expert-model", o.expertModel);
      qm = modelName(llm, cl, "--question-model", o.questionModel != null ? o.questionModel : o.expertModel);
    }
    String pm = o.patientNeedsModel()
        ? modelName(llm, cl, "--patient-model", o.patientModel != null ? o.patientModel : o.expertModel) : "";
    return new MediqForecast.Setup(expertName, o.patient, em, qm, pm, maxQuestions);
  }

  /** The options set that the forecast's statistics were not measured with (they add expert requests), if any. */
  static Optional<String> outsideTheMeasured(MediqAgentOptions o) {
    List<String> out = new ArrayList<>();
    if (o.selfConsistency > 1) {
      out.add("--self-consistency " + o.selfConsistency);
    }
    if (o.rationaleGeneration) {
      out.add("--rationale-generation");
    }
    if (o.independentModules) {
      out.add("--independent-modules");
    }
    return out.isEmpty() ? Optional.empty() : Optional.of(String.join(" ", out));
  }

  private static String modelName(LlmOptions llm, CommandLine cl, String option, String specText) {
    LlmSpec spec = llm.spec(cl, option, specText);
    return spec.model().isEmpty() ? specText : spec.model();
  }
}
