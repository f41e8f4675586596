package io.clarq.eval.compare;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.llm.Deviation;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * What two runs must share for their difference to be the seeker's: the provider, the provider's model, the prompt
 * pack, the judge and the deviations from the reference protocol, by setting name ({@link #SETTINGS}). A value that
 * the run's files do not record is {@link #NOT_RECORDED}, and never counts as the same as another run's. The seeker's
 * model is recorded beside them to name the run on the pages, and is not compared: it is what a comparison is of.
 *
 * @param values the value of each of {@link #SETTINGS}, in that order
 * @param seekerModel the seeker's model as the run records it ({@code seeker_model}, e.g. {@code openai:gpt-4o}), "no
 *     model (rule-based)" for a seeker without one, or {@link #NOT_RECORDED}
 */
public record RunSetup(Map<String, String> values, String seekerModel) {
  /** The settings compared, in order. */
  public static final List<String> SETTINGS = List.of("provider", "provider_model", "prompts", "judge", "deviations");
  /** The value of a setting the run's files do not record. */
  public static final String NOT_RECORDED = "not recorded";
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String PUBLISHED = " (published ClarQ-LLM run)";
  // the published files' names give the seeker model: l2l_GPT-4o_seeker_vs_GPT-4o_provider.Comp.En.json
  private static final java.util.regex.Pattern PUBLISHED_SEEKER = java.util.regex.Pattern.compile(
      "^[a-z0-9]+_(.+?)_seeker_vs_");

  public RunSetup {
    values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
    Objects.requireNonNull(seekerModel, "seekerModel");
    if (!values.keySet().equals(new java.util.HashSet<>(SETTINGS))) {
      throw new IllegalArgumentException("illegal run setup " + values.keySet() + ": must name exactly " + SETTINGS);
    }
  }

  /** A setup whose seeker model is not recorded. */
  public RunSetup(Map<String, String> values) {
    this(values, NOT_RECORDED);
  }

  /**
   * The run's models by role for a page, beside the run's name: "seeker openai:gpt-4o, provider openai:gpt-4o, judge
   * offline"; a role whose model is not recorded is left out, and "models not recorded" when none is.
   */
  public String modelsText() {
    List<String> parts = new ArrayList<>();
    if (!seekerModel.equals(NOT_RECORDED)) {
      parts.add("seeker " + seekerModel);
    }
    String provider = values.get("provider_model");
    if (!provider.equals(NOT_RECORDED)) {
      parts.add("provider " + provider);
    }
    String judge = values.get("judge");
    if (!judge.equals(NOT_RECORDED)) {
      parts.add("judge " + judge);
    }
    return parts.isEmpty() ? "models not recorded" : String.join(", ", parts);
  }

  /** The seeker's model for a run's label, e.g. "gpt-4o"; empty when not recorded. */
  public java.util.Optional<String> seekerLabel() {
    return seekerModel.equals(NOT_RECORDED) ? java.util.Optional.empty() : java.util.Optional.of(seekerModel);
  }

  /** One setting that differs between two runs, with each run's value. */
  public record Difference(String setting, String a, String b) {
    public Difference {
      Objects.requireNonNull(setting, "setting");
      Objects.requireNonNull(a, "a");
      Objects.requireNonNull(b, "b");
    }

    /** {@code provider: A "llm:gpt-4o", B "offline"}. */
    public String describe(String nameA, String nameB) {
      return setting + ": " + nameA + " \"" + a + "\", " + nameB + " \"" + b + "\"";
    }
  }

  /** Each setting whose values differ, or that either run does not record, in {@link #SETTINGS} order. */
  public List<Difference> differences(RunSetup other) {
    List<Difference> out = new ArrayList<>();
    for (String s : SETTINGS) {
      String a = values.get(s);
      String b = other.values.get(s);
      if (!a.equals(b) || a.equals(NOT_RECORDED)) {
        out.add(new Difference(s, a, b));
      }
    }
    return out;
  }

  /**
   * The setup of a finished run directory, from its {@code results.json} ({@code settings}, {@code judge},
   * {@code deviations}).
   *
   * @throws IllegalArgumentException naming the file when it cannot be read
   */
  public static RunSetup ofRunDirectory(Path dir) {
    Path results = dir.resolve("results.json");
    JsonNode root;
    try {
      root = JSON.readTree(results.toFile());
    } catch (IOException e) {
      throw new IllegalArgumentException(io.clarq.core.files.TextFiles.problem(results, e), e);
    }
    JsonNode settings = root.path("settings");
    Map<String, String> v = new LinkedHashMap<>();
    String provider = settings.path("provider").asText(NOT_RECORDED);
    v.put("provider", provider);
    // a provider without a model (offline) records none; the setting is then the provider's own
    v.put("provider_model", settings.has("provider_model") ? settings.get("provider_model").asText()
        : settings.has("provider") ? "no model (" + provider + ")" : NOT_RECORDED);
    v.put("prompts", labelled(settings.path("prompts").asText(NOT_RECORDED)));
    v.put("judge", root.path("judge").asText(NOT_RECORDED));
    v.put("deviations", root.has("deviations") ? deviations(Deviation.readAll(root.get("deviations")))
        : NOT_RECORDED);
    return new RunSetup(v, seekerModel(settings));
  }

  /**
   * The setup of a transcript file scored with {@code judge}: a published ClarQ-LLM results file is the paper's
   * GPT-4o provider (or multi-info provider, by its name) with the reference prompts and no deviation, its seeker
   * model read from the file's name ({@code l2l_GPT-4o_seeker_vs_...}: gpt-4o); a clarq
   * transcript inside a run directory takes that directory's {@code run-config.json} (settings and deviations);
   * otherwise the provider, its model, the prompts and the deviations are not recorded.
   */
  public static RunSetup ofTranscript(Path file, boolean published, String judge) {
    Map<String, String> v = new LinkedHashMap<>();
    if (published) {
      String name = String.valueOf(file.getFileName());
      v.put("provider", (name.contains("multi_info_provider") ? "multi-info provider" : "provider") + PUBLISHED);
      v.put("provider_model", "gpt-4o" + PUBLISHED);
      v.put("prompts", "reference" + PUBLISHED);
      v.put("judge", judge);
      v.put("deviations", "none");
      java.util.regex.Matcher m = PUBLISHED_SEEKER.matcher(name);
      return new RunSetup(v, m.find() ? m.group(1).toLowerCase(java.util.Locale.ROOT) : NOT_RECORDED);
    }
    Path dir = file.toAbsolutePath().getParent();
    Path config = dir == null ? null : dir.resolve("run-config.json");
    if (config != null && Files.isRegularFile(config)) {
      JsonNode root;
      try {
        root = JSON.readTree(config.toFile());
      } catch (IOException e) {
        throw new IllegalArgumentException(io.clarq.core.files.TextFiles.problem(config, e), e);
      }
      JsonNode s = root.path("settings");
      String provider = s.path("provider").asText(NOT_RECORDED);
      v.put("provider", provider);
      v.put("provider_model", s.has("provider_model") ? s.get("provider_model").asText()
          : s.has("provider") ? "no model (" + provider + ")" : NOT_RECORDED);
      v.put("prompts", labelled(s.path("prompts").asText(NOT_RECORDED)));
      v.put("judge", judge);
      v.put("deviations", deviations(Deviation.readAll(root.path("deviations"))));
      return new RunSetup(v, seekerModel(s));
    }
    for (String s : SETTINGS) {
      v.put(s, NOT_RECORDED);
    }
    v.put("judge", judge);
    return new RunSetup(v);
  }

  // the seeker's model as the run's settings record it, as provider_model is read
  private static String seekerModel(JsonNode settings) {
    return settings.has("seeker_model") ? settings.get("seeker_model").asText()
        : settings.has("seeker") ? "no model (" + settings.get("seeker").asText() + ")" : NOT_RECORDED;
  }

  // the pack as recorded, then its label: "the reference pack" only for the unmodified one (PromptPack.label)
  private static String labelled(String prompts) {
    return prompts + io.clarq.core.prompt.PromptPack.label(prompts).map(l -> ", " + l).orElse("");
  }

  static String deviations(List<Deviation> deviations) {
    return deviations.isEmpty() ? "none"
        : deviations.stream().map(Deviation::toString).sorted().collect(Collectors.joining("; "));
  }
}
