/**
 * The ClariQ evaluation, identical to the official tool's output: clarification need (weighted P/R/F1), question
 * relevance (Recall@k) and document relevance (from the official table), strict about malformed runs unless asked
 * to read them as the official tool does.
 * Start with {@link io.clarq.eval.clariq.ClariqEvaluator}.
 */
package io.clarq.eval.clariq;
