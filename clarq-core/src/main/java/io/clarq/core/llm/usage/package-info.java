/**
 * Usage accounting: calls, cache hits, retries, failures, tokens and time per client and per run, and what they
 * cost at a price table; fed by {@link io.clarq.core.llm.LlmListener} events.
 */
package io.clarq.core.llm.usage;
