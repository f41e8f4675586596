package io.clarq.examples.cli;

import io.clarq.core.llm.usage.PriceTable;
import io.clarq.eval.scorecard.Scorecard;
import io.clarq.eval.scorecard.ScorecardPage;
import io.clarq.eval.scorecard.Scorecards;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code clarq scorecard DIR}: one agent's headline figure on every benchmark of a suite folder. */
@Command(
    name = "scorecard",
    mixinStandardHelpOptions = true,
    description = {
      "Writes DIR/scorecard.json and DIR/scorecard.html for a suite folder: DIR/suite.json (its name and agent; the",
      "folder's name and the agent the runs record when it is absent) and one run folder per entry, DIR/ID/, as each",
      "benchmark's own run command writes it. Each entry gives its benchmark's headline figure where that benchmark's",
      "own output puts it: ClarQ-LLM success per language with the 95% Wilson interval over the judged dialogues,",
      "MediQ accuracy with its 95% Wilson interval, TOA recovered F1 and the CQ judge's rubric score as the mean per",
      "item with the 95% percentile-bootstrap interval that compare and leaderboard give; with the items, trials and",
      "pass^k where the run played trials, tokens by role (cached input included) where the run records them, the",
      "cost at --prices, the models of the other roles and the deviations. The page shows one panel per entry on a",
      "common 0 to 1 scale. A run folder that gives no headline (a CQ generation run: not judged) is listed with",
      "why, not scored; only DIR's direct subfolders are entries. clarq suite writes this scorecard itself. Rank agents with clarq leaderboard SCORECARD... (scorecard.json files or suite",
      "folders)."
    })
public final class ScorecardCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(paramLabel = "DIR", description = "The suite folder: suite.json and one run folder per entry.")
  Path dir;

  @Option(names = "--prices", paramLabel = "TABLE", description = "Prices per million tokens, e.g."
      + " gpt-4o=2.50/10.00,gpt-4o-mini=0.15/0.60 (MODEL=IN/OUT/CACHED prices cached input tokens at the third):"
      + " each entry's cost is its recorded tokens by role priced by the role's model. A model without a price, or a"
      + " run that records no tokens, leaves the cost unknown, not zero.")
  String prices;

  @Override
  public Integer call() {
    CommandLine cl = spec.commandLine();
    if (!Files.isDirectory(dir)) {
      throw new CommandLine.ParameterException(cl, "DIR " + dir + ": no such folder (give a suite folder: suite.json"
          + " and one run folder per entry)");
    }
    Optional<PriceTable> table;
    try {
      table = prices == null ? Optional.empty() : Optional.of(PriceTable.parse(prices));
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, "--prices " + prices + ": " + e.getMessage());
    }
    Scorecard card = Scorecards.read(dir, table);
    List<Path> written = Scorecards.write(card, dir);
    print(cl.getOut(), card, written);
    return 0;
  }

  /**
   * Prints a scorecard's headline figures, one line per figure, and the files written; what {@code clarq scorecard}
   * and {@code clarq suite} print.
   */
  public static void print(PrintWriter w, Scorecard card, List<Path> written) {
    w.println("scorecard " + card.name() + ", agent " + card.agent());
    for (Scorecard.Entry e : card.entries()) {
      for (Scorecard.Figure f : e.figures()) {
        w.println("  " + e.id() + (e.figures().size() > 1 ? " " + f.label() : "") + ": " + e.measure() + " "
            + ScorecardPage.estimate(f.estimate()) + " over " + f.items() + " items"
            + (e.deviations().isEmpty() ? "" : ", " + e.deviations().size() + " deviation(s)"));
      }
    }
    card.others().forEach(x -> w.println("  " + x.id() + ": " + x.why()));
    written.forEach(f -> w.println("wrote " + f));
    w.flush();
  }
}
