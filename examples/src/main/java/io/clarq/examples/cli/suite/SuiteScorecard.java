package io.clarq.examples.cli.suite;

import io.clarq.core.llm.usage.PriceTable;
import io.clarq.eval.kernel.Shard;
import io.clarq.eval.scorecard.Scorecard;
import io.clarq.eval.scorecard.Scorecards;
import io.clarq.examples.cli.ScorecardCommand;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The scorecard a finished suite run writes into its folder, by the library code {@code clarq scorecard} uses. A shard
 * writes none: its entries hold part of the items, and the scorecard is of the merged entries ({@code clarq scorecard}
 * on the folder the merges go into).
 */
final class SuiteScorecard {
  private SuiteScorecard() {}

  /**
   * Writes {@code scorecard.json} and {@code scorecard.html} into {@code folder} and prints the figures and where
   * they are, or says why there is none (a shard; no entry with a headline).
   */
  static void write(PrintWriter out, Path folder, Shard shard, Optional<PriceTable> prices) {
    if (shard.count() > 1) {
      out.println("no scorecard for shard " + shard + ": merge each entry's shards into one folder per entry"
          + " (docs/suite.md), then run clarq scorecard on the folder holding the merges");
      out.flush();
      return;
    }
    Scorecard card;
    try {
      card = Scorecards.read(folder, prices);
    } catch (IllegalArgumentException e) {
      out.println("no scorecard: " + e.getMessage());
      out.flush();
      return;
    }
    List<Path> written = Scorecards.write(card, folder);
    ScorecardCommand.print(out, card, written);
  }
}
