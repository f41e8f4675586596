/**
 * clarq's own transcript format: JSON Lines, one finished (or failed) dialogue per line, appended one complete
 * line at a time so an interrupted run loses no finished dialogue; the reader tolerates a torn last line.
 * Start with {@link io.clarq.datasets.clarqllm.transcript.TranscriptReader} and
 * {@link io.clarq.datasets.clarqllm.transcript.TranscriptWriter}.
 */
package io.clarq.datasets.clarqllm.transcript;
