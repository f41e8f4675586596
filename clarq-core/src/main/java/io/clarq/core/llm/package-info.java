/**
 * The language-model SPI every agent talks through: chat requests and responses, token usage, the
 * {@link io.clarq.core.llm.LlmClient} interface, specs ({@code openai:gpt-4o}) resolved to clients through
 * {@link io.clarq.core.llm.LlmClientProvider}s found with ServiceLoader, and typed failures saying whether a retry
 * can help.
 */
package io.clarq.core.llm;
