package io.clarq.examples.cli;

import io.clarq.core.llm.usage.PriceTable;
import io.clarq.core.stats.Bootstrap;
import io.clarq.eval.leaderboard.Leaderboard;
import io.clarq.eval.leaderboard.LeaderboardFiles;
import io.clarq.eval.leaderboard.RunExtras;
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

/** {@code clarq leaderboard}: comparable runs ranked by success per language, ties with the leader marked. */
@Command(
    name = "leaderboard",
    mixinStandardHelpOptions = true,
    description = {
      "Ranks ClarQ-LLM runs of one setup by success, each language on its own board (English and Chinese are never",
      "pooled), and writes leaderboard.md, leaderboard.csv, leaderboard.json and a self-contained leaderboard.html",
      "into --out. Each row gives success with its 95% Wilson interval, AQD, AQL, pass^k when the run played trials,",
      "the tokens its results.json records and, with --prices, its cost. Every pair of runs is tested with McNemar's",
      "exact test over the dialogues both judged, Holm-adjusted over all pairs; a run ranks 1 + the number of runs",
      "significantly better than it (adjusted p below 0.05), raised to the rank of any run with a higher success, so",
      "a run never ranks above one with a higher success; a shared rank is shown \"2=\". A run whose provider,",
      "provider model, prompt pack, judge or deviations differ from the first run's is refused, naming each",
      "difference, unless --allow-different-setup. Runs over different tasks are refused, naming them, unless",
      "--shared-tasks. A RUN is what clarq compare takes: a run directory, a transcript file or a published run by",
      "name. Runs of the other benchmarks (MediQ, TOA, CQ judge folders) are ranked the same way on their per-item",
      "outcomes (MediQ correct, TOA recovered F1, CQ rubric score; trial 1): McNemar's exact test for binary",
      "outcomes, the paired bootstrap test for graded ones, Holm over all pairs, the same rank rule; --shared-tasks",
      "ranks them on the items all hold; runs of different benchmarks are refused. Their rows too give the tokens",
      "(with the cached ones) and, with --prices, the cost of every role their results.json usage records.",
      "Given scorecards instead",
      "(scorecard.json files or suite folders, from clarq scorecard), it ranks the agents on each suite entry with",
      "that entry's board, each agent named by its scorecard, and writes the four files of each entry into",
      "--out/ID/; the same refusals and --shared-tasks / --allow-different-setup apply per entry."
    })
