package io.clarq.examples.cli.mediq;

import io.clarq.core.llm.Deviation;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.mediq.Expert;
import io.clarq.core.mediq.ExpertSettings;
import io.clarq.core.mediq.ExpertStrategy;
import io.clarq.core.mediq.MediqModels;
import io.clarq.core.mediq.MediqSampling;
import io.clarq.core.mediq.OverlapExpert;
import io.clarq.core.mediq.Patient;
import io.clarq.core.mediq.PatientKind;
import io.clarq.core.mediq.RandomPatient;
import io.clarq.core.mediq.ReferenceExpert;
import io.clarq.core.mediq.ReferencePatient;
import io.clarq.core.prompt.PromptPack;
import io.clarq.examples.cli.LlmOptions;
import io.clarq.retrieval.mediq.OfflinePatient;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The expert and patient of {@code clarq mediq run}, as a picocli mixin: the model-free expert and the offline
 * patient, or the reference's experts and patients on model SPECs (named as the reference's flags), with the
 * reference's quirks by default and each fix a named option recorded as a deviation.
 */
public final class MediqAgentOptions {
  /** The expert names {@code --expert} takes, with the model-free one first. */
  static final List<String> EXPERTS = List.of("overlap", "basic", "fixed", "binary", "numerical",
      "numerical-cutoff", "scale");
  /** The patient names {@code --patient} takes. */
  static final List<String> PATIENTS = List.of("offline", "random", "instruct", "fact-select", "direct");

  @Option(names = "--patient", defaultValue = "offline", paramLabel = "KIND",
      description = "The patient: offline (BM25 over the case's atomic facts; no model), random (a record sentence or"
          + " \"cannot answer\", seeded by --seed; no model), or the reference's LLM patients instruct, fact-select,"
          + " direct on --patient-model. Default: ${DEFAULT-VALUE}.")
  String patient;

  @Option(names = "--expert", defaultValue = "overlap", paramLabel = "KIND",
      description = "The expert: overlap (model-free), or the reference's basic, fixed, binary, numerical,"
          + " numerical-cutoff, scale on --expert-model. Default: ${DEFAULT-VALUE}.")
  String expert;

  @Option(names = "--agent", paramLabel = "SPEC", description = io.clarq.examples.cli.AgentSpecs.DESCRIPTION
      + " It plays the expert (instead of --expert).")
  String agent;

  @Option(names = "--expert-questions", defaultValue = "3", paramLabel = "N",
      description = "How many questions the model-free expert asks before answering (0-6). Default: ${DEFAULT-VALUE}.")
  int expertQuestions;

  @Option(names = "--expert-model", paramLabel = "SPEC",
      description = "The model of the reference expert's decisions and choices (--expert_model), e.g."
          + " openai:meta-llama/Llama-3.1-8B-Instruct with --base-url http://127.0.0.1:8000/v1.")
  String expertModel;

  @Option(names = "--question-model", paramLabel = "SPEC",
      description = "The model of the expert's follow-up questions (--expert_model_question_generator; default:"
          + " --expert-model).")
  String questionModel;

  @Option(names = "--patient-model", paramLabel = "SPEC",
      description = "The model of the LLM patients (--patient_model; default: --expert-model).")
  String patientModel;

  @Option(names = "--temperature", defaultValue = "0.6", paramLabel = "T",
      description = "The expert's temperature. Default: ${DEFAULT-VALUE}.")
  double temperature;

  @Option(names = "--max-tokens", defaultValue = "256", paramLabel = "N",
      description = "The expert's max_tokens. Default: ${DEFAULT-VALUE}.")
  int maxTokens;

  @Option(names = "--top-p", defaultValue = "0.9", paramLabel = "P",
      description = "The expert's top_p. Default: ${DEFAULT-VALUE}.")
  double topP;

  @Option(names = "--top-logprobs", defaultValue = "0", paramLabel = "N",
      description = "When above 0, the expert's requests ask for logprobs with top_logprobs N. Default:"
          + " ${DEFAULT-VALUE}.")
  int topLogprobs;

  @Option(names = "--rationale-generation",
      description = "The expert gives a one-sentence reason before each decision.")
  boolean rationaleGeneration;

  @Option(names = "--self-consistency", defaultValue = "1", paramLabel = "N",
      description = "How many times each decision is sampled and voted on. Default: ${DEFAULT-VALUE}.")
  int selfConsistency;

  @Option(names = "--abstain-threshold", defaultValue = "0.8", paramLabel = "X",
      description = "Below this confidence the numerical-cutoff and scale experts ask (0: the reference's fallbacks,"
          + " 0.8 and 4.0). Default: ${DEFAULT-VALUE}.")
  double abstainThreshold;

