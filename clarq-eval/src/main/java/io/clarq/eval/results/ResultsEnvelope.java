package io.clarq.eval.results;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.build.ClarqBuild;
import io.clarq.core.llm.Deviation;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.prompt.PromptPack;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/**
 * The common part of every run's {@code results.json}, whatever the benchmark, described by
 * {@code docs/schemas/results-envelope.schema.json}. In file order:
 *
 * <pre>
 * format          the file's format, e.g. "clarq-run-results"      format_version  its version, an integer
 * benchmark       "clarq-llm", "toa", "cq-generate", "cq-judge"   clarq           {version, revision, dirty}
 * started         ISO-8601 UTC, to the millisecond                finished        the same, when results were written
 * models          by role: {name: "scheme:model", servers: [URL without credentials]}, only the roles the run has
 * prompt_packs    [{role, id: "name@digest", digest}]             settings        name to value (text)
 * deviations      [{model, name, reason}] (Deviation.writeAll)     failures        how many items failed, by kind
 * figures         the benchmark's own figures (an object)
 * usage           runs on the kernel: per model role {calls, input_tokens, output_tokens, cached_input_tokens,
 *                 cache_write_tokens} over the items the run ends with (io.clarq.eval.kernel.UsageLog)
 * </pre>
 *
 * A benchmark adds any further fields of its own after these ({@link #writeInto}). Use:
 *
 * <pre>{@code
 * ObjectNode root = ResultsEnvelope.builder("clarq-toa-results", 1, "toa")
 *     .started(startedAt).finished(Instant.now())
 *     .model(ModelRole.ASKER, askerSpec).model(ModelRole.ORACLE, oracleSpec)
 *     .promptPack(ModelRole.ASKER, askerPack)
 *     .deviations(deviations).settings(settings)
 *     .failure("unparsed", 2).failure("infrastructure", 0)
 *     .figures(f -> f.put("recovery", 0.41))
 *     .build().toJson();                  // or .writeInto(root) to put them first into an object of your own
 * }</pre>
 *
 * Immutable and thread-safe once built; the builder is not thread-safe.
 */
