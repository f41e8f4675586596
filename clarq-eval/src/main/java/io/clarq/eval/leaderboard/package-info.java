/**
 * Leaderboards: comparable ClarQ-LLM runs ranked by success per language, with the runs that do not differ
 * significantly from the leader (McNemar, Holm-adjusted) sharing its rank; written as Markdown, CSV, JSON and a
 * self-contained HTML page; runs of the other benchmarks ranked the same way by their mean per-item outcome
 * ({@link io.clarq.eval.leaderboard.OutcomeLeaderboard}).
 */
package io.clarq.eval.leaderboard;
