package io.clarq.core.llm.wire;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmException;

/**
 * One protocol's request bodies and replies, as its synchronous client writes and reads them: a batch entry carries
 * the very body the synchronous call would send, and its reply is read the same way.
 */
public interface BatchWire {
  /** The model the bodies name, for the state file and the usage. */
  String model();

  /** The body the synchronous client sends for {@code request}, byte for byte. */
  byte[] body(ChatRequest request);

  /** The tokens a reply body reports (what its entry cost), read as the synchronous client reads them. */
  io.clarq.core.llm.TokenUsage usage(byte[] body);

  /** The reply body of one entry read as the synchronous client reads it (the reply policy is applied after). */
  ChatResponse reply(ChatRequest request, byte[] body) throws LlmException;
}
