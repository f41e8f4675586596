package io.clarq.eval.clarqllm.audit;

import io.clarq.core.clarqllm.provider.ProviderReply;
import io.clarq.core.clarqllm.provider.ReplyKind;
import io.clarq.core.clarqllm.tree.NodeId;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * One recorded turn with the audited provider's reply to it.
 *
 * @param recorded the turn as recorded
 * @param reply what the audited provider replied, with its explanation
 * @param recordedReading the recorded provider's reading, as far as its reply tells
 */
public record AuditedTurn(RecordedTurn recorded, ProviderReply reply, RecordedReading recordedReading) {
  public AuditedTurn {
    Objects.requireNonNull(recorded, "recorded");
    Objects.requireNonNull(reply, "reply");
    Objects.requireNonNull(recordedReading, "recordedReading");
  }

  /** Both gave Response I, or both Response II. */
  public boolean sameDecision() {
    return sameDecision(reply.nodes());
  }

  /** The same node (multi-info: the same set), or Response II from both. */
  public boolean sameChoice() {
    return sameChoice(reply.nodes());
  }

  boolean sameDecision(List<NodeId> nodes) {
    return nodes.isEmpty() == recorded.recordedNodes().isEmpty();
  }

  boolean sameChoice(List<NodeId> nodes) {
    return new HashSet<>(nodes).equals(new HashSet<>(recorded.recordedNodes()));
  }

  /** The audited provider's reading: its intent, or "answerable" for Response I, "unclassified" without one. */
  public String auditedReading() {
    if (reply.kind() == ReplyKind.RESPONSE_I) {
      return "answerable";
    }
    return reply.intent().map(i -> i.name().toLowerCase(Locale.ROOT)).orElse("unclassified");
  }
}