  @Option(names = "--independent-modules",
      description = "The question generator gets a fresh prompt instead of the decision's conversation.")
  boolean independentModules;

  @Option(names = "--seed", defaultValue = "0", paramLabel = "N",
      description = "Seeds the random patient and the draws the reference makes unseeded. Default: ${DEFAULT-VALUE}.")
  long seed;

  @Option(names = "--use-data-facts",
      description = "The fact-select patient answers from the data set's atomic facts instead of asking the model"
          + " to decompose the record first (the reference decomposes; a deviation, recorded).")
  boolean useDataFacts;

  @Option(names = "--settings-per-call",
      description = "Each call keeps the sampling settings its caller asks for (the reference keeps the first"
          + " caller's per model name, so the patient gets the expert's; a deviation, recorded).")
  boolean settingsPerCall;

  /** The agents of a run, what decides them (for the run's settings) and the deviations they make. */
  record Agents(List<Expert> experts, List<Patient> patients, Map<String, String> settings,
      Supplier<List<Deviation>> deviations,
      List<LlmClient> clients) implements AutoCloseable {
    @Override
    public void close() {
      clients.forEach(LlmClient::close);
    }
  }

  /** Where batch clients keep their state and where they tell their progress ({@code --batch}). */
  record Batches(java.nio.file.Path folder, java.util.function.Consumer<String> progress) {
    Batches {
      java.util.Objects.requireNonNull(folder, "folder");
      java.util.Objects.requireNonNull(progress, "progress");
    }
  }

  /**
   * Refuses {@code --batch} where turn-synchronous play cannot work: no model, an asking agent (clarq cannot replay it
   * from its answers), or self-consistency above 1 (its samples are the same request, which a batch answers once).
   */
  void checkBatch(CommandLine cl) {
    if (agent != null) {
      throw new CommandLine.ParameterException(cl, "--batch plays the reference experts and patients, replaying each"
          + " case from its batch answers; --agent " + agent + " is not one of them: run it without --batch");
    }
    if (!expertNeedsModel() && !patientNeedsModel()) {
      throw new CommandLine.ParameterException(cl, "--batch sends the models' calls through batch APIs, but --expert "
          + expert + " and --patient " + patient + " use no model");
    }
    if (selfConsistency > 1) {
      throw new CommandLine.ParameterException(cl, "--batch with --self-consistency " + selfConsistency + ": the"
          + " samples are the same request, which a batch answers once (one entry per body), so they would all agree;"
          + " run self-consistency without --batch");
    }
  }

  /**
   * What plays the run, for its forecast ({@code --dry-run}): see {@link MediqForecastSettings#setup}.
   */
  io.clarq.eval.mediq.MediqForecast.Setup forecastSetup(CommandLine cl, LlmOptions llm, int maxQuestions) {
    return MediqForecastSettings.setup(this, cl, llm, maxQuestions);
  }

  /** The options set that the forecast's statistics were not measured with, if any ({@link MediqForecastSettings}). */
  Optional<String> outsideTheMeasuredSettings() {
    return MediqForecastSettings.outsideTheMeasured(this);
  }

  boolean expertNeedsModel() {
    return !expert.equals("overlap");
  }

  /** Whether any agent of the run talks to a model (an --agent on a model spec included). */
  boolean anyModel() {
    return expertNeedsModel() || patientNeedsModel()
        || (agent != null && io.clarq.examples.cli.AgentSpecs.modelSpec(agent).isPresent());
  }

  boolean patientNeedsModel() {
    return !patient.equals("offline") && !patient.equals("random");
  }

  /** Whether the agents need the reference prompt pack (every agent but the model-free ones). */
  boolean needsPack() {
    return expertNeedsModel() || !patient.equals("offline");
  }

  /**
   * Builds the agents.
   *
   * @param pack the reference pack, present when {@link #needsPack()}
   * @param cannotAnswer the offline patient's "cannot answer" line
   * @throws CommandLine.ParameterException naming the option that is wrong
   */
  Agents build(CommandLine cl, LlmOptions llm, Optional<PromptPack> pack, String cannotAnswer, int maxQuestions,
      int trials) {
    return build(cl, llm, pack, cannotAnswer, maxQuestions, trials, Optional.empty());
  }

