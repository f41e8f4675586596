package io.clarq.eval.clarqllm.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.wire.OpenAiWire;
import java.util.List;
import java.util.Optional;

/**
 * An {@link LlmClient} that serves a trace record's replies in order, each only for a request byte-identical to the
 * recorded one (compared on the wire body clarq would send). The first difference, or a request beyond the record,
 * is kept as the record's failure and thrown as an {@link LlmException}, so the agent stops there.
 */
final class ReplayClient implements LlmClient {
  private final List<TraceCall> calls;
  private int next;
  private Mismatch mismatch;

  /** Where and why a replay left the record. */
  record Mismatch(int call, String reason) {}

  ReplayClient(List<TraceCall> calls) {
    this.calls = calls;
  }

  @Override
  public synchronized ChatResponse chat(ChatRequest request) throws LlmException {
    if (mismatch != null) {
      throw new LlmException("conformance replay already failed at call " + mismatch.call());
    }
    if (next >= calls.size()) {
      return fail(next, "clarq asks for call " + next + " but the record has only " + calls.size() + " calls");
    }
    JsonNode body = OpenAiWire.requestBody(request, "");
    TraceCall call = calls.get(next);
    Optional<String> diff = RequestDiff.first(call.request(), body);
    if (diff.isPresent()) {
      return fail(next, call.kind() + ": " + diff.get());
    }
    next++;
    return ChatResponse.ofText(call.response());
  }

  private ChatResponse fail(int call, String reason) throws LlmException {
    mismatch = new Mismatch(call, reason);
    throw new LlmException("conformance: call " + call + ": " + reason);
  }

  /** The calls served so far (all matched). */
  synchronized int served() {
    return next;
  }

  synchronized Optional<Mismatch> mismatch() {
    return Optional.ofNullable(mismatch);
  }

  /** Records the first failure found outside the client (a differing utterance), at the next call index. */
  synchronized void failOutside(String reason) {
    if (mismatch == null) {
      mismatch = new Mismatch(next, reason);
    }
  }
}
