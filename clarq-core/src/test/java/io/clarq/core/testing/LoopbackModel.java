package io.clarq.core.testing;

import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmSettings;
import io.clarq.core.llm.ReplyPolicy;
import io.clarq.core.llm.RetryPolicy;
import io.clarq.core.llm.openai.OpenAiClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * A model for an agent under a contract suite: a {@link FakeOpenAiServer} on 127.0.0.1 answering with a
 * deterministic function of each request, and an OpenAI client of it under the reply policy (one attempt a call,
 * 5 s timeout). A
 * {@link ModelFault} swaps the answers for failures.
 *
 * <pre>{@code
 * private final LoopbackModel model = LoopbackModel.start(new SimulatedClarqModel(Duration.ZERO)::reply);
 * @AfterEach void stop() { model.close(); }
 * @Override protected SeekerAgent createSeeker() { return new MySeeker(model.client()); }
 * @Override protected void breakModel(ModelFault fault) { model.breakWith(fault, FakeReply.text(" ")); }
 * }</pre>
 */
public final class LoopbackModel implements AutoCloseable {
  private final FakeOpenAiServer server;
  private final LlmClient client;

  private LoopbackModel(Function<RecordedRequest, FakeReply> answers) {
    this.server = FakeOpenAiServer.start(Objects.requireNonNull(answers, "answers"));
    // under the reply policy, as LlmClients.fromSpec makes every client
    this.client = ReplyPolicy.enforce(OpenAiClient.builder().baseUrl(server.baseUrl()).model("contract-model")
        .apiKey(ApiKey.of("sk-loopback-contract", "contract"))
        .settings(LlmSettings.DEFAULT.withTimeout(Duration.ofSeconds(5)).withRetry(RetryPolicy.NONE)).build());
  }

  /** A server answering every request with {@code answers}' reply, and its client. */
  public static LoopbackModel start(Function<RecordedRequest, FakeReply> answers) {
    return new LoopbackModel(answers);
  }

  /** The client of the server: hand it to the agent. */
  public LlmClient client() {
    return client;
  }

  /** The server, for its recorded requests. */
  public FakeOpenAiServer server() {
    return server;
  }

  /**
   * The {@code seed} of every request the server has received so far, in order; null for a request without one.
   */
  public List<Long> seeds() {
    List<Long> out = new ArrayList<>();
    for (RecordedRequest r : server.requests()) {
      com.fasterxml.jackson.databind.JsonNode seed = r.json() == null ? null : r.json().get("seed");
      out.add(seed == null || seed.isNull() ? null : seed.asLong());
    }
    return out;
  }

  /**
   * From now on every request fails as {@code fault} says: {@link ModelFault#UNREACHABLE} with HTTP 503,
   * {@link ModelFault#UNUSABLE_REPLY} with {@code unusable} (a reply the agent cannot use).
   */
  public void breakWith(ModelFault fault, FakeReply unusable) {
    FakeReply reply = fault == ModelFault.UNREACHABLE ? FakeReply.unavailable() : unusable;
    server.respondWith(r -> reply);
  }

  @Override
  public void close() {
    client.close();
    server.close();
  }
}