  /**
   * Builds the agents; with {@code batches} (a folder and a progress line), each model's client is a batch client
   * keeping its state in {@code batch-MODEL.json} in that folder, for turn-synchronous play ({@code --batch}).
   */
  Agents build(CommandLine cl, LlmOptions llm, Optional<PromptPack> pack, String cannotAnswer, int maxQuestions,
      int trials, Optional<Batches> batches) {
    check(cl);
    llm.alsoTell(io.clarq.eval.kernel.ItemUsage.listener());   // each case's usage by role, in the run's usage
    Map<String, String> settings = new LinkedHashMap<>();
    List<Deviation> named = new ArrayList<>();
    Map<String, LlmClient> clients = new LinkedHashMap<>();
    java.util.function.BiFunction<String, String, LlmClient> make = (option, specText) -> batches.isEmpty()
        ? llm.client(cl, option, specText)
        : llm.batchClient(cl, option, specText, batches.get().folder().resolve(
            io.clarq.core.llm.batch.BatchPasses.stateFileName(llm.spec(cl, option, specText).model())), batches.get().progress());
    MediqModels models = new MediqModels(name -> clients.get(name), !settingsPerCall);
    MediqSampling expertSampling = null;
    MediqSampling questionSampling = null;
    if (expertNeedsModel()) {
      String em = model(cl, llm, clients, "--expert-model", expertModel, make);
      String qm = model(cl, llm, clients, "--question-model", questionModel != null ? questionModel : expertModel,
          make);
      expertSampling = sampling(cl, em);
      questionSampling = sampling(cl, qm);
    }
    List<Expert> experts = new ArrayList<>();
    List<LlmClient> agentClients = new ArrayList<>();
    if (agent != null) {
      List<AutoCloseable> opened = new ArrayList<>();
      io.clarq.core.asking.AskingAgent asking = io.clarq.examples.cli.AgentSpecs.open(cl, "--agent", agent, llm,
          opened);
      opened.forEach(o -> agentClients.add((LlmClient) o));
      for (int t = 1; t <= trials; t++) {
        experts.add(new io.clarq.core.mediq.AskingExpert(asking, maxQuestions));
      }
      settings.put("expert", "agent:" + agent + " (" + io.clarq.core.asking.AskingAgents.identity(asking) + ")");
    } else if (!expertNeedsModel()) {
      for (int t = 1; t <= trials; t++) {
        experts.add(new OverlapExpert(expertQuestions));
      }
      settings.put("expert", "overlap(questions=" + expertQuestions + ")");
    } else {
      ExpertStrategy strategy = expert.equals("numerical-cutoff") ? ExpertStrategy.NUMCUTOFF
          : ExpertStrategy.named(expert);
      for (int t = 1; t <= trials; t++) {
        ExpertSettings s;
        try {
          s = new ExpertSettings(strategy, expertSampling, questionSampling, rationaleGeneration, selfConsistency,
              abstainThreshold, independentModules, maxQuestions, seed + t - 1);
        } catch (IllegalArgumentException x) {
          throw new CommandLine.ParameterException(cl, "--expert " + expert + ": " + x.getMessage());
        }
        experts.add(new ReferenceExpert(s, pack.orElseThrow(), models.forTrial(t)));
      }
      settings.put("expert", strategy.referenceClass() + "(model=" + llm.spec(cl, "--expert-model", expertModel)
          .identity() + ", question_model=" + llm.spec(cl, "--question-model", questionModel != null ? questionModel
          : expertModel).identity() + ", " + String.format(Locale.ROOT, "temperature=%s, max_tokens=%d, top_p=%s,"
          + " top_logprobs=%d", temperature, maxTokens, topP, topLogprobs) + ", rationale_generation="
          + rationaleGeneration + ", self_consistency=" + selfConsistency + ", abstain_threshold=" + abstainThreshold
          + ", independent_modules=" + independentModules + ", seed=" + seed + (trials > 1 ? " + trial - 1" : "")
          + ")");
    }
    List<Patient> patients = new ArrayList<>();
    switch (patient) {
      case "offline" -> {
        for (int t = 1; t <= trials; t++) {
          patients.add(new OfflinePatient(cannotAnswer, 2));
        }
        settings.put("patient", "offline-bm25(k1=1.2,b=0.75,max_facts=2)");
      }
      case "random" -> {
        for (int t = 1; t <= trials; t++) {
          patients.add(new RandomPatient(pack.orElseThrow(), seed + t - 1));
        }
        settings.put("patient", "RandomPatient(seed=" + seed + (trials > 1 ? " + trial - 1" : "") + ")");
      }
      default -> {
        PatientKind kind = PatientKind.named(patient.replace("-", "_"));
        String spec = patientModel != null ? patientModel : expertModel;
        String pm = model(cl, llm, clients, "--patient-model", spec, make);
        for (int t = 1; t <= trials; t++) {
          patients.add(new ReferencePatient(kind, pack.orElseThrow(), models.forTrial(t), pm, useDataFacts));
        }
        settings.put("patient", kind.referenceClass() + "(model=" + llm.spec(cl, "--patient-model", spec).identity()
            + ", use_data_facts=" + useDataFacts + ")");
        if (useDataFacts && kind == PatientKind.FACT_SELECT) {
          named.add(new Deviation(pm, "patient answers from the data set's facts", "--use-data-facts: the"
              + " reference asks the model to decompose the record at the first question"));
        }
      }
    }
    pack.ifPresent(k -> settings.put("prompts", k.id()));
    if (!clients.isEmpty()) {
      settings.put("model_settings", settingsPerCall ? "per call" : "per model name (reference)");
      if (settingsPerCall) {
        named.add(new Deviation(String.join(",", clients.keySet()), "sampling settings per call", "--settings-per"
            + "-call: the reference keeps the first caller's settings per model name"));
      }
    }
    List<Deviation> fixed = List.copyOf(named);
    return new Agents(experts, patients, settings, () -> {
      List<Deviation> all = new ArrayList<>(fixed);
      all.addAll(llm.deviations());
      return all;
    }, java.util.stream.Stream.concat(clients.values().stream(), agentClients.stream()).toList());
  }

