/**
 * Pacing to a provider's rate limits: one {@link io.clarq.core.llm.pacing.RateBudget} of requests and tokens per
 * server, key and model, shared by every dialogue of the process ({@link io.clarq.core.llm.pacing.RateBudgets}), set
 * from the limit headers the server sends ({@link io.clarq.core.llm.pacing.RateLimits}), so calls queue on the client
 * instead of racing into 429s. The clients' attempt loop, in which a rate-limit 429 waits and never uses up an
 * attempt, takes its place in the budget before each attempt.
 */
package io.clarq.core.llm.pacing;
