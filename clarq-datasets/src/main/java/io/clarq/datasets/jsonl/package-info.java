/**
 * JSON Lines as every clarq format reads and writes it (transcripts, verdict files, FLM examples, generated questions
 * and their ratings), and Python {@code json.dumps}-compatible string output for files compared byte for byte with
 * the published ones.
 * Start with {@link io.clarq.datasets.jsonl.JsonLines}.
 */
package io.clarq.datasets.jsonl;
