/**
 * The provider side of ClarQ-LLM: the {@link io.clarq.core.clarqllm.provider.ProviderAgent} SPI that answers a seeker
 * from the task's response tree, the six-way intent of a seeker turn, and what each reply was.
 */
package io.clarq.core.clarqllm.provider;
