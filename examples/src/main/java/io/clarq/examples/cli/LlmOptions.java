package io.clarq.examples.cli;

import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmClients;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.llm.RetryPolicy;
import io.clarq.core.llm.cache.CachePolicy;
import io.clarq.core.llm.cache.CachingLlmClient;
import io.clarq.core.llm.cache.ResponseCacheFile;
import io.clarq.core.llm.route.EndpointPool;
import io.clarq.core.llm.route.EndpointStats;
import io.clarq.core.llm.route.OutageBreaker;
import io.clarq.core.llm.usage.DeviationLog;
import io.clarq.core.llm.usage.PriceTable;
import io.clarq.core.llm.usage.UsageMeter;
import io.clarq.core.llm.usage.UsageReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The options every command that talks to a model shares, as a picocli mixin ({@code @Mixin LlmOptions llm;}): the
 * command declares its own SPEC option ({@code --judge SPEC}, ...) and asks {@link #client} for a client built from
 * it and these options. Every client made here reports to one usage meter, summarised by {@link #usageSummary()}.
 */
public final class LlmOptions {
  @Option(names = "--base-url", paramLabel = "URL",
      description = "The server for the model SPEC, replacing the scheme's default: an OpenAI-compatible one such as "
          + "http://127.0.0.1:8000/v1 (vLLM, Ollama, llama.cpp, LM Studio, an Azure deployment URL with its "
          + "?api-version=), http://host:port/v1 for anthropic:, http://host:port/v1beta for gemini:, "
          + "http://host:11434 for ollama:. Give it several times for replicas of one model: each call goes to the one "
          + "with the fewest calls in flight; one that keeps failing is benched for 30 s.")
  public List<String> baseUrls;

  @Option(names = "--model", paramLabel = "NAME",
      description = "The model name when SPEC names none (a bare base URL); overrides the spec's model otherwise.")
  String model;

  @Option(names = "--api-key-env", paramLabel = "VAR", split = ",",
      description = "Environment variables the API key is read from, tried in order (default: the scheme's: "
          + "CLARQ_LLM_API_KEY then OPENAI_API_KEY, ANTHROPIC_API_KEY, or GEMINI_API_KEY and GOOGLE_API_KEY). No key is "
          + "fine for a local server; a remote one without a key is refused before the first call, naming the "
          + "variables. Keys are never printed.")
  List<String> apiKeyEnv;

  @Option(names = {"--llm-cache", "--cache"}, paramLabel = "FILE",
      description = "Record model replies in this JSONL file and replay them on reruns (deterministic requests "
          + "only, unless --cache-all). --cache is the same option (the cq commands' name for it).")
  public Path cache;

  @Option(names = "--replay-only",
      description = "Answer only from --llm-cache: a request it does not hold fails, so a rerun proves it made no "
          + "live call.")
  public boolean replayOnly;

  @Option(names = "--cache-all", description = "Also cache requests that are not deterministic (temperature > 0 "
      + "without a seed).")
  public boolean cacheAll;

  @Option(names = "--llm-timeout", paramLabel = "SECONDS", defaultValue = "120",
      description = "Timeout of each attempt, in seconds (default: ${DEFAULT-VALUE}).")
  int timeoutSeconds;

  @Option(names = "--llm-attempts", paramLabel = "N", defaultValue = "5",
      description = "Attempts per call, retries included (default: ${DEFAULT-VALUE}); 5xx, timeouts and dropped "
          + "connections are retried with backoff, honouring Retry-After. A 429 for the rate limit uses no attempt: "
          + "it waits as the server says (see --llm-rate-patience).")
  int attempts;

  @Option(names = "--llm-in-flight", paramLabel = "N", defaultValue = "16",
      description = "Most calls on the wire at once per model and server (default: ${DEFAULT-VALUE}).")
  int inFlight;

  @Option(names = "--llm-rpm", paramLabel = "N", defaultValue = "0",
      description = "Requests per minute per model, evenly spaced; 0 = no limit (default). Limits the server states in"
          + " its headers (x-ratelimit-*, anthropic-ratelimit-*) pace calls without it.")
  int requestsPerMinute;

  @Option(names = "--llm-tpm", paramLabel = "N", defaultValue = "0",
      description = "Tokens per minute per model and key (prompt estimated + max_tokens), for a server that states no"
          + " limit in its headers; also caps a stated one. 0 = no cap (default).")
  long tokensPerMinute;

  @Option(names = "--llm-rate-patience", paramLabel = "SECONDS", defaultValue = "600",
      description = "Stop the run when a model's rate limit keeps refusing calls (429) for this long: finished items"
          + " are kept, the rest left for a resume (default: ${DEFAULT-VALUE}). A 429 for the rate limit waits as the"
          + " server says and never uses up an attempt.")
  int ratePatienceSeconds;

  @Option(names = "--llm-param", paramLabel = "NAME=JSON",
      description = "Set a request body field for every model of this command, e.g. reasoning_effort=\"high\", "
          + "top_p=0.95, chat_template_kwargs={\"enable_thinking\":false}; NAME=null drops a field clarq would send. "
          + "Repeatable. Each one is recorded as a deviation from the paper's protocol.")
  List<String> params;

  @Option(names = "--llm-header", paramLabel = "NAME=VALUE",
      description = "Send an extra HTTP header to the model servers; VALUE env:VAR reads it from the environment "
          + "variable VAR (never printed). Repeatable.")
  List<String> headers;

  @Option(names = "--llm-outage-calls", paramLabel = "N", defaultValue = "10",
      description = "Stop the run when every server of a model has failed N calls in a row (connection errors, "
          + "time-outs, 5xx, each after its retries): finished items are kept, the rest left for a resume "
          + "(default: ${DEFAULT-VALUE}; 0 = never stop).")
  int outageCalls;

  @Option(names = "--prices", paramLabel = "TABLE",
      description = "Prices per million tokens to report cost, e.g. gpt-4o=2.50/10.00,gpt-4o-mini=0.15/0.60;"
          + " MODEL=IN/OUT/CACHED[/CACHE_WRITE] prices the input the provider's prompt cache served (and wrote),"
          + " batch:MODEL=IN/OUT a model's batch calls (default: half its price).")
  public String prices;

  private final UsageMeter usage = new UsageMeter();
  private final Map<String, EndpointPool> pools = new LinkedHashMap<>();
  private Function<String, String> environment = System::getenv;
  private final List<LlmListener> alsoTell = new java.util.ArrayList<>();
  private final DeviationLog deviations = new DeviationLog();

  /**
   * Has every client made from now on report to {@code listener} as well (the runner's per-turn usage, which also
   * hears deviations from the reference protocol).
   */
  public LlmOptions alsoTell(LlmListener listener) {
    if (!alsoTell.contains(listener)) {
      alsoTell.add(listener);
    }
    return this;
  }

  /** The deviations from the reference protocol the clients made here have reported so far. */
  public List<io.clarq.core.llm.Deviation> deviations() {
    return deviations.all();
  }

  private java.time.Duration batchPoll = io.clarq.core.llm.batch.BatchClient.DEFAULT_POLL;
  private io.clarq.core.llm.batch.BatchClient.Sleeper batchSleeper = d -> Thread.sleep(d.toMillis());

  /** Polls a batch every {@code every}, waiting with {@code sleeper} (tests: no wait). */
  LlmOptions batchPolling(java.time.Duration every, io.clarq.core.llm.batch.BatchClient.Sleeper sleeper) {
    this.batchPoll = every;
    this.batchSleeper = sleeper;
    return this;
  }

  /** Reads keys from {@code env} instead of the process environment (tests). */
  LlmOptions environment(Function<String, String> env) {
    this.environment = env;
    return this;
  }

  /** Whether any of these options was given (a command without a SPEC can then say they need one). */
  public boolean anyGiven() {
    return baseUrls != null || model != null || apiKeyEnv != null || cache != null || replayOnly || cacheAll
        || prices != null || params != null || headers != null;
  }

  /**
   * The spec given as {@code specText} to {@code option}, completed by {@code --base-url}, {@code --model},
   * {@code --api-key-env} and the limits.
   *
   * @throws CommandLine.ParameterException naming the option that is wrong (exit code 2)
   */
  public LlmSpec spec(CommandLine cl, String option, String specText) {
    try {
      LlmSpec spec = LlmSpec.parse(specText);
      if (baseUrls != null) {
        spec = spec.withBaseUrls(baseUrls.stream().map(LlmSpec::parseUrl).toList());
      }
      if (model != null) {
        spec = spec.withModel(model);
      }
      if (apiKeyEnv != null) {
        spec = spec.withApiKeyEnv(apiKeyEnv);
      }
      for (String p : params == null ? List.<String>of() : params) {
        String[] nv = nameValue("--llm-param", p);
        spec = spec.withParam(nv[0], nv[1]);
      }
      for (String h : headers == null ? List.<String>of() : headers) {
        String[] nv = nameValue("--llm-header", h);
        spec = spec.withHeader(nv[0], nv[1]);
      }
      return spec.withSettings(new LlmSettings(Duration.ofSeconds(timeoutSeconds),
          RetryPolicy.DEFAULT.withMaxAttempts(attempts), inFlight, requestsPerMinute, tokensPerMinute,
          Duration.ofSeconds(ratePatienceSeconds)));
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, option + " " + specText + ": " + e.getMessage(), e, null,
          specText);
    }
  }

  /**
   * Refuses {@code --llm-param seed=N} (or Mistral's {@code random_seed=N}) with {@code trials > 1}: the body field
   * replaces every request's seed, so every trial would send seed N and the K trials would be one (issue 29).
   *
   * @throws CommandLine.ParameterException naming both options (exit code 2)
   */
  public void refuseFixedSeed(CommandLine cl, int trials) {
    if (trials < 2) {
      return;
    }
    for (String p : params == null ? List.<String>of() : params) {
      int eq = p.indexOf('=');
      String name = eq > 0 ? p.substring(0, eq).strip() : "";
      if (LlmClient.SEED_FIELDS.contains(name) && !p.substring(eq + 1).strip().equals("null")) {
        String seed = p.substring(eq + 1).strip();
        throw new CommandLine.ParameterException(cl, "--llm-param " + name + "=" + seed + " with --trials " + trials
            + ": the body field replaces every request's seed, so all " + trials + " trials would send seed " + seed
            + " and play the same; drop --llm-param " + name + " (trial t sends seed 8848 + t - 1) or play one"
            + " trial");
      }
    }
  }

  private static String[] nameValue(String option, String text) {
    int eq = text.indexOf('=');
    if (eq <= 0) {
      throw new IllegalArgumentException(option + " " + text + ": expected NAME=VALUE");
    }
    return new String[] {text.substring(0, eq).strip(), text.substring(eq + 1)};
  }

  private io.clarq.eval.clarqllm.RenderedCalls rendering;

  /**
   * From now on every {@link #client} of this command renders its requests into {@code calls} and calls no model (a
   * dry run's forecast): no key, cache or server is needed.
   */
  public void renderInto(io.clarq.eval.clarqllm.RenderedCalls calls) {
    this.rendering = java.util.Objects.requireNonNull(calls, "calls");
  }

  /**
   * A client for {@code specText}: the backend its scheme names, behind the response cache when
   * {@code --llm-cache} is given, reporting to this command's usage meter. The caller closes it.
   *
   * @throws CommandLine.ParameterException when the spec or an option is wrong
   */
  public LlmClient client(CommandLine cl, String option, String specText) {
    LlmSpec spec = spec(cl, option, specText);
    if (rendering != null) {
      return rendering.client(option, spec.model());
    }
    if ((replayOnly || cacheAll) && cache == null) {
      throw new CommandLine.ParameterException(cl, (replayOnly ? "--replay-only" : "--cache-all")
          + " needs --llm-cache FILE");
    }
    pricesTable();
    if (outageCalls < 0) {
      throw new CommandLine.ParameterException(cl, "--llm-outage-calls " + outageCalls + ": must be 0 (never stop) "
          + "or more");
    }
    List<LlmListener> listeners = new java.util.ArrayList<>(List.of(usage.listener(spec.model()),
        deviations.listener()));
    listeners.addAll(alsoTell);
    LlmListener listener = LlmListener.all(listeners);
    LlmClient live;
    try {
      Optional<String> noKey = LlmClients.missingKey(spec, environment);
      if (noKey.isPresent()) {
        throw new IllegalArgumentException(noKey.get());
      }
      live = LlmClients.fromSpec(spec, environment, listener);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, option + " " + specText + ": " + e.getMessage(), e, null,
          specText);
    }
    // the scheme's client sits under the reply policy (LlmClients.fromSpec); the pool, when there is one, below it
    LlmClient backend = live instanceof io.clarq.core.llm.LlmClientDecorator d ? d.delegate() : live;
    if (backend instanceof EndpointPool pool) {
      pools.put(option + " " + spec.identity(), pool);
    }
    if (outageCalls > 0) {
      live = new OutageBreaker(live, spec.identity(), outageCalls);
    }
    if (cache == null) {
      return live;
    }
    if (replayOnly && !Files.isRegularFile(cache)) {
      throw new CommandLine.ParameterException(cl, "--replay-only: the cache file " + cache + " does not exist "
          + "(nothing to replay; record it first without --replay-only)");
    }
    CachePolicy policy = new CachePolicy(replayOnly ? CachePolicy.Mode.REPLAY_ONLY : CachePolicy.Mode.READ_WRITE,
        cacheAll);
    return CachingLlmClient.forSpec(live, spec, ResponseCacheFile.open(cache), policy, listener);
  }

  /**
   * A batch client for {@code specText} ({@code openai:} or {@code anthropic:}; its key, headers and body fields read
   * as {@link #client} reads them), reporting each answer once to this command's usage meter and each time a pass uses
   * it to the listeners of {@link #alsoTell}, its state in {@code stateFile}, each step told to {@code progress}.
   *
   * @throws CommandLine.ParameterException when the spec has no batch API, or {@code --llm-cache} is given (a batch
   *     keeps its own answers)
   */
  public io.clarq.core.llm.batch.BatchClient batchClient(CommandLine cl, String option, String specText,
      Path stateFile, java.util.function.Consumer<String> progress) {
    LlmSpec spec = spec(cl, option, specText);
    if (cache != null) {
      throw new CommandLine.ParameterException(cl, "--batch and --llm-cache exclude each other: a batch keeps its"
          + " answers in its own state file (" + stateFile + ")");
    }
    pricesTable();
    List<LlmListener> listeners = List.of(usage.listener(spec.model()), deviations.listener());
    try {
      // the usage meter hears each answer once; the listeners of alsoTell (the runner's per-turn tally, rebuilt by
      // every pass of turn-synchronous play) each time a pass uses it
      return io.clarq.core.llm.batch.BatchClients.forSpec(spec, environment, stateFile)
          .listener(LlmListener.all(listeners)).everyUse(LlmListener.all(List.copyOf(alsoTell))).progress(progress)
          .polling(batchPoll, batchSleeper).build();
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, option + " " + specText + " with --batch: " + e.getMessage(), e,
          null, specText);
    }
  }

  /** What the clients made here used so far. */
  public UsageReport usage() {
    return usage.report();
  }

  /**
   * One line of usage, with cost when {@code --prices} was given; then, for a model on several servers, one line per
   * server (calls, failures, benchings, mean latency); then one line per deviation from the paper's protocol.
   */
  public String usageSummary() {
    StringBuilder sb = new StringBuilder(usage.report().summary(pricesTable()));
    pools.forEach((model, pool) -> pool.stats().forEach(s -> sb.append("\n  ").append(s.summary())));
    for (io.clarq.core.llm.Deviation d : deviations.all()) {
      sb.append("\n  deviation from the paper's protocol: ").append(d);
    }
    return sb.toString();
  }

  /** Per-server figures of the models on several servers, by option and model (empty when each has one server). */
  public Map<String, List<EndpointStats>> endpointStats() {
    Map<String, List<EndpointStats>> out = new LinkedHashMap<>();
    pools.forEach((model, pool) -> out.put(model, pool.stats()));
    return out;
  }

  /** The table of {@code --prices}, when given. */
  public Optional<PriceTable> prices() {
    return pricesTable();
  }

  private Optional<PriceTable> pricesTable() {
    try {
      return prices == null ? Optional.empty() : Optional.of(PriceTable.parse(prices));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--prices: " + e.getMessage(), e);
    }
  }
}
