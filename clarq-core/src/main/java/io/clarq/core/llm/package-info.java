/**
 * The language-model SPI every agent talks through: chat requests and responses, token usage, and the
 * {@link io.clarq.core.llm.LlmClient} interface that backends implement.
 */
package io.clarq.core.llm;
