package io.clarq.core.llm.pacing;

import io.clarq.core.llm.ApiKey;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The process's rate budgets, one per server, key and model (and pacing settings), so every client of one model on
 * one key (a run's seeker and provider, a judge, every dialogue) draws from one budget, as the server counts. The key
 * enters only as a SHA-256 digest and is never printed.
 */
public final class RateBudgets {
  private static final Map<String, RateBudget> BUDGETS = new ConcurrentHashMap<>();

  private RateBudgets() {}

  /**
   * The budget of {@code model} on {@code server} (its URL) with {@code key}, made on first use.
   *
   * @param shown the client's identity without credentials, for messages
   * @param tokensPerMinute a cap for servers that state no limit (0 = none)
   * @param patience how long a refusing budget is waited on before calls stop
   */
  public static RateBudget shared(String server, Optional<ApiKey> key, String model, String shown, long tokensPerMinute,
      Duration patience) {
    String id = server + "\n" + key.map(k -> digest(k.value())).orElse("-") + "\n" + model + "\n" + tokensPerMinute
        + "\n" + patience;
    return BUDGETS.computeIfAbsent(id, k -> new RateBudget(shown, tokensPerMinute, patience, System::nanoTime));
  }

  /** Every budget of the process so far, for progress lines and benchmarks. */
  public static List<RateBudget> all() {
    return List.copyOf(BUDGETS.values());
  }

  /** What callers wait for right now, one line per budget they wait on; for a run's progress line. */
  public static List<String> waiting() {
    return BUDGETS.values().stream().flatMap(b -> b.waiting().stream()).sorted().toList();
  }

  private static String digest(String key) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
          .digest(key.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }
}
