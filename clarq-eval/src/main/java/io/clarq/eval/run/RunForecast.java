package io.clarq.eval.run;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.dialogue.Speaker;
import io.clarq.core.llm.TokenUsage;
import io.clarq.core.llm.usage.PriceTable;
import io.clarq.core.task.ClarqTask;
import io.clarq.core.task.Language;
import io.clarq.core.task.Split;
import io.clarq.core.transcript.DialogueRecord;
import io.clarq.core.transcript.TurnRecord;
import io.clarq.datasets.transcript.TranscriptReader;
import io.clarq.eval.kernel.Shard;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;

/**
 * What a run is expected to spend before it spends it: its dialogues, and per role (seeker, provider, judge) the model
 * calls and input and output tokens as a range, with their cost at a {@link PriceTable}.
 *
 * <p>The range is the per-dialogue range of a basis times the dialogues still to play, plus what the dialogues already
 * finished recorded (on a resume). Two bases:
 * <ul>
 *   <li>{@link #published}: seeker turns per dialogue from the six published runs ({@code transcripts/*.json}, all
 *       1,560 dialogues pooled: 10th to 90th percentile, nearest rank, capped at the run's turn cap); calls per
 *       seeker turn and per provider reply from the reference traces ({@code reference-traces/}: the lowest and the
 *       highest per-dialogue rate; the provider's replies are the seeker's turns less one at the low end); tokens per
 *       call from the traces' requests and replies (10th to 90th percentile per call), estimated as one token per
 *       CJK character and one per four other characters. The judge: from none to the most calls a traced judged
 *       dialogue needed, per dialogue.</li>
 *   <li>{@link #resumed}: the run's own finished dialogues (10th to 90th percentile per dialogue of the calls and
 *       tokens their turns recorded); the judge as in the published basis.</li>
 * </ul>
 * A role that no model plays (a rule-based seeker, the offline provider, an offline judge) spends nothing.
 *
 * @param dialogues the dialogues of the run's part (tasks x trials, the shard's share)
 * @param finished of which already finished in the output directory (their recorded figures are counted as they are)
 * @param basis where the per-dialogue ranges come from, in words
 * @param roles seeker, provider, judge, in that order
 */
public record RunForecast(int dialogues, int finished, String basis, List<RoleForecast> roles) {
  /** The role names, in order. */
  public static final List<String> ROLES = List.of("seeker", "provider", "judge");

