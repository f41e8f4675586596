package io.clarq.eval.compare;

import java.util.Optional;
import java.util.Set;

/**
 * How a benchmark's run folder yields per-item outcomes ({@link ItemOutcome}) for compare and the leaderboard: the
 * item log it reads, the line format, and which recorded settings name the agent under comparison. One per
 * benchmark, listed in {@code META-INF/services/io.clarq.eval.compare.OutcomeSource} and found by the name the run's
 * {@code results.json} records ({@code benchmark}); {@link OutcomeRuns} does the rest (results.json, torn lines,
 * failed items, the setup), the same for every benchmark.
 */
public interface OutcomeSource {
  /** The benchmark's name as results.json records it, e.g. {@code "mediq"}. */
  String benchmark();

  /** What the outcome measures, in the benchmark's words, e.g. {@code "correct"} or {@code "f1_recovered"}. */
  String measure();

  /** One sentence saying what the outcome is, for every output's method line. */
  String describe();

  /** Binary or graded: decides the test ({@link ItemOutcome.Kind}). */
  ItemOutcome.Kind kind();

  /** The item log's file name in the run folder. */
  String logFile();

  /**
   * The settings that name the agent under comparison (the asker, the expert, the question generator): recorded and
   * shown, but not required to match, since they are what a comparison is of.
   */
  Set<String> agentSettings();

  /**
   * The settings that describe which items the run holds (counts, digests of the selection): the item sets are
   * compared instead, so runs over different items are refused or, when asked, ranked on the items they share.
   */
  Set<String> selectionSettings();

  /**
   * One line of the item log as an outcome; empty when the line is an item that did not finish (a failed case), which
   * every output then counts as not scored.
   *
   * @throws IllegalArgumentException starting with {@code where} when the line is not a record of this benchmark
   */
  Optional<ItemOutcome> outcome(String line, String where);
}