public final class ResultsEnvelope {
  /** A benchmark's or a role's name in files: lower-case letters, digits, _ or -, from a letter. */
  static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_-]*");
  private static final DateTimeFormatter UTC = DateTimeFormatter.ISO_INSTANT;

  private final String format;
  private final int formatVersion;
  private final String benchmark;
  private final ClarqBuild build;
  private final Instant started;
  private final Instant finished;
  private final Map<ModelRole, ModelRef> models;
  private final List<PackRef> packs;
  private final Map<String, String> settings;
  private final List<Deviation> deviations;
  private final Map<String, Integer> failures;
  private final ObjectNode figures;
  private final Map<String, io.clarq.eval.kernel.ItemUsage.RoleTokens> usage;

  private ResultsEnvelope(Builder b) {
    format = b.format;
    formatVersion = b.formatVersion;
    benchmark = b.benchmark;
    build = b.build;
    started = Objects.requireNonNull(b.started, "started: the run's start must be given");
    finished = Objects.requireNonNull(b.finished, "finished: the run's end must be given");
    if (finished.isBefore(started)) {
      throw new IllegalArgumentException("illegal run times: finished " + UTC.format(finished) + " is before started "
          + UTC.format(started));
    }
    models = java.util.Collections.unmodifiableMap(new EnumMap<>(b.models));
    packs = List.copyOf(b.packs);
    settings = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(b.settings));
    deviations = List.copyOf(b.deviations);
    failures = java.util.Collections.unmodifiableMap(new TreeMap<>(b.failures));
    figures = b.figures.deepCopy();
    usage = b.usage == null ? null : java.util.Collections.unmodifiableMap(new TreeMap<>(b.usage));
  }

  /**
   * A builder filled from the end of a run on the kernel: its start, now as its end, its settings, the deviations
   * its clients made and the models recorded in its run config ({@link RecordedModels}).
   */
  public static Builder forRun(String format, int formatVersion, String benchmark,
      io.clarq.eval.kernel.RunEnd<?, ?> end) {
    Builder b = builder(format, formatVersion, benchmark).started(end.started()).finished(java.time.Instant.now())
        .settings(end.settings().values()).deviations(end.log().deviations());
    RecordedModels.addTo(b, end.settings().recorded());
    b.usage(io.clarq.eval.kernel.UsageLog.total(end.output(), end.records().keySet(),
        b.models.keySet().stream().map(ModelRole::key).toList()));
    return b;
  }

  /**
   * Starts an envelope.
   *
   * @param format the file's format name, lower case with dashes ({@code clarq-run-results})
   * @param formatVersion the format's version, from 1; raise it when a field changes meaning or goes
   * @param benchmark what the items are ({@code clarq-llm}, {@code toa}, {@code cq-generate}, {@code cq-judge})
   * @throws IllegalArgumentException naming the bad value
   */
  public static Builder builder(String format, int formatVersion, String benchmark) {
    return new Builder(format, formatVersion, benchmark);
  }

  /** The file's format name. */
  public String format() {
    return format;
  }

  /** The format's version. */
  public int formatVersion() {
    return formatVersion;
  }

  /** The benchmark the items belong to. */
  public String benchmark() {
    return benchmark;
  }

  /** The build of clarq that wrote the file (default {@link ClarqBuild#current()}). */
  public ClarqBuild build() {
    return build;
  }

  /** The models by role, in role order. */
  public Map<ModelRole, ModelRef> models() {
    return models;
  }

  /** The prompt packs, in the order given. */
  public List<PackRef> promptPacks() {
    return packs;
  }

  /** The settings, in the order given. */
  public Map<String, String> settings() {
    return settings;
  }

  /** The deviations from the reference protocol. */
  public List<Deviation> deviations() {
    return deviations;
  }

  /** How many items failed, by kind. */
  public Map<String, Integer> failures() {
    return failures;
  }

  /** When the run started. */
  public Instant started() {
    return started;
  }

  /** When the results were written. */
  public Instant finished() {
    return finished;
  }

  /** The envelope as a new JSON object. */
  public ObjectNode toJson() {
    return writeInto(JsonNodeFactory.instance.objectNode());
  }

  /**
   * Puts the envelope's fields into {@code root}, before any field {@code root} already holds of another name (a
   * field of the same name is replaced), so a benchmark can add its own fields before or after.
   *
   * @return {@code root}
   */
  public ObjectNode writeInto(ObjectNode root) {
    ObjectNode own = root.deepCopy();
    root.removeAll();
    root.put("format", format);
    root.put("format_version", formatVersion);
    root.put("benchmark", benchmark);
    ObjectNode c = root.putObject("clarq");
    c.put("version", build.version()).put("revision", build.revision()).put("dirty", build.dirty());
    root.put("started", UTC.format(started));
    root.put("finished", UTC.format(finished));
    ObjectNode m = root.putObject("models");
    models.forEach((role, ref) -> {
      ObjectNode o = m.putObject(role.key());
      o.put("name", ref.name());
      ref.servers().forEach(o.putArray("servers")::add);
    });
    var p = root.putArray("prompt_packs");
    packs.forEach(pack -> p.addObject().put("role", pack.role()).put("id", pack.id()).put("digest", pack.digest()));
    ObjectNode s = root.putObject("settings");
    settings.forEach(s::put);
    Deviation.writeAll(deviations, root.putArray("deviations"));
    ObjectNode f = root.putObject("failures");
    failures.forEach(f::put);
    root.set("figures", figures.deepCopy());
    if (usage != null) {
      io.clarq.eval.kernel.UsageLog.json(usage, root.putObject("usage"));
    }
    own.fields().forEachRemaining(e -> {
      if (!root.has(e.getKey())) {
        root.set(e.getKey(), e.getValue());
      }
    });
    return root;
  }

  @Override
  public String toString() {
    return "ResultsEnvelope{" + format + "/" + formatVersion + ", " + benchmark + ", clarq " + build + ", "
        + UTC.format(started) + " to " + UTC.format(finished) + ", models=" + models + ", packs=" + packs
        + ", deviations=" + deviations.size() + ", failures=" + failures + "}";
  }

  /** Builds a {@link ResultsEnvelope}; every method checks its argument and names a bad one. */
  public static final class Builder {
    private final String format;
    private final int formatVersion;
    private final String benchmark;
    private ClarqBuild build = ClarqBuild.current();
    private Instant started;
    private Instant finished;
    private final Map<ModelRole, ModelRef> models = new EnumMap<>(ModelRole.class);
    private final List<PackRef> packs = new ArrayList<>();
    private final Map<String, String> settings = new LinkedHashMap<>();
    private final List<Deviation> deviations = new ArrayList<>();
    private final Map<String, Integer> failures = new TreeMap<>();
    private ObjectNode figures = JsonNodeFactory.instance.objectNode();
    private Map<String, io.clarq.eval.kernel.ItemUsage.RoleTokens> usage;

    private Builder(String format, int formatVersion, String benchmark) {
      EnvelopeRules.checkHeader(format, formatVersion, benchmark);
      this.format = format;
      this.formatVersion = formatVersion;
      this.benchmark = benchmark;
    }

    /** The build that wrote the file; default {@link ClarqBuild#current()} (tests give a fixed one). */
    public Builder build(ClarqBuild build) {
      this.build = Objects.requireNonNull(build, "build");
      return this;
    }

    /** When the run started (this invocation, for a resumed run); kept to the millisecond. Required. */
    public Builder started(Instant started) {
      this.started = Objects.requireNonNull(started, "started").truncatedTo(ChronoUnit.MILLIS);
      return this;
    }

    /** When the results were written; kept to the millisecond. Required. */
    public Builder finished(Instant finished) {
      this.finished = Objects.requireNonNull(finished, "finished").truncatedTo(ChronoUnit.MILLIS);
      return this;
    }

    /** The model of a role; give only the roles the run has. A role given twice is refused. */
    public Builder model(ModelRole role, ModelRef model) {
      Objects.requireNonNull(role, "role");
      Objects.requireNonNull(model, "model");
      if (models.putIfAbsent(role, model) != null) {
        throw new IllegalArgumentException("model role " + role.key() + " given twice: " + models.get(role).name()
            + " and " + model.name());
      }
      return this;
    }

    /** The model of a role, from its spec (servers without credentials). */
    public Builder model(ModelRole role, LlmSpec spec) {
      return model(role, ModelRef.of(spec));
    }

    /** A prompt pack a role drew on. */
    public Builder promptPack(ModelRole role, PromptPack pack) {
      return promptPack(PackRef.of(role.key(), pack));
    }

    /** The pack {@code agent} speaks from, when it speaks from one ({@link io.clarq.core.prompt.PromptPackUser}). */
    public Builder promptPackOf(ModelRole role, Object agent) {
      if (agent instanceof io.clarq.core.prompt.PromptPackUser<?> user) {
        promptPack(role, user.prompts());
      }
      return this;
    }

    /** A prompt pack, as recorded elsewhere ({@link PackRef#parse}). */
    public Builder promptPack(PackRef pack) {
      packs.add(Objects.requireNonNull(pack, "pack"));
      return this;
    }

    /** Adds settings, in their order; a name given again takes the new value. Names must not be blank. */
    public Builder settings(Map<String, String> settings) {
      settings.forEach(this::setting);
      return this;
    }

    /** Adds one setting. */
    public Builder setting(String name, String value) {
      settings.put(EnvelopeRules.settingName(name), Objects.requireNonNull(value, "value of setting " + name));
      return this;
    }

    /** The run's deviations from the reference protocol, in addition to any given before. */
    public Builder deviations(Collection<Deviation> deviations) {
      deviations.forEach(d -> this.deviations.add(Objects.requireNonNull(d, "deviation")));
      return this;
    }

    /**
     * How many items failed of a kind ({@code unparsed}, {@code unparsed: length}, {@code infrastructure},
     * {@code model error}, ...); a kind given again adds up.
     * Give a kind with 0 to say it was counted and none occurred.
     */
    public Builder failure(String kind, int count) {
      EnvelopeRules.checkFailure(kind, count);
      failures.merge(kind, count, Integer::sum);
      return this;
    }

    /** Failure counts by kind ({@link #failure} for each). */
    public Builder failures(Map<String, Integer> counts) {
      counts.forEach(this::failure);
      return this;
    }

    /** The benchmark's figures: an object, copied. */
    public Builder figures(JsonNode figures) {
      Objects.requireNonNull(figures, "figures");
      if (!figures.isObject()) {
        throw new IllegalArgumentException("illegal figures: must be a JSON object, got " + figures.getNodeType());
      }
      this.figures = (ObjectNode) figures.deepCopy();
      return this;
    }

    /**
     * What the models used, by role ({@code usage} in the file); {@link #forRun} gives it from the run's
     * {@link io.clarq.eval.kernel.UsageLog}. Without it the file has no {@code usage} field.
     */
    public Builder usage(Map<String, io.clarq.eval.kernel.ItemUsage.RoleTokens> usage) {
      EnvelopeRules.checkUsage(usage);
      this.usage = new LinkedHashMap<>(usage);
      return this;
    }

    /** Writes the benchmark's figures into a new object. */
    public Builder figures(Consumer<ObjectNode> writer) {
      ObjectNode o = JsonNodeFactory.instance.objectNode();
      writer.accept(o);
      this.figures = o;
      return this;
    }

    /**
     * The envelope.
     *
     * @throws NullPointerException when {@link #started} or {@link #finished} was not given
     * @throws IllegalArgumentException when the run finished before it started
     */
    public ResultsEnvelope build() {
      return new ResultsEnvelope(this);
    }
  }
}
