package io.clarq.eval.clarqllm;

import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.core.dialogue.Speaker;
import io.clarq.core.llm.TokenUsage;
import io.clarq.core.llm.usage.PriceTable;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * What a run is expected to spend before it spends it: its dialogues, and per role (seeker, provider, judge) the model
 * calls and input and output tokens as a range, with their cost at a {@link PriceTable}.
 *
 * <p>The range is the per-dialogue range of a {@link Basis} times the dialogues still to play, plus what the
 * dialogues already finished recorded (on a resume). The bases: {@link PublishedBasis} (the published runs and the
 * reference traces' call statistics) and {@link ResumedBasis} (the run's own finished dialogues). A role that no model
 * plays (a rule-based seeker, the offline provider, an offline judge) spends nothing. {@link RunForecasts} makes the
 * forecast of a run's settings; {@link ForecastTable} prints it, {@link ForecastJson} keeps it in results.json.
 *
 * @param dialogues the dialogues of the run's part (tasks x trials, the shard's share)
 * @param finished of which already finished in the output directory (their recorded figures are counted as they are)
 * @param basis where the per-dialogue ranges come from, in words
 * @param roles the roles, each named once: ClarQ-LLM's {@link #ROLES} in that order; another benchmark's own roles
 *     (MediQ's expert, question generator and patient), so that every benchmark's forecast has this one shape
 */
public record RunForecast(int dialogues, int finished, String basis, List<RoleForecast> roles) {
  /** ClarQ-LLM's role names, in order. */
  public static final List<String> ROLES = List.of("seeker", "provider", "judge");

  public RunForecast {
    if (dialogues < 0 || finished < 0 || finished > dialogues) {
      throw new IllegalArgumentException("illegal forecast: " + finished + " of " + dialogues
          + " dialogues finished");
    }
    Objects.requireNonNull(basis, "basis");
    roles = List.copyOf(roles);
    List<String> names = roles.stream().map(RoleForecast::role).toList();
    if (names.isEmpty() || names.stream().distinct().count() != names.size()) {
      throw new IllegalArgumentException("illegal forecast roles " + names + ": must be at least one, each once");
    }
  }

  /** A closed range of counts. */
  public record Range(long low, long high) {
    public Range {
      if (low < 0 || high < low) {
        throw new IllegalArgumentException("illegal range " + low + "-" + high + ": must be 0 <= low <= high");
      }
    }

    /** Whether {@code value} lies in the range, ends included. */
    public boolean contains(long value) {
      return value >= low && value <= high;
    }

    @Override
    public String toString() {
      return String.format(Locale.ROOT, "%,d-%,d", low, high);
    }
  }

  /**
   * One role's expected spending.
   *
   * @param role seeker, provider or judge
   * @param model the model that plays it ("" when no model does: it spends nothing)
   * @param batch whether the model is asked through a batch API, so that its calls cost the batch price
   */
  public record RoleForecast(String role, String model, Range calls, Range inputTokens, Range outputTokens,
      boolean batch) {
    public RoleForecast {
      Objects.requireNonNull(role, "role");
      Objects.requireNonNull(model, "model");
      Objects.requireNonNull(calls, "calls");
      Objects.requireNonNull(inputTokens, "inputTokens");
      Objects.requireNonNull(outputTokens, "outputTokens");
    }

    /**
     * The forecast of a role that spends {@code perItem} on each of {@code items} items (nothing when no model plays
     * it): each range is the per-item range times the items, the low end rounded down, the high end up.
     */
    public static RoleForecast times(String role, String model, PerDialogue perItem, int items) {
      if (items < 0) {
        throw new IllegalArgumentException("illegal item count " + items + " for the " + role);
      }
      return RunForecast.role(role, model, perItem, items, new long[3]);
    }

    /** A role whose model is asked synchronously. */
    public RoleForecast(String role, String model, Range calls, Range inputTokens, Range outputTokens) {
      this(role, model, calls, inputTokens, outputTokens, false);
    }

    /**
     * The cost range at {@code prices}: at the model's synchronous price, or in batch mode at its batch price
     * ({@link PriceTable#batchPriceOf}: its {@code batch:} entry, else half the synchronous price); empty when the
     * table has no price for the model. Every input token counts at the input price: the forecast does not estimate
     * how much of it the provider's prompt cache would serve.
     */
    public Optional<double[]> cost(PriceTable prices) {
      if (model.isEmpty()) {
        return Optional.of(new double[] {0, 0});
      }
      return (batch ? prices.batchPriceOf(model) : prices.priceOf(model)).map(p -> new double[] {
          p.cost(new TokenUsage(inputTokens.low(), outputTokens.low(), 0)),
          p.cost(new TokenUsage(inputTokens.high(), outputTokens.high(), 0))});
    }
  }

  /** Expected calls and tokens of one dialogue of one role: lower and upper ends. */
  public record PerDialogue(double callsLow, double callsHigh, double inputLow, double inputHigh, double outputLow,
      double outputHigh) {
    public PerDialogue {
      double[] v = {callsLow, callsHigh, inputLow, inputHigh, outputLow, outputHigh};
      for (int i = 0; i < v.length; i += 2) {
        if (!(v[i] >= 0 && v[i + 1] >= v[i]) || Double.isInfinite(v[i + 1])) {
          throw new IllegalArgumentException("illegal per-dialogue range " + v[i] + "-" + v[i + 1]);
        }
      }
    }

    /** No calls and no tokens: what a role no model plays spends. */
    public static final PerDialogue NOTHING = new PerDialogue(0, 0, 0, 0, 0, 0);
  }

  /**
   * Per-dialogue ranges of the three roles, and what they come from.
   *
   * @param description what the ranges come from, in words
   * @param seeker per dialogue of a model seeker
   * @param provider per dialogue of a model provider
   * @param judge per dialogue of a model judge
   */
  public record Basis(String description, PerDialogue seeker, PerDialogue provider, PerDialogue judge) {
    public Basis {
      Objects.requireNonNull(description, "description");
      Objects.requireNonNull(seeker, "seeker");
      Objects.requireNonNull(provider, "provider");
      Objects.requireNonNull(judge, "judge");
    }
  }

  /** The models of the roles: "" for a role no model plays. */
  public record Models(String seeker, String provider, String judge) {
    public Models {
      Objects.requireNonNull(seeker, "seeker");
      Objects.requireNonNull(provider, "provider");
      Objects.requireNonNull(judge, "judge");
    }
  }

  /**
   * The forecast of a run with {@code dialogues} dialogues in its part, of which {@code done} already finished.
   *
   * @param done the finished dialogues of the part (their recorded seeker and provider figures are added as they are)
   */
  public static RunForecast of(int dialogues, List<DialogueRecord> done, Basis basis, Models models) {
    int left = dialogues - done.size();
    if (left < 0) {
      throw new IllegalArgumentException(done.size() + " finished dialogues for a run of " + dialogues);
    }
    long[] seekerDone = new long[3];
    long[] providerDone = new long[3];
    for (DialogueRecord r : done) {
      add(seekerDone, ForecastDialogues.spent(r, Speaker.SEEKER));
      add(providerDone, ForecastDialogues.spent(r, Speaker.PROVIDER));
    }
    return new RunForecast(dialogues, done.size(), basis.description(), List.of(
        role("seeker", models.seeker(), basis.seeker(), left, seekerDone),
        role("provider", models.provider(), basis.provider(), left, providerDone),
        role("judge", models.judge(), basis.judge(), dialogues, new long[3])));
  }

  private static void add(long[] to, long[] what) {
    for (int i = 0; i < to.length; i++) {
      to[i] += what[i];
    }
  }

  private static RoleForecast role(String role, String model, PerDialogue p, int left, long[] done) {
    PerDialogue q = model.isEmpty() ? PerDialogue.NOTHING : p;
    long[] d = model.isEmpty() ? new long[3] : done;
    return new RoleForecast(role, model,
        new Range(d[0] + (long) Math.floor(left * q.callsLow()), d[0] + (long) Math.ceil(left * q.callsHigh())),
        new Range(d[1] + (long) Math.floor(left * q.inputLow()), d[1] + (long) Math.ceil(left * q.inputHigh())),
        new Range(d[2] + (long) Math.floor(left * q.outputLow()), d[2] + (long) Math.ceil(left * q.outputHigh())));
  }

  /**
   * This forecast with the models of {@code roles} (names of this forecast's roles) asked through a batch API, priced
   * at batch prices.
   *
   * @throws IllegalArgumentException naming a role that is not one of this forecast's
   */
  public RunForecast inBatch(java.util.Set<String> roles) {
    List<String> names = this.roles.stream().map(RoleForecast::role).toList();
    for (String r : roles) {
      if (!names.contains(r)) {
        throw new IllegalArgumentException("illegal role \"" + r + "\": must be one of " + names);
      }
    }
    return new RunForecast(dialogues, finished, basis, this.roles.stream().map(r -> new RoleForecast(r.role(),
        r.model(), r.calls(), r.inputTokens(), r.outputTokens(), r.batch() || roles.contains(r.role()))).toList());
  }

  /**
   * The forecast of a run made of {@code parts} (the shards of a merge): dialogues, finished dialogues and every range
   * summed; the parts must have the same roles and each role the same model in every part, the basis is the first
   * part's, and a role is in batch mode when it is in any part.
   *
   * @throws IllegalArgumentException when there are no parts, or the roles or a role's model differ between them
   */
  public static RunForecast sum(List<RunForecast> parts) {
    if (parts.isEmpty()) {
      throw new IllegalArgumentException("no forecast to sum");
    }
    List<String> names = parts.get(0).roles().stream().map(RoleForecast::role).toList();
    for (RunForecast f : parts) {
      List<String> other = f.roles().stream().map(RoleForecast::role).toList();
      if (!other.equals(names)) {
        throw new IllegalArgumentException("forecasts of different roles: " + names + " and " + other);
      }
    }
    List<RoleForecast> roles = new ArrayList<>();
    for (int i = 0; i < names.size(); i++) {
      String model = parts.get(0).roles().get(i).model();
      long[] v = new long[6];
      for (RunForecast f : parts) {
        RoleForecast r = f.roles().get(i);
        if (!r.model().equals(model)) {
          throw new IllegalArgumentException("forecasts of different models for the " + r.role() + ": " + model
              + " and " + r.model());
        }
        long[] add = {r.calls().low(), r.calls().high(), r.inputTokens().low(), r.inputTokens().high(),
            r.outputTokens().low(), r.outputTokens().high()};
        for (int k = 0; k < 6; k++) {
          v[k] += add[k];
        }
      }
      int role = i;
      roles.add(new RoleForecast(names.get(i), model, new Range(v[0], v[1]), new Range(v[2], v[3]),
          new Range(v[4], v[5]), parts.stream().anyMatch(f -> f.roles().get(role).batch())));
    }
    return new RunForecast(parts.stream().mapToInt(RunForecast::dialogues).sum(),
        parts.stream().mapToInt(RunForecast::finished).sum(), parts.get(0).basis(), roles);
  }

  /**
   * The forecast of several runs of possibly different benchmarks (a suite's entries): dialogues and finished
   * dialogues summed, and one role per role name and model, its ranges summed over the parts that have it, in the
   * order they first appear; a role name that different models play is told apart as {@code role (model)}. A role is in
   * batch mode when it is in any part.
   *
   * @param basis what the combined forecast comes from, in words
   * @throws IllegalArgumentException when there are no parts
   */
  public static RunForecast combine(List<RunForecast> parts, String basis) {
    if (parts.isEmpty()) {
      throw new IllegalArgumentException("no forecast to combine");
    }
    java.util.Map<String, java.util.Set<String>> models = new java.util.HashMap<>();
    parts.forEach(f -> f.roles().forEach(r -> models.computeIfAbsent(r.role(), k -> new java.util.HashSet<>())
        .add(r.model())));
    java.util.Map<String, long[]> sums = new java.util.LinkedHashMap<>();
    java.util.Map<String, RoleForecast> first = new java.util.HashMap<>();
    java.util.Set<String> batch = new java.util.HashSet<>();
    for (RunForecast f : parts) {
      for (RoleForecast r : f.roles()) {
        String name = models.get(r.role()).size() == 1 ? r.role()
            : r.role() + " (" + (r.model().isEmpty() ? "no model" : r.model()) + ")";
        first.putIfAbsent(name, r);
        long[] v = sums.computeIfAbsent(name, k -> new long[6]);
        long[] add = {r.calls().low(), r.calls().high(), r.inputTokens().low(), r.inputTokens().high(),
            r.outputTokens().low(), r.outputTokens().high()};
        for (int k = 0; k < 6; k++) {
          v[k] += add[k];
        }
        if (r.batch()) {
          batch.add(name);
        }
      }
    }
    List<RoleForecast> roles = new ArrayList<>();
    sums.forEach((name, v) -> roles.add(new RoleForecast(name, first.get(name).model(), new Range(v[0], v[1]),
        new Range(v[2], v[3]), new Range(v[4], v[5]), batch.contains(name))));
    return new RunForecast(parts.stream().mapToInt(RunForecast::dialogues).sum(),
        parts.stream().mapToInt(RunForecast::finished).sum(), basis, roles);
  }
}
