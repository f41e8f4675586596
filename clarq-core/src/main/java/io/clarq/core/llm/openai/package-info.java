/**
 * The OpenAI-compatible {@link io.clarq.core.llm.LlmClient}: the chat-completions wire format, typed errors,
 * retries with backoff, in-flight and rate limits; registered for the {@code openai} spec scheme.
 */
package io.clarq.core.llm.openai;
