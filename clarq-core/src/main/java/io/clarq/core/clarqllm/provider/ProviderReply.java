package io.clarq.core.clarqllm.provider;

import io.clarq.core.clarqllm.tree.NodeId;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the provider said and what it was.
 *
 * @param text the reply, prefixed "Jax: "
 * @param kind Response I (gold content) or Response II
 * @param intent the provider's reading of the seeker turn; empty before the task started (the relevance gate)
 *     or when the provider does not classify
 * @param nodes the nodes given by this reply, in order; the runner marks them given. Empty for Response II
 * @param llmCalls language-model calls this reply took (0 for offline providers)
 * @param explanation why this reply: the scores or verdicts that decided it, for a person reading an audit
 */
public record ProviderReply(
    String text, ReplyKind kind, Optional<Intent> intent, List<NodeId> nodes, int llmCalls, String explanation) {
  public ProviderReply {
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(intent, "intent");
    nodes = List.copyOf(nodes);
    Objects.requireNonNull(explanation, "explanation");
    if (kind == ReplyKind.RESPONSE_I && nodes.isEmpty()) {
      throw new IllegalArgumentException("illegal provider reply: Response I must give at least one node");
    }
    if (kind == ReplyKind.RESPONSE_II && !nodes.isEmpty()) {
      throw new IllegalArgumentException("illegal provider reply: Response II gives no node, got " + nodes);
    }
    if (llmCalls < 0) {
      throw new IllegalArgumentException("illegal provider reply: llmCalls " + llmCalls + " is negative");
    }
  }
}