  public RunForecast {
    if (dialogues < 0 || finished < 0 || finished > dialogues) {
      throw new IllegalArgumentException("illegal forecast: " + finished + " of " + dialogues
          + " dialogues finished");
    }
    Objects.requireNonNull(basis, "basis");
    roles = List.copyOf(roles);
    if (!roles.stream().map(RoleForecast::role).toList().equals(ROLES)) {
      throw new IllegalArgumentException("illegal forecast roles " + roles.stream().map(RoleForecast::role).toList()
          + ": must be " + ROLES);
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
   */
  public record RoleForecast(String role, String model, Range calls, Range inputTokens, Range outputTokens) {
    public RoleForecast {
      Objects.requireNonNull(role, "role");
      Objects.requireNonNull(model, "model");
      Objects.requireNonNull(calls, "calls");
      Objects.requireNonNull(inputTokens, "inputTokens");
      Objects.requireNonNull(outputTokens, "outputTokens");
    }

    /** The cost range at {@code prices}, or empty when the table has no price for the model. */
    public Optional<double[]> cost(PriceTable prices) {
      if (model.isEmpty()) {
        return Optional.of(new double[] {0, 0});
      }
      return prices.priceOf(model).map(p -> new double[] {
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

    static final PerDialogue NOTHING = new PerDialogue(0, 0, 0, 0, 0, 0);
  }

  /**
   * Per-dialogue ranges of the three roles, and what they come from.
   *
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

  /** The per-dialogue ranges of the published basis: {@code clarqLlm} holds transcripts/ and reference-traces/. */
  public static Basis published(Path clarqLlm, boolean multiInfo, int maxSeekerTurns) {
    Path runs = clarqLlm.resolve("transcripts");
    Path traces = clarqLlm.resolve("reference-traces");
    List<Double> turns = new ArrayList<>();
    List<Path> files;
    try (Stream<Path> s = Files.list(runs)) {
      files = s.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the published runs in " + runs + " (needed for the forecast; "
          + "get them with 'clarq data fetch clarq-llm')", e);
    }
    if (files.isEmpty()) {
      throw new IllegalArgumentException("no published run (*.json) in " + runs + ": the forecast needs them");
    }
    for (Path f : files) {
      for (int lines : PublishedDialogueLengths.of(f)) {
        if (lines > 0) {   // empty for the dev types, which were not played
          turns.add((double) Math.min(lines / 2, maxSeekerTurns));
        }
      }
    }
    double turnsLow = percentile(turns, 0.10);
    double turnsHigh = percentile(turns, 0.90);
    List<String> traceFiles = traceFiles(multiInfo);
    Trace seeker = Trace.read(traces.resolve(traceFiles.get(0)), "seeker");
    Trace provider = Trace.read(traces.resolve(traceFiles.get(1)), "provider");
    Trace judge = Trace.read(traces.resolve(traceFiles.get(2)), "judge");
    double providerLow = Math.max(0, turnsLow - 1);
    return new Basis(String.format(Locale.ROOT, "published runs (%d dialogues: seeker turns %s-%s, 10th-90th "
            + "percentile) and reference traces (calls per turn lowest-highest; tokens per call 10th-90th percentile,"
            + " estimated from characters)", turns.size(), num(turnsLow), num(turnsHigh)),
        perDialogue(seeker, turnsLow, turnsHigh),
        perDialogue(provider, providerLow, turnsHigh),
        new PerDialogue(0, judge.rateHigh, 0, judge.rateHigh * judge.inputHigh, 0,
            judge.rateHigh * judge.outputHigh));
  }

  /** The reference-trace files the published basis reads: the seeker's, the provider's and the judge's. */
  static List<String> traceFiles(boolean multiInfo) {
    return List.of("seeker.jsonl.gz", multiInfo ? "provider-multi-info.jsonl.gz" : "provider.jsonl.gz",
        "judge.jsonl.gz");
  }

  private static PerDialogue perDialogue(Trace t, double turnsLow, double turnsHigh) {
    double lo = turnsLow * t.rateLow;
    double hi = turnsHigh * t.rateHigh;
    return new PerDialogue(lo, hi, lo * t.inputLow, hi * t.inputHigh, lo * t.outputLow, hi * t.outputHigh);
  }

  /**
   * The per-dialogue ranges from a run's own finished dialogues ({@code records}), the judge's from {@code fallback}.
   * Empty when none of them recorded its turns.
   */
  public static Optional<Basis> resumed(Collection<DialogueRecord> records, Basis fallback) {
    List<DialogueRecord> known = records.stream().filter(r -> r.finished() && !r.turns().isEmpty()).toList();
    if (known.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(new Basis(String.format(Locale.ROOT, "this run's %d finished dialogues (10th-90th "
            + "percentile per dialogue); judge: %s", known.size(), "reference traces"),
        own(known, Speaker.SEEKER), own(known, Speaker.PROVIDER), fallback.judge()));
  }

  private static PerDialogue own(List<DialogueRecord> records, Speaker speaker) {
    List<long[]> per = records.stream().map(r -> spent(r, speaker)).toList();
    double[] r = new double[6];
    for (int k = 0; k < 3; k++) {
      final int i = k;
      List<Double> values = per.stream().map(a -> (double) a[i]).toList();
      r[2 * k] = percentile(values, 0.10);
      r[2 * k + 1] = percentile(values, 0.90);
    }
    return new PerDialogue(r[0], r[1], r[2], r[3], r[4], r[5]);
  }

  /** Calls, input tokens and output tokens the {@code speaker}'s turns of a dialogue recorded. */
  static long[] spent(DialogueRecord r, Speaker speaker) {
    long[] out = new long[3];
    List<TurnRecord> turns = r.turns();
    for (int i = 0; i < turns.size(); i++) {
      if (r.dialogue().utterances().get(i).speaker() != speaker) {
        continue;
      }
      TurnRecord t = turns.get(i);
      out[0] += t.llmCalls().orElse(0);
      t.usage().ifPresent(u -> {
        out[1] += u.promptTokens();
        out[2] += u.completionTokens();
      });
    }
    return out;
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
      add(seekerDone, spent(r, Speaker.SEEKER));
      add(providerDone, spent(r, Speaker.PROVIDER));
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
   * The dialogues of a run's part: the selected tasks of {@code tasks} times {@code trials}, the {@code shard}'s
   * share; each as "language task trial", in the run's order.
   */
  public static List<String> dialogues(Path tasks, Collection<Language> languages, Split split,
      TaskSelection selection, int trials, Shard shard) {
    List<ClarqTask> selected = ClarqEvaluator.selectTasks(Optional.of(tasks), List.of(), List.copyOf(languages),
        split, selection);
    return shard.of(TaskTrial.of(selected, trials)).stream()
        .map(t -> key(t.task().language(), t.task().id().toString(), t.trial())).toList();
  }

  /**
   * The finished dialogues of {@code out}'s transcript (read only) that belong to {@code dialogues}; empty when there
   * is no transcript.
   */
  public static List<DialogueRecord> finishedIn(Path out, List<String> dialogues) {
    Path transcript = out.resolve(ClarqEvaluator.TRANSCRIPT);
    if (!Files.isRegularFile(transcript)) {
      return List.of();
    }
    Set<String> wanted = new HashSet<>(dialogues);
    Set<String> seen = new HashSet<>();
    List<DialogueRecord> done = new ArrayList<>();
    for (DialogueRecord r : TranscriptReader.read(transcript).records()) {
      String key = key(r.language(), r.taskId().toString(), r.trial());
      if (r.finished() && wanted.contains(key) && seen.add(key)) {
        done.add(r);
      }
    }
    return done;
  }

  private static String key(Language language, String task, int trial) {
    return language.code() + " " + task + " " + trial;
  }

  /** The forecast as a table, with cost at {@code prices} when given. */
  public String table(Optional<PriceTable> prices) {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "Forecast: %,d dialogues%s; basis: %s.%n", dialogues,
        finished == 0 ? "" : " (" + String.format(Locale.ROOT, "%,d", finished) + " already finished)", basis));
    sb.append(String.format(Locale.ROOT, "%-9s %-24s %-21s %-27s %-25s%s%n", "role", "model", "calls",
        "input tokens", "output tokens", prices.isPresent() ? " cost" : ""));
    for (RoleForecast r : roles) {
      String cost = prices.map(p -> r.cost(p).map(c -> String.format(Locale.ROOT, " $%.2f-%.2f", c[0], c[1]))
          .orElse(" (no price for " + r.model() + ")")).orElse("");
      sb.append(String.format(Locale.ROOT, "%-9s %-24s %-21s %-27s %-25s%s%n", r.role(),
          r.model().isEmpty() ? "(no model)" : r.model(), r.calls(), r.inputTokens(), r.outputTokens(), cost));
    }
    return sb.toString();
  }

  /** One line: dialogues and the calls per role. */
  public String line() {
    StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "forecast: %,d dialogues", dialogues));
    for (RoleForecast r : roles) {
      sb.append(", ").append(r.role()).append(' ').append(r.calls()).append(" calls");
    }
    return sb.toString();
  }

  /** Writes the forecast into {@code o}: dialogues, finished, basis, and per role calls and tokens as [low, high]. */
  public void write(ObjectNode o) {
    o.put("dialogues", dialogues).put("finished_before", finished).put("basis", basis);
    ObjectNode rs = o.putObject("roles");
    for (RoleForecast r : roles) {
      ObjectNode ro = rs.putObject(r.role());
      ro.put("model", r.model());
      ro.putArray("calls").add(r.calls().low()).add(r.calls().high());
      ro.putArray("input_tokens").add(r.inputTokens().low()).add(r.inputTokens().high());
      ro.putArray("output_tokens").add(r.outputTokens().low()).add(r.outputTokens().high());
    }
  }

  /**
   * The forecast {@link #write} wrote into {@code o} (the {@code forecast} of a results.json; {@code actual} and
   * {@code calls_within_forecast} beside it are not read).
   *
   * @throws IllegalArgumentException naming what is missing or malformed
   */
  public static RunForecast read(JsonNode o) {
    List<RoleForecast> roles = new ArrayList<>();
    for (String role : ROLES) {
      JsonNode r = o.path("roles").path(role);
      if (!r.isObject()) {
        throw new IllegalArgumentException("forecast: no role " + role);
      }
      roles.add(new RoleForecast(role, r.path("model").asText(), range(r, "calls"), range(r, "input_tokens"),
          range(r, "output_tokens")));
    }
    if (!o.path("dialogues").isIntegralNumber() || !o.path("finished_before").isIntegralNumber()) {
      throw new IllegalArgumentException("forecast: no dialogues or finished_before count");
    }
    return new RunForecast(o.path("dialogues").asInt(), o.path("finished_before").asInt(),
        o.path("basis").asText(), roles);
  }

  private static Range range(JsonNode role, String field) {
    JsonNode a = role.path(field);
    if (!a.isArray() || a.size() != 2 || !a.get(0).isIntegralNumber() || !a.get(1).isIntegralNumber()) {
      throw new IllegalArgumentException("forecast: " + field + " is not [low, high]");
    }
    return new Range(a.get(0).asLong(), a.get(1).asLong());
  }

  /**
   * The forecast of a run made of {@code parts} (the shards of a merge): dialogues, finished dialogues and every range
   * summed; each role's model must be the same in every part, and the basis is the first part's.
   *
   * @throws IllegalArgumentException when there are no parts or a role's model differs between them
   */
  public static RunForecast sum(List<RunForecast> parts) {
    if (parts.isEmpty()) {
      throw new IllegalArgumentException("no forecast to sum");
    }
    List<RoleForecast> roles = new ArrayList<>();
    for (int i = 0; i < ROLES.size(); i++) {
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
      roles.add(new RoleForecast(ROLES.get(i), model, new Range(v[0], v[1]), new Range(v[2], v[3]),
          new Range(v[4], v[5])));
    }
    return new RunForecast(parts.stream().mapToInt(RunForecast::dialogues).sum(),
        parts.stream().mapToInt(RunForecast::finished).sum(), parts.get(0).basis(), roles);
  }

  /** Below the first Hangul Jamo (U+1100) no code point is Han, Hiragana, Katakana or Hangul. */
  private static final int FIRST_CJK = 0x1100;

  /** Tokens of a text, estimated: one per CJK character, one per four other characters (rounded up). */
  static long tokens(String text) {
    long cjk = 0;
    long other = 0;
    for (int i = 0; i < text.length(); ) {
      int cp = text.codePointAt(i);
      i += Character.charCount(cp);
      if (cp < FIRST_CJK) {
        other++;
        continue;
      }
      Character.UnicodeScript s = Character.UnicodeScript.of(cp);
      if (s == Character.UnicodeScript.HAN || s == Character.UnicodeScript.HIRAGANA
          || s == Character.UnicodeScript.KATAKANA || s == Character.UnicodeScript.HANGUL) {
        cjk++;
      } else {
        other++;
      }
    }
    return cjk + (other + 3) / 4;
  }

  /** The nearest-rank percentile of {@code values}: the ceil(p n)-th smallest. */
  static double percentile(List<Double> values, double p) {
    if (values.isEmpty()) {
      throw new IllegalArgumentException("no values for a percentile");
    }
    double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int rank = (int) Math.ceil(p * v.length);
    return v[Math.max(0, Math.min(v.length, rank) - 1)];
  }

  private static String num(double d) {
    return d == Math.rint(d) ? String.valueOf((long) d) : String.format(Locale.ROOT, "%.2f", d);
  }

  /** Streams only (jackson-core): a dry run reads no JSON tree, and a cold start makes no JSON mapper. */
  private static final JsonFactory JSON = new JsonFactory();

  /**
   * One reference-trace file's rates: calls per turn of its role (lowest and highest per-dialogue rate; judge: calls
   * per judged dialogue) and estimated tokens per call (10th and 90th percentile).
   */
  record Trace(double rateLow, double rateHigh, double inputLow, double inputHigh, double outputLow,
      double outputHigh) {
    static Trace read(Path file, String role) {
      if (!Files.isRegularFile(file)) {
        throw new IllegalArgumentException("no reference trace " + file + ": the forecast needs the reference "
            + "traces (clarq-llm/reference-traces)");
      }
      List<Double> rates = new ArrayList<>();
      List<Double> in = new ArrayList<>();
      List<Double> out = new ArrayList<>();
      // the records are read as a sequence of JSON values straight from the bytes (one per line in the file)
      try (JsonParser p = JSON.createParser(new GZIPInputStream(Files.newInputStream(file)))) {
        for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
          if (t != JsonToken.START_OBJECT) {
            throw new IllegalArgumentException(file + " line " + p.currentLocation().getLineNr() + ": not a trace "
                + "record (a JSON object)");
          }
          record(p, role, rates, in, out);
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
      }
      if (rates.isEmpty() || in.isEmpty()) {
        throw new IllegalArgumentException(file + ": no " + role + " calls in the trace");
      }
      ToDoubleFunction<List<Double>> min = l -> l.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
      ToDoubleFunction<List<Double>> max = l -> l.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
      return new Trace(min.applyAsDouble(rates), max.applyAsDouble(rates), percentile(in, 0.10),
          percentile(in, 0.90), percentile(out, 0.10), percentile(out, 0.90));
    }

    /**
     * One record, read as a stream (no tree: a cold start would spend a quarter second making a JSON mapper): the
     * judge's {@code calls}, or the {@code calls} of the {@code turns} whose {@code role} is {@code role} (the
     * provider's opening turn left out); adds the record's calls per turn to {@code rates} and each counted call's
     * input and output tokens to {@code in} and {@code out}.
     */
    private static void record(JsonParser p, String role, List<Double> rates, List<Double> in, List<Double> out)
        throws IOException {
      List<long[]> calls = new ArrayList<>();
      boolean judge = role.equals("judge");
      int[] turns = {0};
      boolean[] first = {true};
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        JsonToken value = p.nextToken();
        if (judge && name.equals("calls") && value == JsonToken.START_ARRAY) {
          items(p, q -> calls.add(call(q)));
        } else if (!judge && name.equals("turns") && value == JsonToken.START_ARRAY) {
          items(p, q -> {
            String[] turnRole = {""};
            List<long[]> turnCalls = new ArrayList<>();
            fields(q, (field, v) -> {
              if (field.equals("role")) {
                turnRole[0] = text(q, v);
              } else if (field.equals("calls") && v == JsonToken.START_ARRAY) {
                items(q, r -> turnCalls.add(call(r)));
              } else {
                q.skipChildren();
              }
            });
            boolean opening = first[0] && role.equals("provider");
            first[0] = false;
            if (turnRole[0].equals(role) && !opening) {
              turns[0]++;
              calls.addAll(turnCalls);
            }
          });
        } else {
          p.skipChildren();
        }
      }
      if (judge) {
        rates.add((double) calls.size());
      } else if (turns[0] > 0) {
        rates.add(calls.size() / (double) turns[0]);
      }
      for (long[] c : calls) {
        in.add((double) c[0]);
        out.add((double) c[1]);
      }
    }

    /** One call (the parser at its first token): its input tokens (its messages' content) and output tokens. */
    private static long[] call(JsonParser p) throws IOException {
      long[] tokens = new long[2];
      fields(p, (name, value) -> {
        if (name.equals("response")) {
          tokens[1] = tokens(text(p, value));
        } else if (name.equals("request") && value == JsonToken.START_OBJECT) {
          fields(p, (field, v) -> {
            if (field.equals("messages") && v == JsonToken.START_ARRAY) {
              items(p, q -> fields(q, (key, c) -> {
                if (key.equals("content")) {
                  tokens[0] += tokens(text(q, c));
                } else {
                  q.skipChildren();
                }
              }));
            } else {
              p.skipChildren();
            }
          });
        } else {
          p.skipChildren();
        }
      });
      return tokens;
    }

    private interface Item {
      void read(JsonParser p) throws IOException;
    }

    private interface Field {
      void read(String name, JsonToken value) throws IOException;
    }

    /** Each item of a list (the parser at its start), the parser at the item's first token. */
    private static void items(JsonParser p, Item item) throws IOException {
      for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
        item.read(p);
      }
    }

    /**
     * Each field of an object (the parser at its first token), the parser at the field's value; a value that is not
     * an object has no fields (as a tree's {@code path} finds none), and is skipped whole.
     */
    private static void fields(JsonParser p, Field field) throws IOException {
      if (p.currentToken() != JsonToken.START_OBJECT) {
        p.skipChildren();
        return;
      }
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        field.read(name, p.nextToken());
      }
    }

    /** A value's text as a tree would give it: a scalar's text, "" for a list or an object. */
    private static String text(JsonParser p, JsonToken value) throws IOException {
      if (value == JsonToken.START_ARRAY || value == JsonToken.START_OBJECT) {
        p.skipChildren();
        return "";
      }
      return p.getText();
    }
  }
}
