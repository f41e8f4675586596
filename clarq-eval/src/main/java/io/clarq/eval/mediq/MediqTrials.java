package io.clarq.eval.mediq;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.clarqllm.metrics.TrialFigures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The figures of a MediQ run whose cases were each played K times ({@code --trials K}): per data set and over all,
 * each trial's accuracy, pass^k and pass@k for k = 1..K, the share of cases whose correctness differs between
 * trials, and the spread of the accuracy across trials ({@link TrialFigures}, "success" being a correct final
 * letter). A case counts only when all K of its trials have a record; the others are counted apart.
 *
 * @param trials K
 * @param byDataset the figures per data set, in run order
 * @param overall the figures over every case
 * @param incomplete cases left out because some trial has no record
 */
public record MediqTrials(int trials, Map<String, TrialFigures> byDataset, TrialFigures overall, int incomplete) {
  public MediqTrials {
    byDataset = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(byDataset));
  }

  /** The figures of {@code records} (any order, any trials), for the cases of trial-1 {@code items}. */
  static MediqTrials of(int trials, List<MediqItem> items, Map<String, MediqRecord> records) {
    Map<String, List<List<Boolean>>> per = new LinkedHashMap<>();
    List<List<Boolean>> all = new ArrayList<>();
    int incomplete = 0;
    for (MediqItem item : items) {
      if (item.trial() != 1) {
        continue;
      }
      List<Boolean> outcomes = new ArrayList<>();
      for (int t = 1; t <= trials; t++) {
        MediqRecord r = records.get(MediqItem.key(item.dataset(), item.mediqCase().id(), t));
        if (r == null) {
          break;
        }
        outcomes.add(r.outcome().correct());
      }
      if (outcomes.size() < trials) {
        incomplete++;
        continue;
      }
      per.computeIfAbsent(item.dataset(), k -> new ArrayList<>()).add(outcomes);
      all.add(outcomes);
    }
    Map<String, TrialFigures> byDataset = new LinkedHashMap<>();
    per.forEach((k, v) -> byDataset.put(k, new TrialFigures(trials, v)));
    return new MediqTrials(trials, byDataset, new TrialFigures(trials, all), incomplete);
  }

  void writeInto(ObjectNode o) {
    o.put("trials", trials).put("incomplete_cases", incomplete);
    write(o.putObject("overall"), overall);
    ObjectNode per = o.putObject("datasets");
    byDataset.forEach((k, f) -> write(per.putObject(k), f));
  }

  private void write(ObjectNode o, TrialFigures f) {
    o.put("cases", f.tasks());
    ArrayNode acc = o.putArray("accuracy_per_trial");
    f.successPerTrial().forEach(acc::add);
    ArrayNode hat = o.putArray("pass_hat_k");
    ArrayNode at = o.putArray("pass_at_k");
    for (int k = 1; k <= trials; k++) {
      hat.add(f.passHat(k));
      at.add(f.passAt(k));
    }
    o.put("flipped", f.flipped()).put("accuracy_min", f.minSuccess()).put("accuracy_max", f.maxSuccess())
        .put("accuracy_sd", f.sdSuccess());
  }

  /** The Markdown section of summary.md. */
  String markdown() {
    StringBuilder md = new StringBuilder("\n## Across " + trials + " trials\n\n");
    md.append("Each case played ").append(trials).append(" times (trial 1: the reference's requests; trial t > 1:"
        + " seed 8848 + t - 1). The table above is trial 1.");
    if (incomplete > 0) {
      md.append(" ").append(incomplete).append(" case(s) without a record in every trial are left out here.");
    }
    md.append("\n\n| data set | cases | accuracy per trial |");
    for (int k = 1; k <= trials; k++) {
      md.append(" pass^").append(k).append(" |");
    }
    md.append(" flipped |\n|---|---|---|").append("---|".repeat(trials)).append("---|\n");
    byDataset.forEach((k, f) -> row(md, k, f));
    row(md, "all", overall);
    return md.toString();
  }

  private void row(StringBuilder md, String name, TrialFigures f) {
    md.append("| ").append(name).append(" | ").append(f.tasks()).append(" | ");
    md.append(String.join(", ", f.successPerTrial().stream().map(v -> String.format(Locale.ROOT, "%.4f", v))
        .toList())).append(" |");
    for (int k = 1; k <= trials; k++) {
      md.append(String.format(Locale.ROOT, " %.4f |", f.passHat(k)));
    }
    md.append(String.format(Locale.ROOT, " %.4f |%n", f.flipped()));
  }
}