public final class LeaderboardCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(paramLabel = "RUN", arity = "1..*", description = "Run directories, transcript files or published runs"
      + " by name (provider.Comp.En) when clarq-llm is fetched; the first one's setup is the board's. Or scorecards:"
      + " scorecard.json files or suite folders, one per agent.")
  List<Path> runs;

  @Option(names = "--out", paramLabel = "DIR", required = true, description = "Where the four files are written"
      + " (created when missing).")
  Path out;

  @Option(names = "--allow-different-setup", description = "Rank runs whose setup differs from the first run's; every"
      + " file then opens with what differs.")
  boolean allowDifferentSetup;

  @Option(names = "--shared-tasks", description = "Rank runs over different task sets on the tasks all of them hold;"
      + " every file then opens by saying so, with each run's task count.")
  boolean sharedTasks;

  @Option(names = "--prices", paramLabel = "TABLE", description = "Prices per million tokens, e.g."
      + " gpt-4o=2.50/10.00,gpt-4o-mini=0.15/0.60: each run's cost is its recorded tokens by role (results.json"
      + " usage: seeker and provider, or the MediQ, TOA and CQ roles) priced by the role's model, cached input tokens at MODEL=IN/OUT/CACHED's third price"
      + " (default: the input price). A model without a price leaves the cost unknown, not zero;"
      + " the judge's tokens are not recorded.")
  String prices;

  @CommandLine.Mixin RecordedRunOptions scoring;

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    if (Files.exists(out) && !Files.isDirectory(out)) {
      throw new CommandLine.ParameterException(cl, "--out " + out + ": is a file; give a directory");
    }
    Optional<PriceTable> table;
    try {
      table = prices == null ? Optional.empty() : Optional.of(PriceTable.parse(prices));
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, "--prices " + prices + ": " + e.getMessage());
    }
    List<Path> cards = runs.stream().filter(LeaderboardCommand::isScorecard).toList();
    if (!cards.isEmpty()) {
      if (cards.size() != runs.size()) {
        throw new CommandLine.ParameterException(cl, "give scorecards or runs, not both: " + cards + " are"
            + " scorecards (scorecard.json or a suite folder), the others are runs");
      }
      return scorecards(cl, table);
    }
    Optional<List<io.clarq.eval.compare.OutcomeRun>> other = CompareCommand.otherBenchmark(spec, runs);
    if (other.isPresent()) {
      List<io.clarq.eval.leaderboard.RunExtras> extras = runs.stream()
          .map(r -> io.clarq.eval.leaderboard.RunExtras.of(r, table)).toList();
      io.clarq.eval.leaderboard.OutcomeLeaderboard board = io.clarq.eval.leaderboard.OutcomeLeaderboard.of(
          other.get(), extras, Bootstrap.DEFAULT, allowDifferentSetup, sharedTasks);
      List<Path> written = io.clarq.eval.leaderboard.OutcomeLeaderboardFiles.write(board, out);
      PrintWriter w = cl.getOut();
      w.print(io.clarq.eval.leaderboard.OutcomeLeaderboardFiles.markdown(board));
      w.println();
      written.forEach(f -> w.println("wrote " + f));
      w.flush();
      return 0;
    }
    CompareCommand.LoadedRuns loaded = scoring.load(spec, runs);
    return runs(cl, loaded, table);
  }

  /** A scorecard.json file, or a suite folder (one holding suite.json or scorecard.json). */
  static boolean isScorecard(Path p) {
    if (Files.isRegularFile(p)) {
      return p.getFileName().toString().equals(io.clarq.eval.scorecard.ScorecardJson.FILE);
    }
    return Files.isRegularFile(p.resolve(io.clarq.eval.scorecard.Scorecards.SUITE_FILE))
        || Files.isRegularFile(p.resolve(io.clarq.eval.scorecard.ScorecardJson.FILE));
  }

  private int scorecards(CommandLine cl, Optional<PriceTable> table) throws Exception {
    List<io.clarq.eval.scorecard.ScorecardBoards.Suite> suites = runs.stream()
        .map(io.clarq.eval.scorecard.ScorecardBoards.Suite::of).toList();
    List<io.clarq.eval.scorecard.ScorecardBoards.Board> boards = io.clarq.eval.scorecard.ScorecardBoards.write(
        suites, out, allowDifferentSetup, sharedTasks, table);
    PrintWriter w = cl.getOut();
    for (io.clarq.eval.scorecard.ScorecardBoards.Board b : boards) {
      w.println("## entry " + b.entry() + " (" + b.benchmark() + ")");
      w.println();
      if (!b.missing().isEmpty()) {
        w.println("not on this board (their suites hold no entry " + b.entry() + "): " + String.join(", ",
            b.missing()));
        w.println();
      }
      w.print(b.markdown());
      w.println();
      b.files().forEach(f -> w.println("wrote " + f));
      w.println();
    }
    w.flush();
    return 0;
  }

  private int runs(CommandLine cl, CompareCommand.LoadedRuns loaded, Optional<PriceTable> table) throws Exception {
    List<RunExtras> extras = loaded.paths().stream().map(p -> RunExtras.of(p, table)).toList();
    Leaderboard board = Leaderboard.of(loaded.runs(), extras, Bootstrap.DEFAULT, allowDifferentSetup,
        sharedTasks);
    List<Path> written = LeaderboardFiles.write(board, out);
    PrintWriter w = cl.getOut();
    w.print(LeaderboardFiles.markdown(board));
    w.println();
    written.forEach(f -> w.println("wrote " + f));
    w.flush();
    return 0;
  }
}
