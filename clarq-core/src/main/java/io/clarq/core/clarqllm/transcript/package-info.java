/**
 * The record of one finished (or failed) dialogue as our JSONL transcripts store it: the dialogue, who played it,
 * and per-turn facts (timing, tokens, what the provider's reply was).
 * Start with {@link io.clarq.core.clarqllm.transcript.DialogueRecord}.
 */
package io.clarq.core.clarqllm.transcript;