  /** The models behind the expert and the patient, by role, for the results: only the roles a model plays. */
  Map<io.clarq.eval.results.ModelRole, io.clarq.eval.results.ModelRef> models(CommandLine cl, LlmOptions llm) {
    Map<io.clarq.eval.results.ModelRole, io.clarq.eval.results.ModelRef> m =
        new java.util.EnumMap<>(io.clarq.eval.results.ModelRole.class);
    if (agent != null) {
      io.clarq.examples.cli.AgentSpecs.modelSpec(agent).ifPresent(a -> m.put(io.clarq.eval.results.ModelRole.EXPERT,
          io.clarq.eval.results.ModelRef.of(llm.spec(cl, "--agent", a))));
    } else if (expertNeedsModel()) {
      m.put(io.clarq.eval.results.ModelRole.EXPERT, io.clarq.eval.results.ModelRef.of(llm.spec(cl, "--expert-model",
          expertModel)));
    }
    if (patientNeedsModel()) {
      m.put(io.clarq.eval.results.ModelRole.PATIENT, io.clarq.eval.results.ModelRef.of(llm.spec(cl,
          "--patient-model", patientModel != null ? patientModel : expertModel)));
    }
    return m;
  }

  /**
   * Refuses options that do not go together, before anything is read.
   *
   * @throws CommandLine.ParameterException naming the option
   */
  void check(CommandLine cl) {
    if (agent != null && !expert.equals("overlap")) {
      throw new CommandLine.ParameterException(cl, "--agent plays the expert; drop --expert " + expert);
    }
    if (agent != null) {
      io.clarq.examples.cli.AgentSpecs.check(cl, "--agent", agent);
    }
    if (!EXPERTS.contains(expert)) {
      throw new CommandLine.ParameterException(cl, "--expert " + expert + ": unknown; known: "
          + String.join(", ", EXPERTS));
    }
    if (!PATIENTS.contains(patient)) {
      throw new CommandLine.ParameterException(cl, "--patient " + patient + ": unknown; known: "
          + String.join(", ", PATIENTS));
    }
    if (expertNeedsModel() && expertModel == null) {
      throw new CommandLine.ParameterException(cl, "--expert " + expert + " needs --expert-model SPEC");
    }
    if (patientNeedsModel() && patientModel == null && expertModel == null) {
      throw new CommandLine.ParameterException(cl, "--patient " + patient + " needs --patient-model SPEC (or"
          + " --expert-model, which it then shares)");
    }
    if (!expertNeedsModel() && (questionModel != null || rationaleGeneration || independentModules
        || selfConsistency != 1)) {
      throw new CommandLine.ParameterException(cl, "--question-model, --rationale-generation, --independent-modules"
          + " and --self-consistency are for the reference experts; --expert overlap takes none");
    }
    if (useDataFacts && !patient.equals("fact-select")) {
      throw new CommandLine.ParameterException(cl, "--use-data-facts is for --patient fact-select");
    }
  }

  // the model name of a spec, with its client made once per name (the reference keeps one model per name)
  private static String model(CommandLine cl, LlmOptions llm, Map<String, LlmClient> clients, String option,
      String specText, java.util.function.BiFunction<String, String, LlmClient> make) {
    LlmSpec spec = llm.spec(cl, option, specText);
    if (spec.model().isEmpty()) {
      throw new CommandLine.ParameterException(cl, option + " " + specText + ": names no model; give --model NAME");
    }
    if (!clients.containsKey(spec.model())) {
      clients.put(spec.model(), make.apply(option, specText));
    }
    return spec.model();
  }

  private MediqSampling sampling(CommandLine cl, String model) {
    try {
      return new MediqSampling(model, temperature, maxTokens, topP, topLogprobs);
    } catch (IllegalArgumentException x) {
      throw new CommandLine.ParameterException(cl, x.getMessage());
    }
  }
}
