package io.clarq.eval.scorecard;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.usage.PriceTable;
import io.clarq.core.stats.Bootstrap;
import io.clarq.eval.compare.ComparedRun;
import io.clarq.eval.compare.OutcomeRun;
import io.clarq.eval.compare.OutcomeRuns;
import io.clarq.eval.leaderboard.Leaderboard;
import io.clarq.eval.leaderboard.LeaderboardFiles;
import io.clarq.eval.leaderboard.OutcomeLeaderboard;
import io.clarq.eval.leaderboard.OutcomeLeaderboardFiles;
import io.clarq.eval.leaderboard.RunExtras;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Agents ranked per suite entry from their scorecards: for each entry id, the run folder of that entry in every
 * scorecard's suite folder, named by the scorecard's name, is ranked by the board of its benchmark with its usual
 * rules, refusals and marks ({@link Leaderboard} for ClarQ-LLM, {@link OutcomeLeaderboard} for the others): runs over
 * different item sets are refused unless ranked on the shared items, and runs of different setups unless allowed.
 * Each entry's board is written with the usual four files into {@code OUT/ID/}; an entry some suites lack is ranked
 * among the suites that hold it, and the board names the others ({@link Board#missing}).
 */
public final class ScorecardBoards {
  private ScorecardBoards() {}

  /**
   * One agent's suite: its name and the folder holding its entries.
   *
   * @param name the name the boards give its runs (the scorecard's name)
   * @param dir the suite folder
   */
  public record Suite(String name, Path dir) {
    public Suite {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(dir, "dir");
    }

    /**
     * A suite from a {@code scorecard.json} file (its name; the folder it sits in) or a suite folder (the name its
     * scorecard.json gives, else the suite file's or the folder's, as {@link Scorecards#read}).
     *
     * @throws IllegalArgumentException naming the path when it is neither
     */
    public static Suite of(Path path) {
      if (Files.isRegularFile(path)) {
        Path dir = path.toAbsolutePath().normalize().getParent();
        return new Suite(ScorecardJson.read(path).name(), dir);
      }
      if (Files.isRegularFile(path.resolve(ScorecardJson.FILE))) {
        return new Suite(ScorecardJson.read(path.resolve(ScorecardJson.FILE)).name(), path);
      }
      return new Suite(Scorecards.read(path, Optional.empty()).name(), path);
    }
  }

  /**
   * One entry's board.
   *
   * @param entry the entry id
   * @param benchmark its benchmark
   * @param markdown the board as Markdown
   * @param files the files written
   * @param missing the suites (by name) that hold no such entry, and so are not on the board
   */
  public record Board(String entry, String benchmark, String markdown, List<Path> files, List<String> missing) {
    public Board {
      Objects.requireNonNull(entry, "entry");
      Objects.requireNonNull(benchmark, "benchmark");
      Objects.requireNonNull(markdown, "markdown");
      files = List.copyOf(files);
      missing = List.copyOf(missing);
    }
  }

  /**
   * Ranks the suites' agents on every entry any of them holds and writes each entry's board into {@code out/ID/}.
   *
   * @param prices prices for every board's cost column; empty for none
   * @throws IllegalArgumentException when two suites share a name, or an entry's board refuses its runs (the message
   *     names the entry and the board's reason)
   * @throws LlmException never for run folders (they are scored already); declared by the ClarQ-LLM loader
   */
  public static List<Board> write(List<Suite> suites, Path out, boolean allowDifferentSetup, boolean sharedItems,
      Optional<PriceTable> prices) throws LlmException {
    Map<String, Path> names = new LinkedHashMap<>();
    for (Suite s : suites) {
      Path before = names.putIfAbsent(s.name(), s.dir());
      if (before != null) {
        throw new IllegalArgumentException("two scorecards are both named \"" + s.name() + "\" (" + before + " and "
            + s.dir() + "): a board names each agent by its scorecard; give each suite its own name");
      }
    }
    Map<String, List<Suite>> byEntry = new LinkedHashMap<>();
    for (Suite s : suites) {
      for (Path f : Scorecards.entryFolders(s.dir())) {
        if (!Scorecards.BENCHMARKS.contains(OutcomeRuns.benchmarkOf(f))) {
          continue;   // no headline, no board: the scorecard names it among its others
        }
        byEntry.computeIfAbsent(String.valueOf(f.getFileName()), k -> new ArrayList<>()).add(s);
      }
    }
    List<Board> boards = new ArrayList<>();
    for (Map.Entry<String, List<Suite>> e : byEntry.entrySet()) {
      List<String> missing = suites.stream().filter(s -> !e.getValue().contains(s)).map(Suite::name).toList();
      try {
        boards.add(board(e.getKey(), e.getValue(), out.resolve(e.getKey()), allowDifferentSetup, sharedItems,
            prices, missing));
      } catch (IllegalArgumentException ex) {
        throw new IllegalArgumentException("entry " + e.getKey() + ": " + ex.getMessage(), ex);
      }
    }
    return boards;
  }

  private static Board board(String entry, List<Suite> suites, Path dir, boolean allowDifferentSetup,
      boolean sharedItems, Optional<PriceTable> prices, List<String> missing) throws LlmException {
    List<Path> folders = suites.stream().map(s -> s.dir().resolve(entry)).toList();
    List<String> benchmarks = folders.stream().map(OutcomeRuns::benchmarkOf).distinct().toList();
    if (benchmarks.size() > 1) {
      throw new IllegalArgumentException("the scorecards' runs are of different benchmarks (" + String.join(", ",
          benchmarks) + "): an entry id must name one benchmark in every suite");
    }
    String benchmark = benchmarks.get(0);
    try {
      Files.createDirectories(dir);
    } catch (java.io.IOException ex) {
      throw new java.io.UncheckedIOException("cannot create the board's folder " + dir, ex);
    }
    if (benchmark.equals(OutcomeRuns.CLARQ_LLM)) {
      List<ComparedRun> runs = new ArrayList<>();
      List<RunExtras> extras = new ArrayList<>();
      for (int i = 0; i < suites.size(); i++) {
        ComparedRun r = ComparedRun.load(folders.get(i), Optional.empty(), Judge.none());
        runs.add(new ComparedRun(suites.get(i).name(), r.judge(), r.scores(), r.typeNames(), r.setup(), r.trials(),
            r.notScored()));
        extras.add(RunExtras.of(folders.get(i), prices));
      }
      Leaderboard board = Leaderboard.of(runs, extras, Bootstrap.DEFAULT, allowDifferentSetup, sharedItems);
      return new Board(entry, benchmark, LeaderboardFiles.markdown(board), LeaderboardFiles.write(board, dir),
          missing);
    }
    List<OutcomeRun> runs = new ArrayList<>();
    List<RunExtras> extras = new ArrayList<>();
    for (int i = 0; i < suites.size(); i++) {
      OutcomeRun r = OutcomeRuns.load(folders.get(i));
      runs.add(new OutcomeRun(suites.get(i).name(), r.benchmark(), r.measure(), r.description(), r.kind(), r.setup(),
          r.agent(), r.outcomes(), r.trials(), r.notScored()));
      extras.add(RunExtras.of(folders.get(i), prices));
    }
    OutcomeLeaderboard board = OutcomeLeaderboard.of(runs, extras, Bootstrap.DEFAULT, allowDifferentSetup,
        sharedItems);
    return new Board(entry, benchmark, OutcomeLeaderboardFiles.markdown(board), OutcomeLeaderboardFiles.write(board,
        dir), missing);
  }
}
