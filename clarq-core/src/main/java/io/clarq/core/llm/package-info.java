/**
 * The language-model SPI every agent talks through: chat requests and responses, token usage, the
 * {@link io.clarq.core.llm.LlmClient} interface, specs ({@code openai:gpt-4o}) resolved to clients through
 * {@link io.clarq.core.llm.LlmClientProvider}s found with ServiceLoader, typed failures saying whether a retry
 * can help, and the one {@link io.clarq.core.llm.ReplyPolicy} every client's replies go through, reading each
 * protocol's end reason normalised as an {@link io.clarq.core.llm.EndReason}.
 */
package io.clarq.core.llm;
