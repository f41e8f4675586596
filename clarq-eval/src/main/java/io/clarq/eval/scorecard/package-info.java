/**
 * Scorecards: one agent's headline figure on every benchmark of a suite folder (one run folder per entry), each with
 * the interval its benchmark reports, trials and pass^k, tokens and cost by role and the deviations; written as
 * {@code scorecard.json} and one page of small multiples, and ranked across agents per entry by the leaderboard.
 * Start at {@link io.clarq.eval.scorecard.Scorecards#read}.
 */
package io.clarq.eval.scorecard;
