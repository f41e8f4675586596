package io.clarq.examples.cli.cq;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.cq.QuestionGenerator;
import io.clarq.core.cq.RubricJudge;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmSpec;
import io.clarq.datasets.jsonl.JsonLines;
import io.clarq.eval.cq.LlmQuestionGenerator;
import io.clarq.eval.cq.LlmRubricJudge;
import io.clarq.eval.cq.TemplateQuestionGenerator;
import io.clarq.examples.cli.AgentSpecs;
import io.clarq.examples.cli.LlmOptions;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The generator a {@code cq} command uses: the template baseline or a facet-constrained LLM generator. */
public final class CqGeneratorOptions {
  @Option(names = "--generator", defaultValue = "template", paramLabel = "SPEC",
      description = "template, template:FORM (FORM: looking-for, interested-in, want-to-know, would-like, "
          + "facet-only), or a model: openai:MODEL (with --base-url for any OpenAI-compatible server) "
          + "(default: ${DEFAULT-VALUE})")
  String generator;

  @Option(names = "--agent", paramLabel = "SPEC", description = io.clarq.examples.cli.AgentSpecs.DESCRIPTION
      + " It writes the questions (instead of --generator).")
  String agent;

  @Option(names = "--forms", paramLabel = "FORM|FORM...",
      description = "question forms of the LLM generator, '|'-separated (default: Are you looking for|Would you "
          + "like|Do you want to know|Are you interested in)")
  String forms;

  @Option(names = "--max-attempts", defaultValue = "3", paramLabel = "N",
      description = "LLM generator: attempts per form before a facet failure is recorded (default: ${DEFAULT-VALUE})")
  int maxAttempts;

  @Option(names = "--no-logprobs", description = "LLM generator: do not ask for log-probabilities")
  boolean noLogprobs;

  @Option(names = "--rank-judge", paramLabel = "SPEC",
      description = "LLM generator: the model that ranks candidates when the server gives no log-probabilities")
  String rankJudge;

  @Mixin public LlmOptions llm;

  /**
   * The generator; model clients it opens are added to {@code opened} for the caller to close.
   *
   * @throws IllegalArgumentException naming a bad form or setting
   * @throws CommandLine.ParameterException naming a bad spec or model option
   */
  QuestionGenerator open(CommandLine cl, List<AutoCloseable> opened) {
    return open(cl, opened, Optional.empty());
  }

  /**
   * The generator; with {@code batches}, its model and the rank judge's answer through batch clients keeping their
   * state in {@code batch-generator.json} and {@code batch-rank-judge.json} in the batch folder (turn-synchronous
   * generation, {@code --batch}), each added to {@code batches}' list of clients.
   */
  QuestionGenerator open(CommandLine cl, List<AutoCloseable> opened, Optional<Batches> batches) {
    llm.alsoTell(io.clarq.eval.kernel.ItemUsage.listener());   // each example's usage by role, in the run's usage
    if (agent != null) {
      if (!generator.equals("template")) {
        throw new CommandLine.ParameterException(cl, "--agent writes the questions; drop --generator " + generator);
      }
      return new io.clarq.core.cq.AskingQuestionGenerator(io.clarq.examples.cli.AgentSpecs.open(cl, "--agent", agent,
          llm, opened));
    }
    if (generator.equals("template")) {
      return new TemplateQuestionGenerator();
    }
    if (generator.startsWith("template:")) {
      return new TemplateQuestionGenerator(TemplateQuestionGenerator.Form.parse(generator.substring(9)));
    }
    LlmQuestionGenerator.Settings settings = LlmQuestionGenerator.Settings.DEFAULT.withMaxAttempts(maxAttempts);
    if (forms != null) {
      settings = settings.withForms(Arrays.stream(forms.split("\\|")).map(String::strip).toList());
    }
    LlmSpec spec = llm.spec(cl, "--generator", generator);
    LlmClient client = client(cl, "--generator", generator, batches);
    opened.add(client);
    Optional<RubricJudge> judge = Optional.empty();
    if (rankJudge != null) {
      LlmSpec judgeSpec = llm.spec(cl, "--rank-judge", rankJudge);
      LlmClient judgeClient = client(cl, "--rank-judge", rankJudge, batches);
      opened.add(judgeClient);
      // the rank judge's calls, made inside the generator's, count toward the judge role in the run's usage
      judge = Optional.of(LlmRubricJudge.builder(io.clarq.eval.kernel.ItemUsage.forRole(judgeClient,
          io.clarq.eval.results.ModelRole.JUDGE.key())).name("llm:" + judgeSpec).build());
    }
    LlmQuestionGenerator.Builder b = LlmQuestionGenerator.builder(
        client.withCapabilities(client.capabilities().withLogprobs(!noLogprobs))).settings(settings).name("llm:" + spec);
    judge.ifPresent(b::rankJudge);
    return b.build();
  }

