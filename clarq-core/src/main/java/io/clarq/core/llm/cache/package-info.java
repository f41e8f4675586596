/**
 * The response cache: a decorator around any {@link io.clarq.core.llm.LlmClient} that records replies in an
 * append-only, crash-tolerant JSONL file and replays them, including a replay-only mode that proves a rerun made no
 * live call.
 */
package io.clarq.core.llm.cache;
