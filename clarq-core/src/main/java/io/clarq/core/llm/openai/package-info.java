/**
 * The OpenAI-compatible {@link io.clarq.core.llm.LlmClient}: the chat-completions wire format, requests that adapt
 * to the fields a server refuses (each adaptation a recorded {@link io.clarq.core.llm.Deviation}), the reply policy,
 * typed errors read from every server family's error shape, retries with backoff, in-flight and rate limits, Azure
 * OpenAI URLs; registered for the {@code openai} spec scheme. The same client speaks OpenAI's Responses API for the
 * {@code openai-responses} scheme ({@code ResponsesWire}), and an {@code openai} client falls
 * back to it for a model served only there.
 */
package io.clarq.core.llm.openai;
