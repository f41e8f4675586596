package io.clarq.eval.mediq;

import com.fasterxml.jackson.databind.JsonNode;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.TokenUsage;
import io.clarq.core.llm.wire.OpenAiWire;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;

/**
 * Serves one trace case's replies in order, each only for a request whose wire body equals the recorded keyword
 * arguments: the same fields, the same model, numbers equal as numbers, and every message's role and content equal
 * byte for byte. The first difference, or a request past the record, is kept and thrown, so the case stops there.
 */
final class MediqReplayClient implements LlmClient {
  private List<MediqTraceFile.TraceRequest> requests = List.of();
  private int next;
  private String mismatch;

  /** Starts serving a new case's requests. */
  synchronized void serve(List<MediqTraceFile.TraceRequest> caseRequests) {
    requests = caseRequests;
    next = 0;
    mismatch = null;
  }

  @Override
  public synchronized ChatResponse chat(ChatRequest request) throws LlmException {
    if (mismatch != null) {
      throw new LlmException("replay already failed: " + mismatch);
    }
    if (next >= requests.size()) {
      return fail("clarq sends request " + next + " but the reference sent only " + requests.size());
    }
    MediqTraceFile.TraceRequest expected = requests.get(next);
    Optional<String> d = difference(expected.kwargs(), OpenAiWire.requestBody(request, ""));
    if (d.isPresent()) {
      return fail("request " + next + " (" + expected.kind() + "): " + d.get());
    }
    next++;
    return new ChatResponse(expected.reply(), "stop", new TokenUsage(expected.promptTokens(),
        expected.completionTokens()), Duration.ZERO, List.of());
  }

  private ChatResponse fail(String why) throws LlmException {
    mismatch = why;
    throw new LlmException(why);
  }

  synchronized int served() {
    return next;
  }

  synchronized int expected() {
    return requests.size();
  }

  synchronized Optional<String> mismatch() {
    return Optional.ofNullable(mismatch);
  }

  /** The first difference between the recorded keyword arguments and clarq's wire body; empty when equal. */
  static Optional<String> difference(JsonNode expected, JsonNode actual) {
    for (Iterator<String> it = actual.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (!expected.has(f)) {
        return Optional.of("clarq sends " + f + " = " + actual.get(f) + ", which the reference does not");
      }
    }
    for (Iterator<String> it = expected.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      JsonNode e = expected.get(f);
      JsonNode a = actual.get(f);
      if (a == null) {
        return Optional.of("the reference sends " + f + " = " + e + ", clarq does not");
      }
      if (f.equals("messages")) {
        Optional<String> m = messages(e, a);
        if (m.isPresent()) {
          return m;
        }
      } else if (e.isNumber() && a.isNumber() ? e.decimalValue().compareTo(a.decimalValue()) != 0 : !e.equals(a)) {
        return Optional.of(f + ": expected " + e + ", got " + a);
      }
    }
    return Optional.empty();
  }

  private static Optional<String> messages(JsonNode e, JsonNode a) {
    if (e.size() != a.size()) {
      return Optional.of("messages: expected " + e.size() + ", got " + a.size());
    }
    for (int i = 0; i < e.size(); i++) {
      String er = e.get(i).path("role").asText();
      String ar = a.get(i).path("role").asText();
      if (!er.equals(ar)) {
        return Optional.of("messages[" + i + "].role: expected " + er + ", got " + ar);
      }
      String ec = e.get(i).path("content").asText();
      String ac = a.get(i).path("content").asText();
      if (!ec.equals(ac)) {
        int k = 0;
        while (k < Math.min(ec.length(), ac.length()) && ec.charAt(k) == ac.charAt(k)) {
          k++;
        }
        int from = Math.max(0, k - 10);
        return Optional.of("messages[" + i + "].content differs at character " + k + ": expected «"
            + excerpt(ec, from) + "» got «" + excerpt(ac, from) + "»");
      }
    }
    return Optional.empty();
  }

  private static String excerpt(String s, int from) {
    return from >= s.length() ? "(end)"
        : s.substring(from, Math.min(s.length(), from + 40)).replace("\n", "\\n");
  }
}
