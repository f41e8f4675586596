package io.clarq.core.llm.batch;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.ReplyPolicy;
import io.clarq.core.llm.usage.UsageReport;
import io.clarq.core.llm.wire.BatchWire;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * A model behind a batch API, used in passes: during a pass, {@link #chat} answers the requests whose answers are in
 * and queues the others ({@link BatchPendingException}); {@link #sendAndWait()} sends the queue as one batch, polls
 * it until it ends, and keeps its outcomes; the next pass gets the answers. {@link #untilAnswered} runs the passes.
 *
 * <p>A request's custom id is a digest of its body, so the same request in a later pass, or after a restart, is the
 * same entry. Everything sent and received is kept in the state file ({@link BatchState}): a command killed while a
 * batch is open polls that batch again when restarted and never sends it twice. An entry that errored, expired or
 * was canceled goes into the next batch; after {@code maxAttempts} failures its request fails with the provider's
 * reason, as a synchronous call that ran out of attempts does. The reply policy is applied to every answer as the
 * synchronous client applies it.
 */
public final class BatchClient implements LlmClient {
  /** How many batches an entry may fail in before its request fails. */
  public static final int DEFAULT_ATTEMPTS = 3;
  /** How long between two polls of an open batch. */
  public static final Duration DEFAULT_POLL = Duration.ofSeconds(30);

  /** Waits between polls; tests and benchmarks wait for nothing. */
  @FunctionalInterface
  public interface Sleeper {
    void sleep(Duration d) throws InterruptedException;
  }

  /** One pass over the work; it is made again until no request is left waiting. */
  @FunctionalInterface
  public interface Pass<T> {
    T run() throws Exception;
  }

  private final BatchApi api;
  private final BatchWire wire;
  private final BatchState state;
  private final LlmListener listener;
  private final LlmListener everyUse;
  private final int maxAttempts;
  private final Duration pollEvery;
  private final Sleeper sleeper;
  private final Consumer<String> progress;
  private final Map<String, byte[]> pending = new LinkedHashMap<>();
  private final Set<String> reported = new HashSet<>();
  private final Map<String, io.clarq.core.llm.TokenUsage> paid = new HashMap<>();
  private int used;
  private int batches;
  private int polls;
  private long entriesSent;
  /** Whether the open batch was sent by this client's last {@link #send()} (not one found open in the state). */
  private boolean sentNow;

  private BatchClient(Builder b) {
    this.api = b.api;
    this.wire = b.wire;
    this.state = BatchState.load(b.stateFile, b.api.protocol(), b.wire.model());
    this.listener = b.listener;
    this.everyUse = b.everyUse;
    this.maxAttempts = b.maxAttempts;
    this.pollEvery = b.pollEvery;
    this.sleeper = b.sleeper;
    this.progress = b.progress;
  }

  /**
   * A client of {@code api} with bodies and replies of {@code wire}, keeping its state in {@code stateFile} (read
   * when it exists: its open batch is polled, not sent again).
   *
   * @throws IllegalArgumentException when the state file is malformed or holds another API's or model's batches
   */
  static Builder builder(BatchApi api, BatchWire wire, Path stateFile) {
    return new Builder(api, wire, stateFile);
  }

  @Override
  public String model() {
    return wire.model();
  }

  @Override
  public synchronized ChatResponse chat(ChatRequest request) throws LlmException {
    byte[] body = wire.body(request);
    String id = customId(body);
    var answer = state.answer(id);
    if (answer.isPresent()) {
      ChatResponse response = wire.reply(request, answer.get().getBytes(StandardCharsets.UTF_8));
      if (reported.add(id)) {
        listener.onResponse(request, response);
        used++;
      }
      everyUse.onResponse(request, response);
      ReplyPolicy.check(request, response, "batch reply of model " + wire.model());
      return response;
    }
    var failure = state.failure(id);
    if (failure.isPresent() && failure.get().attempts() >= maxAttempts) {
      throw new LlmException("batch entry " + id + " of " + wire.model() + " failed in " + failure.get().attempts()
          + " batches: " + failure.get().reason());
    }
    pending.put(id, body);
    throw new BatchPendingException(id);
  }

  /** Whether a batch is open or a request waits to be sent. */
  public synchronized boolean waiting() {
    return state.open().isPresent() || !pending.isEmpty();
  }

  /**
   * Sends the waiting requests as one batch, unless a batch is open (one sent before, perhaps by an earlier start):
   * then nothing is sent, and {@link #sendAndWait()} polls that one. Nothing is sent when nothing waits. A caller
   * with several clients sends each one's batch first and then waits for them, so the batches run side by side.
   *
   * @throws LlmException when the batch API cannot be reached
   */
  public synchronized void send() throws LlmException {
    if (state.open().isPresent()) {
      return;
    }
    pending.keySet().removeIf(id -> state.answer(id).isPresent());
    if (pending.isEmpty()) {
      return;
    }
    List<BatchApi.Entry> entries = pending.entrySet().stream()
        .map(e -> new BatchApi.Entry(e.getKey(), e.getValue())).toList();
    String id = api.submit(entries);
    state.opened(id, List.copyOf(pending.keySet()));
    batches++;
    entriesSent += entries.size();
    sentNow = true;
    progress.accept("batch " + id + ": " + entries.size() + " requests sent to " + api.protocol() + " "
        + wire.model());
  }

  /**
   * Sends the waiting requests as one batch (or, when a batch is open from before, polls that one instead), polls it
   * every {@code pollEvery} until it ends, and keeps its outcomes. Nothing is sent when nothing waits.
   *
   * @throws LlmException when the batch API cannot be reached; the open batch stays in the state file
   */
  public synchronized void sendAndWait() throws LlmException {
    send();
    if (state.open().isEmpty()) {
      return;
    }
    if (!sentNow) {
      progress.accept("batch " + state.open().get() + ": open from before, polling it (" + state.openEntries().size()
          + " requests)");
    }
    sentNow = false;
    String id = state.open().orElseThrow();
    BatchApi.Status status = api.poll(id);
    polls++;
    while (!status.ended()) {
      progress.accept("batch " + id + ": " + status.state());
      try {
        sleeper.sleep(pollEvery);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new LlmException("interrupted while waiting for batch " + id + " (it stays open in "
            + state.file() + " and is polled again on the next start)", e);
      }
      status = api.poll(id);
      polls++;
    }
    Map<String, String> answered = new HashMap<>();
    Map<String, String> failed = new HashMap<>();
    for (BatchApi.Outcome o : api.results(status)) {
      if (o.kind() == BatchApi.Outcome.Kind.SUCCEEDED) {
        answered.put(o.customId(), new String(o.body(), StandardCharsets.UTF_8));
        paid.put(o.customId(), wire.usage(o.body()));
      } else {
        failed.put(o.customId(), o.kind().name().toLowerCase(java.util.Locale.ROOT) + ": " + o.reason());
      }
    }
    for (String entry : state.openEntries()) {
      if (!answered.containsKey(entry) && !failed.containsKey(entry)) {
        String why = status.files().getOrDefault("errors", "");
        failed.put(entry, "no result (batch " + status.state() + (why.isEmpty() ? "" : ": " + why) + ")");
      }
    }
    state.closed(status.state(), answered, failed);
    pending.keySet().removeAll(answered.keySet());
    pending.keySet().removeAll(failed.keySet());
    progress.accept("batch " + id + ": " + status.state() + ", " + answered.size() + " answered, " + failed.size()
        + " failed");
  }

  /**
   * Makes {@code pass} until no request is left waiting, sending one batch between two passes, and returns the last
   * pass's result: the one every answer was in for.
   */
  public <T> T untilAnswered(Pass<T> pass) throws Exception {
    while (true) {
      T result = pass.run();
      if (!waiting()) {
        return result;
      }
      sendAndWait();
      // a batch left open from before is polled first; what the pass queued goes in the next one
    }
  }

  /** Batches this client sent (not counting one it resumed). */
  public synchronized int batches() {
    return batches;
  }

  /** Polls made. */
  public synchronized int polls() {
    return polls;
  }

  /** Requests this client sent in its batches. */
  public synchronized long requestsSent() {
    return entriesSent;
  }

  /**
   * What this client's batches were billed for: one call and its tokens per answer received (whether a pass used it
   * or not), for pricing at batch prices. Answers read from the state file of an earlier start are not in it.
   */
  public synchronized UsageReport usage() {
    io.clarq.core.llm.TokenUsage tokens = paid.values().stream().reduce(io.clarq.core.llm.TokenUsage.ZERO,
        io.clarq.core.llm.TokenUsage::plus);
    return new UsageReport(paid.size(), 0, 0, 0, paid.isEmpty() ? Map.of() : Map.of(wire.model(), tokens),
        Duration.ZERO, Duration.ZERO);
  }

  /** Answers the passes used (each once): the requests a synchronous run would have made. */
  public synchronized int answersUsed() {
    return used;
  }

  /** The state file. */
  public Path stateFile() {
    return state.file();
  }

  /** The id a request body is matched by: the first 32 hex digits of its SHA-256. */
  static String customId(byte[] body) {
    try {
      return "clarq-" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body)).substring(0, 32);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this Java runtime", e);
    }
  }

  @Override
  public String toString() {
    return "BatchClient{" + api.protocol() + " " + wire.model() + ", state " + state.file() + "}";
  }

  /** Makes a {@link BatchClient}. */
  public static final class Builder {
    private final BatchApi api;
    private final BatchWire wire;
    private final Path stateFile;
    private LlmListener listener = LlmListener.NONE;
    private LlmListener everyUse = LlmListener.NONE;
    private int maxAttempts = DEFAULT_ATTEMPTS;
    private Duration pollEvery = DEFAULT_POLL;
    private Sleeper sleeper = d -> Thread.sleep(d.toMillis());
    private Consumer<String> progress = line -> { };

    private Builder(BatchApi api, BatchWire wire, Path stateFile) {
      this.api = Objects.requireNonNull(api, "api");
      this.wire = Objects.requireNonNull(wire, "wire");
      this.stateFile = Objects.requireNonNull(stateFile, "stateFile");
    }

    /** Told of every answer once (usage, per-turn counts). Default: nobody. */
    public Builder listener(LlmListener listener) {
      this.listener = Objects.requireNonNull(listener, "listener");
      return this;
    }

    /**
     * Told of every answer each time a pass uses it, while {@link #listener} hears of it once: a per-turn tally that
     * each pass rebuilds from the start (a replayed dialogue's turns count their calls as a synchronous run's do).
     * Default: nobody.
     */
    public Builder everyUse(LlmListener everyUse) {
      this.everyUse = Objects.requireNonNull(everyUse, "everyUse");
      return this;
    }

    /** How many batches an entry may fail in before its request fails; default {@value #DEFAULT_ATTEMPTS}. */
    public Builder maxAttempts(int maxAttempts) {
      if (maxAttempts < 1) {
        throw new IllegalArgumentException("illegal maxAttempts " + maxAttempts + ": must be at least 1");
      }
      this.maxAttempts = maxAttempts;
      return this;
    }

    /** How long between polls (default 30 s) and how to wait it. */
    public Builder polling(Duration every, Sleeper sleeper) {
      if (every.isNegative()) {
        throw new IllegalArgumentException("illegal poll interval " + every + ": must not be negative");
      }
      this.pollEvery = every;
      this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
      return this;
    }

    /** Told a line at each step (sent, polled, ended). Default: nobody. */
    public Builder progress(Consumer<String> progress) {
      this.progress = Objects.requireNonNull(progress, "progress");
      return this;
    }

    public BatchClient build() {
      return new BatchClient(this);
    }
  }
}
