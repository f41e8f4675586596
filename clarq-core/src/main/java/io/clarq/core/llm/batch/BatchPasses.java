package io.clarq.core.llm.batch;

import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.usage.PriceTable;
import io.clarq.core.llm.usage.UsageReport;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Turn-synchronous play through batch APIs: the work (every active item of a run) is played in passes, each item up
 * to the first model call whose answer is not in yet ({@link BatchPendingException}); between two passes, each of
 * the clients (one per model: a batch holds one model's requests) sends its queue as one batch, the batches run side
 * by side, and the next pass replays the waiting items from their answers and takes each one a call further. One
 * helper for every benchmark that plays items: the run kernel calls {@link #between} after a pass that left items
 * waiting; {@link #untilAnswered} runs passes for a caller without a kernel.
 *
 * <pre>{@code
 * BatchClient seekerModel = BatchClients.forSpec(spec, System::getenv, out.resolve("play-batch.json")).build();
 * BatchPasses passes = BatchPasses.of(List.of(seekerModel), System.err::println);
 * RunResult result = passes.untilAnswered(() -> playEveryItem());
 * }</pre>
 *
 * <p>An item waiting is neither failed nor finished; an item whose request failed in every allowed batch fails with
 * the provider's reason, as a synchronous call out of attempts does ({@link BatchClient}).
 */
public final class BatchPasses implements AutoCloseable {
  private final List<BatchClient> clients;
  private final Consumer<String> progress;
  private int passes;

  private BatchPasses(List<BatchClient> clients, Consumer<String> progress) {
    this.clients = List.copyOf(clients);
    this.progress = Objects.requireNonNull(progress, "progress");
    if (this.clients.isEmpty()) {
      throw new IllegalArgumentException("illegal batch passes: no batch client (give the model roles' clients)");
    }
    for (int i = 0; i < this.clients.size(); i++) {
      for (int j = 0; j < i; j++) {
        if (this.clients.get(i).stateFile().toAbsolutePath().normalize().equals(
            this.clients.get(j).stateFile().toAbsolutePath().normalize())) {
          throw new IllegalArgumentException("illegal batch passes: two clients keep their state in "
              + this.clients.get(i).stateFile() + "; give each model its own state file");
        }
      }
    }
  }

  /**
   * Passes over {@code clients}' batches (each client once, its own state file), telling {@code progress} a line at
   * each step.
   *
   * @throws IllegalArgumentException when no client is given or two share a state file
   */
  public static BatchPasses of(List<BatchClient> clients, Consumer<String> progress) {
    return new BatchPasses(clients, progress);
  }

  /**
   * The name of the state file of a batch client named {@code name} (a role or a model):
   * {@code batch-NAME.json}, each character that is not a letter, digit, dot, dash or underscore written as _
   * ({@code batch-meta-llama_Llama-3.1-8B-Instruct.json}).
   *
   * @throws IllegalArgumentException for a blank name
   */
  public static String stateFileName(String name) {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("illegal batch client name \"" + name + "\": must not be blank");
    }
    return "batch-" + name.replaceAll("[^A-Za-z0-9._-]", "_") + ".json";
  }

  /** The clients, in the order given. */
  public List<BatchClient> clients() {
    return clients;
  }

  /** Whether any client has a request queued or a batch open. */
  public boolean waiting() {
    return clients.stream().anyMatch(BatchClient::waiting);
  }

  /**
   * The step between two passes: {@code waitingItems} items wait for an answer; every client with requests queued
   * sends them as one batch (or finds its batch open from an earlier start), then each one's batch is polled until
   * it ends.
   *
   * @throws IllegalStateException when items wait but no client has a request queued or a batch open (a pass that
   *     threw {@link BatchPendingException} for a request of a client not in this set)
   * @throws LlmException when a batch API cannot be reached; open batches stay in their state files
   */
  public void between(int waitingItems) throws LlmException {
    if (!waiting()) {
      throw new IllegalStateException(waitingItems + " item(s) wait for a batch answer but none of the batch clients "
          + clients + " has a request queued: the waiting requests went to a client outside this set");
    }
    passes++;
    progress.accept("pass " + passes + ": " + waitingItems + " item" + (waitingItems == 1 ? "" : "s")
        + " wait for their next answer");
    for (BatchClient c : clients) {
      c.send();
    }
    for (BatchClient c : clients) {
      c.sendAndWait();
    }
  }

  /**
   * Makes {@code pass} until no request is left waiting, with {@link #between} between two passes, and returns the
   * last pass's result: the one every answer was in for.
   */
  public <T> T untilAnswered(BatchClient.Pass<T> pass) throws Exception {
    while (true) {
      T result = pass.run();
      if (!waiting()) {
        return result;
      }
      between(0);
    }
  }

  /** The steps between passes made so far (each one sent or polled at least one batch). */
  public int passes() {
    return passes;
  }

  /** Batches the clients sent (not counting ones resumed from an earlier start). */
  public int batches() {
    return clients.stream().mapToInt(BatchClient::batches).sum();
  }

  /** Requests the clients sent in their batches. */
  public long requestsSent() {
    return clients.stream().mapToLong(BatchClient::requestsSent).sum();
  }

  /** What the clients' batches were billed for, every model together ({@link BatchClient#usage()}). */
  public UsageReport usage() {
    UsageReport sum = UsageReport.EMPTY;
    for (BatchClient c : clients) {
      sum = sum.plus(c.usage());
    }
    return sum;
  }

  /** One line per client ({@link #line}). */
  public List<String> summary(Optional<PriceTable> prices) {
    List<String> out = new ArrayList<>();
    clients.forEach(c -> out.add(line(c, prices)));
    return out;
  }

  /**
   * One line: requests, batches, polls, answers billed and used, and with {@code prices} what the billed answers cost
   * at batch prices beside what the used ones would have cost synchronously: {@code batch: 124 requests in 2 batches
   * (6 polls), 123 answers billed, 123 used, state judge-batch.json; cost 0.0215 at batch prices (0.0431
   * synchronous)}.
   */
  public static String line(BatchClient client, Optional<PriceTable> prices) {
    UsageReport billed = client.usage();
    String line = String.format(Locale.ROOT, "batch: %d requests in %d batch%s (%d polls), %d answers billed, %d used,"
        + " state %s", client.requestsSent(), client.batches(), client.batches() == 1 ? "" : "es", client.polls(),
        billed.calls(), client.answersUsed(), client.stateFile());
    if (prices.isPresent()) {
      Optional<Double> batch = billed.cost(prices.get(), true);
      Optional<Double> sync = billed.cost(prices.get(), false);
      line += batch.isPresent() && sync.isPresent()
          ? String.format(Locale.ROOT, "; cost %.4f at batch prices (%.4f synchronous)", batch.get(), sync.get())
          : "; cost unknown (no price for " + String.join(", ", billed.unpriced(prices.get())) + ")";
    }
    return line;
  }

  /** Closes every client. */
  @Override
  public void close() {
    clients.forEach(BatchClient::close);
  }

  @Override
  public String toString() {
    return "BatchPasses{" + clients + ", passes=" + passes + "}";
  }
}
