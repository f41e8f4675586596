/**
 * Batch APIs: OpenAI's Batch API and Anthropic's Message Batches answer the same requests as the synchronous
 * endpoints at half the price within 24 hours. {@link io.clarq.core.llm.batch.BatchClient} is an
 * {@link io.clarq.core.llm.LlmClient} that collects the requests a pass makes, sends them as one batch with bodies
 * byte-identical to the synchronous ones, and answers the next pass from the results; its state (the open batch's
 * id, the answers, the failures) lives in one file, so a killed command resumes by polling the same batch.
 */
package io.clarq.core.llm.batch;
