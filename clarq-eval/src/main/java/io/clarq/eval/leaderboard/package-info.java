/**
 * Leaderboards: comparable ClarQ-LLM runs ranked by success per language, with the runs that do not differ
 * significantly from the leader (McNemar, Holm-adjusted) sharing its rank; written as Markdown, CSV, JSON and a
 * self-contained HTML page.
 */
package io.clarq.eval.leaderboard;
