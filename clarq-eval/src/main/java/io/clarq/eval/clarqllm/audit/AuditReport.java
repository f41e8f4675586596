package io.clarq.eval.clarqllm.audit;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * The outcome of a provider audit: agreement overall, per run, per language and per task type, each next to the two
 * trivial baselines; the confusion table of readings (recorded reading -> audited reading -> turns); and every
 * audited turn, for explanations.
 */
public record AuditReport(String provider, AuditGroup overall, List<AuditGroup> perRun,
    List<AuditGroup> perLanguage, List<AuditGroup> perType, Map<RecordedReading, Map<String, Integer>> confusion,
    List<AuditedTurn> turns) {
  public AuditReport {
    Objects.requireNonNull(provider, "provider");
    Objects.requireNonNull(overall, "overall");
    perRun = List.copyOf(perRun);
    perLanguage = List.copyOf(perLanguage);
    perType = List.copyOf(perType);
    Map<RecordedReading, Map<String, Integer>> table = new java.util.EnumMap<>(RecordedReading.class);
    confusion.forEach((k, v) -> table.put(k, java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(v))));
    confusion = java.util.Collections.unmodifiableMap(table);
    turns = List.copyOf(turns);
  }

  /** A plain-text table: one row per group, the audited provider's and the baselines' exact/decision agreement. */
  public String table() {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "provider %s, turns from 2 on after node 0 was given%n", provider));
    sb.append(String.format(Locale.ROOT, "%-58s %6s  %15s  %15s  %15s%n", "group", "turns", "audited ex/dec",
        "first-node ex/dec", "always-II ex/dec"));
    row(sb, overall);
    for (List<AuditGroup> groups : List.of(perRun, perLanguage, perType)) {
      sb.append('\n');
      groups.forEach(g -> row(sb, g));
    }
    sb.append("\nrecorded reading -> audited reading: turns\n");
    for (RecordedReading r : RecordedReading.values()) {
      Map<String, Integer> row = confusion.get(r);
      if (row != null) {
        sb.append(String.format(Locale.ROOT, "  %-20s %s%n", r.name().toLowerCase(Locale.ROOT), row));
      }
    }
    return sb.toString();
  }

  private static void row(StringBuilder sb, AuditGroup g) {
    sb.append(String.format(Locale.ROOT, "%-58s %6d  %7.3f/%-7.3f  %7.3f/%-7.3f  %7.3f/%-7.3f%n", g.name(),
        g.turns(), g.audited().exactAgreement(), g.audited().decisionAgreement(), g.firstNode().exactAgreement(),
        g.firstNode().decisionAgreement(), g.alwaysResponseII().exactAgreement(),
        g.alwaysResponseII().decisionAgreement()));
  }
}
