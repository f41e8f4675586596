package io.clarq.eval.clarqllm.audit;

import java.util.Objects;

/**
 * The agreement of the audited provider and of the two trivial baselines over one group of turns (all, one run, one
 * language or one task type).
 *
 * @param name the group: "all", a run name, a language code or a task type
 * @param audited the audited provider
 * @param firstNode always the first available node (Response II when none is available)
 * @param alwaysResponseII never a node
 */
public record AuditGroup(String name, Agreement audited, Agreement firstNode, Agreement alwaysResponseII) {
  public AuditGroup {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(audited, "audited");
    Objects.requireNonNull(firstNode, "firstNode");
    Objects.requireNonNull(alwaysResponseII, "alwaysResponseII");
  }

  static AuditGroup empty(String name) {
    return new AuditGroup(name, Agreement.NONE, Agreement.NONE, Agreement.NONE);
  }

  AuditGroup plus(AuditedTurn t) {
    var first = t.recorded().before().available().stream().limit(1).toList();
    return new AuditGroup(name, audited.plus(t.sameDecision(), t.sameChoice()),
        firstNode.plus(t.sameDecision(first), t.sameChoice(first)),
        alwaysResponseII.plus(t.sameDecision(java.util.List.of()), t.sameChoice(java.util.List.of())));
  }

  /** Turns in the group. */
  public int turns() {
    return audited.turns();
  }
}
