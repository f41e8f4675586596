/**
 * Structured output: reading the JSON object out of a model's reply however it is wrapped, and the
 * ask-retry-once-then-record-unparsed helper every agent and the judge use.
 * Start with {@link io.clarq.core.llm.json.StructuredAsk}.
 */
package io.clarq.core.llm.json;
