package io.clarq.eval.clarqllm.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * One recorded LLM call of a reference trace.
 *
 * @param kind the call kind ("provider.pass1", "seeker.chat", "judge", ...)
 * @param request the keyword arguments the reference passed to {@code chat.completions.create}
 * @param response the reply text it got
 */
public record TraceCall(String kind, JsonNode request, String response) {
  public TraceCall {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(response, "response");
  }
}
