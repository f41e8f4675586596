package io.clarq.core.clarqllm.transcript;

import io.clarq.core.clarqllm.provider.Intent;
import io.clarq.core.clarqllm.provider.ProviderReply;
import io.clarq.core.clarqllm.provider.ReplyKind;
import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.llm.TokenUsage;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * The bookkeeping of one utterance, kept beside a dialogue in a transcript. Everything is optional: a field is
 * empty when it is unknown (a published run, an offline agent that uses no model, the fixed opening line).
 *
 * @param latency how long the agent took to produce the utterance
 * @param usage the tokens its model calls consumed
 * @param llmCalls how many model calls it took (0 for offline agents)
 * @param replyKind provider turns: Response I (gold content) or Response II
 * @param intent provider turns: the six-way reading of the seeker line it answered
 * @param nodes provider turns: the response-tree nodes the reply gave, in order (empty for Response II)
 * @param reasoning what the agent's model reasoned before the utterance ({@code reasoning_content}, a
 *     {@code <think>} block), kept for reading and never spoken; its tokens are {@link TokenUsage#reasoningTokens()}
 */
public record TurnRecord(
    Optional<Duration> latency,
    Optional<TokenUsage> usage,
    OptionalInt llmCalls,
    Optional<ReplyKind> replyKind,
    Optional<Intent> intent,
    List<NodeId> nodes,
    Optional<String> reasoning) {
  private static final TurnRecord UNKNOWN =
      new TurnRecord(Optional.empty(), Optional.empty(), OptionalInt.empty(), Optional.empty(), Optional.empty(),
          List.of(), Optional.empty());

  public TurnRecord {
    Objects.requireNonNull(latency, "latency");
    Objects.requireNonNull(usage, "usage");
    Objects.requireNonNull(llmCalls, "llmCalls");
    Objects.requireNonNull(replyKind, "replyKind");
    Objects.requireNonNull(intent, "intent");
    nodes = List.copyOf(nodes);
    Objects.requireNonNull(reasoning, "reasoning");
    reasoning = reasoning.filter(r -> !r.isEmpty());
    if (latency.isPresent() && latency.get().isNegative()) {
      throw new IllegalArgumentException("illegal turn record: latency " + latency.get() + " is negative");
    }
    if (llmCalls.isPresent() && llmCalls.getAsInt() < 0) {
      throw new IllegalArgumentException("illegal turn record: llmCalls " + llmCalls.getAsInt() + " is negative");
    }
    if (replyKind.orElse(null) == ReplyKind.RESPONSE_II && !nodes.isEmpty()) {
      throw new IllegalArgumentException("illegal turn record: Response II gives no node, got " + nodes);
    }
    if (replyKind.orElse(null) == ReplyKind.RESPONSE_I && nodes.isEmpty()) {
      throw new IllegalArgumentException("illegal turn record: Response I must give at least one node");
    }
  }

  /** A turn record without reasoning. */
  public TurnRecord(Optional<Duration> latency, Optional<TokenUsage> usage, OptionalInt llmCalls,
      Optional<ReplyKind> replyKind, Optional<Intent> intent, List<NodeId> nodes) {
    this(latency, usage, llmCalls, replyKind, intent, nodes, Optional.empty());
  }

  /** This record with {@code text} as the turn's reasoning (none when empty). */
  public TurnRecord withReasoning(String text) {
    return new TurnRecord(latency, usage, llmCalls, replyKind, intent, nodes, Optional.of(text));
  }

  /** Nothing known about the turn. */
  public static TurnRecord unknown() {
    return UNKNOWN;
  }

  /** A seeker turn: how long it took and what its model calls cost. */
  public static TurnRecord seeker(Duration latency, TokenUsage usage, int llmCalls) {
    return new TurnRecord(Optional.of(latency), Optional.of(usage), OptionalInt.of(llmCalls), Optional.empty(),
        Optional.empty(), List.of());
  }

  /** A provider turn from its reply (kind, intent, nodes, calls), its latency and its token usage. */
  public static TurnRecord provider(ProviderReply reply, Duration latency, TokenUsage usage) {
    return new TurnRecord(Optional.of(latency), Optional.of(usage), OptionalInt.of(reply.llmCalls()),
        Optional.of(reply.kind()), reply.intent(), reply.nodes());
  }

  /** Whether nothing is known about the turn. */
  public boolean isUnknown() {
    return equals(UNKNOWN);
  }

  /** Whether this record carries provider-only information (a reply kind, an intent or nodes). */
  public boolean hasProviderInfo() {
    return replyKind.isPresent() || intent.isPresent() || !nodes.isEmpty();
  }
}
