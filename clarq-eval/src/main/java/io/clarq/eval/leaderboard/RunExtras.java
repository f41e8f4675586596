package io.clarq.eval.leaderboard;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.llm.TokenUsage;
import io.clarq.core.llm.usage.PriceTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * What a run directory's {@code results.json} records beyond the scored dialogues: the tokens the run spent, its cost
 * at a price table and, when it played more than one trial, pass^k per language
 * ({@code trials.languages.CODE.pass_hat}, k = 1..trials). A transcript file records none of them.
 *
 * <p>A run whose results record {@code play_mode} batch (its seeker's and provider's models asked through a batch API)
 * is priced at batch prices ({@link PriceTable#batchPriceOf}: the {@code batch:MODEL=} entry, else half the model's
 * price), and says so ({@link #costAtBatchPrices()}).
 *
 * @param tokens the tokens the run's model calls used, when recorded: results.json's {@code tokens}, else every
 *     role's input and output tokens in its {@code usage} (MediQ, TOA and CQ runs record only those)
 * @param passHat pass^k for k = 1, 2, ... per language; a language without trials is absent, an undefined value is NaN
 * @param cost in US dollars, every role's calls ({@code usage} by role, priced by the role's model
 *     in {@code models}); empty without a price table, when not recorded, or when a model that used tokens has no
 *     price (unknown is not zero). The judge's tokens are not recorded per call and are not in it
 * @param costAtBatchPrices whether the run played in batch mode, so that {@code cost} is at batch prices
 * @param cachedTokens the input tokens among {@code tokens} that the provider served from its cache, when the run
 *     records usage by role ({@code usage.ROLE.cached_input_tokens} summed)
 */
public record RunExtras(OptionalLong tokens, Map<Language, List<Double>> passHat, OptionalDouble cost,
    boolean costAtBatchPrices, OptionalLong cachedTokens) {
  /** Nothing recorded. */
  public static final RunExtras NONE = new RunExtras(OptionalLong.empty(), Map.of(), OptionalDouble.empty());
  private static final ObjectMapper JSON = new ObjectMapper();

  public RunExtras {
    java.util.Objects.requireNonNull(tokens, "tokens");
    Map<Language, List<Double>> copy = new EnumMap<>(Language.class);
    passHat.forEach((l, v) -> copy.put(l, List.copyOf(v)));
    passHat = java.util.Collections.unmodifiableMap(copy);
    java.util.Objects.requireNonNull(cost, "cost");
    if (cost.isPresent() && !(cost.getAsDouble() >= 0)) {
      throw new IllegalArgumentException("illegal cost " + cost.getAsDouble() + ": must be >= 0");
    }
    if (tokens.isPresent() && tokens.getAsLong() < 0) {
      throw new IllegalArgumentException("illegal tokens " + tokens.getAsLong() + ": must be >= 0");
    }
    java.util.Objects.requireNonNull(cachedTokens, "cachedTokens");
    if (cachedTokens.isPresent() && cachedTokens.getAsLong() < 0) {
      throw new IllegalArgumentException("illegal cached tokens " + cachedTokens.getAsLong() + ": must be >= 0");
    }
  }

  /** Extras without a count of cached tokens. */
  public RunExtras(OptionalLong tokens, Map<Language, List<Double>> passHat, OptionalDouble cost,
      boolean costAtBatchPrices) {
    this(tokens, passHat, cost, costAtBatchPrices, OptionalLong.empty());
  }

  /** Extras of a run played synchronously: its cost, if any, at synchronous prices. */
  public RunExtras(OptionalLong tokens, Map<Language, List<Double>> passHat, OptionalDouble cost) {
    this(tokens, passHat, cost, false);
  }

  /**
   * The extras of a run directory (from its {@code results.json}), or {@link #NONE} for a transcript file; no cost.
   *
   * @throws IllegalArgumentException naming the file when its {@code results.json} cannot be read
   */
  public static RunExtras of(Path run) {
    return of(run, Optional.empty());
  }

  /**
   * The extras of a run directory, with its cost at {@code prices} when given.
   *
   * @throws IllegalArgumentException naming the file when its {@code results.json} cannot be read
   */
  public static RunExtras of(Path run, Optional<PriceTable> prices) {
    if (!Files.isDirectory(run)) {
      return NONE;
    }
    Path results = run.resolve("results.json");
    JsonNode root;
    try {
      root = JSON.readTree(results.toFile());
    } catch (IOException e) {
      throw new IllegalArgumentException(io.clarq.core.files.TextFiles.problem(results, e), e);
    }
    OptionalLong tokens = root.path("tokens").isIntegralNumber() ? OptionalLong.of(root.get("tokens").asLong())
        : usageSum(root, "input_tokens", "output_tokens");   // MediQ, TOA and CQ record usage by role only
    Map<Language, List<Double>> hat = new EnumMap<>(Language.class);
    JsonNode langs = root.path("trials").path("languages");
    langs.fieldNames().forEachRemaining(code -> {
      JsonNode a = langs.get(code).path("pass_hat");
      if (!a.isArray()) {
        return;
      }
      List<Double> values = new ArrayList<>();
      a.forEach(v -> values.add(v.isNumber() ? v.asDouble() : Double.NaN));
      Language language;
      try {
        language = Language.parse(code);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(results + ": trials.languages." + code + ": not a language code", e);
      }
      hat.put(language, values);
    });
    return new RunExtras(tokens, hat, prices.isPresent() ? cost(root, prices.get()) : OptionalDouble.empty(),
        playedInBatches(root), usageSum(root, "cached_input_tokens"));
  }

  /** The named counts summed over every role of {@code usage}; empty when the results record no usage by role. */
  private static OptionalLong usageSum(JsonNode root, String... fields) {
    JsonNode usage = root.path("usage");
    if (!usage.isObject()) {
      return OptionalLong.empty();
    }
    long sum = 0;
    for (JsonNode u : usage) {
      for (String f : fields) {
        sum += u.path(f).asLong(0);
      }
    }
    return OptionalLong.of(sum);
  }

  /** Whether the results record {@code play_mode} batch: the seeker's and provider's calls went through batches. */
  static boolean playedInBatches(JsonNode root) {
    return root.path("play_mode").asText("").equals("batch");
  }

  /**
   * Every role's recorded tokens ({@code usage}: ClarQ-LLM's seeker and provider, TOA's, CQ's and MediQ's roles)
   * priced by the role's model, cached input tokens at the cached price, at batch prices when the run played in batch
   * mode; empty when any of it is unknown. The leaderboards and the scorecard price a run with this one rule.
   *
   * @param root a run's results.json
   * @param prices prices per million tokens
   * @return the run's cost in the price table's currency, or empty
   */
  public static OptionalDouble cost(JsonNode root, PriceTable prices) {
    boolean batch = playedInBatches(root);
    JsonNode usage = root.path("usage");
    if (!usage.isObject()) {
      return OptionalDouble.empty();   // written before clarq recorded usage by role
    }
    double sum = 0;
    for (java.util.Iterator<String> roles = usage.fieldNames(); roles.hasNext(); ) {
      String role = roles.next();
      JsonNode u = usage.path(role);
      // cached input tokens (part of the input tokens) at the cached price, when the run recorded them
      TokenUsage used = new TokenUsage(u.path("input_tokens").asLong(), u.path("output_tokens").asLong(), 0)
          .withCache(u.path("cached_input_tokens").asLong(0), u.path("cache_write_tokens").asLong(0));
      if (used.promptTokens() == 0 && used.completionTokens() == 0) {
        continue;   // no model plays the role, or it used nothing
      }
      String name = root.path("models").path(role).path("name").asText("");
      String model = name.substring(name.indexOf(':') + 1);   // the recorded name is scheme:model
      Optional<PriceTable.Price> price = batch ? prices.batchPriceOf(model) : prices.priceOf(model);
      if (price.isEmpty()) {
        return OptionalDouble.empty();
      }
      sum += price.get().cost(used);
    }
    return OptionalDouble.of(sum);
  }
}
