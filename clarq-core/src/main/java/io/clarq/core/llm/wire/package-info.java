/**
 * Internal: used by clarq's modules, not part of its API (left out of the javadoc; may change in any release).
 * What both HTTP layers of clarq's model clients (the OpenAI-wire client and the client given to LangChain4j's
 * provider modules) do with a reply body before reading it: undo its {@code Content-Encoding}, and tell a body the
 * server streamed (server-sent events, NDJSON) from one whole JSON reply, split into its events or lines. And the
 * OpenAI chat-completions JSON itself ({@link io.clarq.core.llm.wire.OpenAiWire}), which the OpenAI client, its batch
 * wire ({@link io.clarq.core.llm.wire.OpenAiBatchWire}) and clarq-eval's conformance replays share.
 * The batch client reads its entries' bodies through a {@link io.clarq.core.llm.wire.BatchWire}, one per protocol.
 * And the helpers both HTTP layers share: the attempt loop ({@link io.clarq.core.llm.wire.PacedAttempts}, sizing
 * each request with {@link io.clarq.core.llm.wire.RequestSize} and waiting {@link io.clarq.core.llm.wire.Backoff}
 * between attempts), {@link io.clarq.core.llm.wire.ThinkBlock} (reasoning written into a reply's text) and
 * {@link io.clarq.core.llm.wire.LlmText} (server text shortened for error messages).
 */
package io.clarq.core.llm.wire;
