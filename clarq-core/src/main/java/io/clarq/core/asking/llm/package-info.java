/**
 * clarq's built-in asking agent over any model ({@link io.clarq.core.asking.llm.LlmAskingAgent}): one implementation
 * of the asking-agent SPI that every benchmark's adapter can run, speaking from clarq's own asking pack.
 */
package io.clarq.core.asking.llm;
