package io.clarq.eval.kernel;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmClientDecorator;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.TokenUsage;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What each role's model calls used while the kernel played one item, as ClarQ-LLM's per-turn tally counts a turn:
 * every reply (live, from the response cache, or from a batch answer) that reaches a role's client on the thread
 * playing the item counts one call and its tokens, prompt-cache reads and writes included. Give {@link #listener()}
 * to the clients ({@code LlmOptions.alsoTell(ItemUsage.listener())}, as ClarQ-LLM gives its turn tally) and hand
 * each role its client through {@link #forRole}, so a client two roles share still tells them apart. The kernel opens
 * a tally around each item's play and keeps what it counted in {@link UsageLog} beside the item's record; an item
 * played outside the kernel, or a client no role was given, counts nothing.
 */
public final class ItemUsage {
  private static final Pattern ROLE = Pattern.compile("[a-z][a-z0-9_-]*");
  private static final ThreadLocal<Map<String, RoleTokens>> CURRENT = new ThreadLocal<>();
  private static final ThreadLocal<String> ROLE_NOW = new ThreadLocal<>();

  private static final LlmListener LISTENER = new LlmListener() {
    @Override
    public void onResponse(ChatRequest request, ChatResponse response) {
      count(response);
    }

    @Override
    public void onCacheHit(ChatRequest request, ChatResponse response) {
      count(response);
    }
  };

  private ItemUsage() {}

  /** The listener to give every client of a run (it counts only calls made through {@link #forRole}). */
  public static LlmListener listener() {
    return LISTENER;
  }

  /**
   * {@code client} as {@code role} calls it: its replies count toward that role. Closing the returned client does not
   * close {@code client} (its owner does), so one client may serve several roles.
   *
   * @param role the role's name in results, as {@code io.clarq.eval.results.ModelRole#key()} gives it
   * @throws IllegalArgumentException when the role is not a lower-case name
   */
  public static LlmClient forRole(LlmClient client, String role) {
    Objects.requireNonNull(client, "client");
    return new RoleClient(client, checked(role));
  }

  /**
   * Runs {@code call} as {@code role}: the replies its model calls receive on this thread count toward that role
   * (a client given to a role through {@link #forRole} inside it counts toward its own role).
   */
  public static <T, X extends Exception> T inRole(String role, Call<T, X> call) throws X {
    Objects.requireNonNull(call, "call");
    String before = ROLE_NOW.get();
    ROLE_NOW.set(checked(role));
    try {
      return call.call();
    } finally {
      if (before == null) {
        ROLE_NOW.remove();
      } else {
        ROLE_NOW.set(before);
      }
    }
  }

  /**
   * Work done as a role ({@link #inRole}).
   *
   * @param <T> what it gives
   * @param <X> what it may throw
   */
  @FunctionalInterface
  public interface Call<T, X extends Exception> {
    /** Does the work. */
    T call() throws X;
  }

  private static String checked(String role) {
    Objects.requireNonNull(role, "role");
    if (!ROLE.matcher(role).matches()) {
      throw new IllegalArgumentException("illegal role name '" + role + "': lower-case letters, digits, _ or -");
    }
    return role;
  }

  private static void count(ChatResponse response) {
    Map<String, RoleTokens> tally = CURRENT.get();
    String role = ROLE_NOW.get();
    if (tally != null && role != null) {
      tally.merge(role, RoleTokens.of(1, response.usage()), RoleTokens::plus);
    }
  }

  /** Starts counting this thread's calls (the kernel, around an item's play); replaces any tally open before. */
  static void open() {
    CURRENT.set(new LinkedHashMap<>());
  }

  /** Stops counting this thread's calls and returns what was counted since {@link #open}, by role. */
  static Map<String, RoleTokens> close() {
    Map<String, RoleTokens> t = CURRENT.get();
    CURRENT.remove();
    return t == null ? Map.of() : Map.copyOf(t);
  }

  /**
   * One role's calls and tokens.
   *
   * @param calls replies received (a call retried is one call; a failed call is none, as ClarQ-LLM counts)
   * @param inputTokens prompt tokens, the cached ones included
   * @param outputTokens completion tokens
   * @param cachedInputTokens input tokens read from the provider's prompt cache
   * @param cacheWriteTokens input tokens written to the provider's prompt cache
   */
  public record RoleTokens(long calls, long inputTokens, long outputTokens, long cachedInputTokens,
      long cacheWriteTokens) {
    /** Nothing used. */
    public static final RoleTokens ZERO = new RoleTokens(0, 0, 0, 0, 0);

    public RoleTokens {
      for (long n : new long[] {calls, inputTokens, outputTokens, cachedInputTokens, cacheWriteTokens}) {
        if (n < 0) {
          throw new IllegalArgumentException("illegal usage: calls " + calls + ", input " + inputTokens + ", output "
              + outputTokens + ", cached " + cachedInputTokens + ", cache write " + cacheWriteTokens
              + ": counts must be >= 0");
        }
      }
    }

    /** {@code calls} calls that used {@code usage}. */
    public static RoleTokens of(long calls, TokenUsage usage) {
      return new RoleTokens(calls, usage.promptTokens(), usage.completionTokens(), usage.cachedInputTokens(),
          usage.cacheWriteTokens());
    }

    /** The two added up. */
    public RoleTokens plus(RoleTokens o) {
      return new RoleTokens(calls + o.calls, inputTokens + o.inputTokens, outputTokens + o.outputTokens,
          cachedInputTokens + o.cachedInputTokens, cacheWriteTokens + o.cacheWriteTokens);
    }
  }

  /** A role's view of a client: its calls count toward the role. */
  private static final class RoleClient implements LlmClientDecorator {
    private final LlmClient delegate;
    private final String role;

    RoleClient(LlmClient delegate, String role) {
      this.delegate = delegate;
      this.role = role;
    }

    @Override
    public LlmClient delegate() {
      return delegate;
    }

    @Override
    public ChatResponse chat(ChatRequest request) throws LlmException {
      return inRole(role, () -> delegate.chat(request));
    }

    @Override
    public void close() {
      // the client's owner closes it
    }

    @Override
    public String toString() {
      return role + ": " + delegate;
    }
  }
}