  /** Where batch clients keep their state, the clients made, and where they tell their progress. */
  record Batches(java.nio.file.Path folder, List<io.clarq.core.llm.batch.BatchClient> clients,
      java.util.function.Consumer<String> progress) {
    Batches {
      java.util.Objects.requireNonNull(folder, "folder");
      java.util.Objects.requireNonNull(clients, "clients");
      java.util.Objects.requireNonNull(progress, "progress");
    }
  }

  private LlmClient client(CommandLine cl, String option, String specText, Optional<Batches> batches) {
    if (batches.isEmpty()) {
      return llm.client(cl, option, specText);
    }
    io.clarq.core.llm.batch.BatchClient c = llm.batchClient(cl, option, specText, batches.get().folder().resolve(
        "batch-" + option.substring(2) + ".json"), batches.get().progress());
    batches.get().clients().add(c);
    return c;
  }

  /**
   * Refuses {@code --batch} for a generator that calls no model, or an asking agent (whose calls clarq does not
   * replay from batch answers).
   */
  void checkBatch(CommandLine cl) {
    if (agent != null || generator.equals("template") || generator.startsWith("template:")) {
      throw new CommandLine.ParameterException(cl, "--batch sends the LLM generator's calls through a batch API;"
          + (agent != null ? " --agent " + agent : " --generator " + generator) + " is not one: give --generator"
          + " openai:MODEL or anthropic:MODEL");
    }
  }

  /**
   * The forecast of generating {@code rows} with {@code generator} (opened by these options on the clients of
   * {@code rendered}, {@link io.clarq.eval.cq.CqForecast}); with {@code batch}, priced at batch prices.
   */
  io.clarq.eval.clarqllm.RunForecast forecast(CommandLine cl, io.clarq.core.cq.QuestionGenerator generator,
      List<io.clarq.core.cq.FacetRequest> rows, io.clarq.eval.clarqllm.RenderedCalls rendered, boolean batch) {
    java.util.Map<io.clarq.eval.results.ModelRole, io.clarq.eval.results.ModelRef> m = models(cl);
    io.clarq.eval.clarqllm.RunForecast f = io.clarq.eval.cq.CqForecast.of(generator, rows, rendered,
        new io.clarq.eval.cq.CqForecast.Models(name(m.get(io.clarq.eval.results.ModelRole.GENERATOR)),
            name(m.get(io.clarq.eval.results.ModelRole.JUDGE)), !noLogprobs, agent != null));
    return batch ? f.inBatch(java.util.Set.copyOf(io.clarq.eval.cq.CqForecast.ROLES)) : f;
  }

  // the model's name as --prices names it: the spec's model without its scheme
  private static String name(io.clarq.eval.results.ModelRef m) {
    return m == null ? "" : m.name().substring(m.name().indexOf(':') + 1);
  }

  /** The models behind the generator these options open, by role (none for the template baseline). */
  java.util.Map<io.clarq.eval.results.ModelRole, io.clarq.eval.results.ModelRef> models(CommandLine cl) {
    java.util.Map<io.clarq.eval.results.ModelRole, io.clarq.eval.results.ModelRef> out =
        new java.util.EnumMap<>(io.clarq.eval.results.ModelRole.class);
    if (agent != null) {
      AgentSpecs.modelSpec(agent).ifPresent(a -> out.put(io.clarq.eval.results.ModelRole.GENERATOR,
          io.clarq.eval.results.ModelRef.of(llm.spec(cl, "--agent", a))));
      return out;
    }
    if (!generator.equals("template") && !generator.startsWith("template:")) {
      out.put(io.clarq.eval.results.ModelRole.GENERATOR,
          io.clarq.eval.results.ModelRef.of(llm.spec(cl, "--generator", generator)));
      if (rankJudge != null) {
        out.put(io.clarq.eval.results.ModelRole.JUDGE,
            io.clarq.eval.results.ModelRef.of(llm.spec(cl, "--rank-judge", rankJudge)));
      }
    }
    return out;
  }

  /**
   * The settings that decide the questions of {@code opened} (the generator these options opened), recorded next to
   * the output so that a rerun resumes only an output made the same way.
   */
  java.util.Map<String, String> settings() {
    java.util.Map<String, String> o = new java.util.LinkedHashMap<>();
    if (agent != null) {
      o.put("agent", agent);
      return o;
    }
    if (!generator.equals("template") && !generator.startsWith("template:")) {
      o.put("forms", forms == null ? String.join("|", LlmQuestionGenerator.DEFAULT_FORMS) : forms);
      o.put("max_attempts", String.valueOf(maxAttempts));
      o.put("logprobs", String.valueOf(!noLogprobs));
      if (rankJudge != null) {
        o.put("rank_judge", rankJudge);
      }
    }
    return o;
  }
}
