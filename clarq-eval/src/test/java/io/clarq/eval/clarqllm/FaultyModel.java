package io.clarq.eval.clarqllm;

import io.clarq.core.llm.ChatMessage;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.RecordedRequest;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * A responder that faults a seeded share of distinct requests: a transport fault (500, 503, 429, a dropped connection,
 * a body cut short, malformed JSON) the first time the request arrives, answered by the model after that; or, for a
 * JSON-mode question (never the reminder that asks again), a reply that is not JSON, every time that question is
 * asked, as a deterministic model that cannot answer that prompt properly would give (identical requests always get
 * identical content, so a response cache can replay a run). Which requests fault, and how, depends only on their
 * bodies and the seed, never on the order they arrive in; no fault alone can fail a dialogue with retries.
 */
final class FaultyModel implements Function<RecordedRequest, FakeReply> {
  private static final List<Function<RecordedRequest, FakeReply>> TRANSPORT_FAULTS = List.of(
      r -> FakeReply.serverError(),
      r -> FakeReply.unavailable(),
      r -> FakeReply.rateLimited(),
      r -> FakeReply.droppedConnection(),
      r -> FakeReply.truncatedBody(),
      r -> FakeReply.malformedJson());

  private final Function<RecordedRequest, FakeReply> model;
  private final double rate;
  private final long seed;
  private final Map<String, Boolean> seen = new ConcurrentHashMap<>();
  private final AtomicInteger faults = new AtomicInteger();

  /** @param rate the share of distinct requests that fault, 0 to 1 */
  FaultyModel(Function<RecordedRequest, FakeReply> model, double rate, long seed) {
    this.model = model;
    this.rate = rate;
    this.seed = seed;
  }

  @Override
  public FakeReply apply(RecordedRequest r) {
    boolean first = seen.putIfAbsent(r.body(), Boolean.TRUE) == null;
    Random random = new Random(seed ^ r.body().hashCode());
    if (random.nextDouble() >= rate) {
      return model.apply(r);
    }
    int kind = random.nextInt(TRANSPORT_FAULTS.size() + 1);
    if (kind == TRANSPORT_FAULTS.size() && unreadableAllowed(r)) {
      faults.incrementAndGet();
      return FakeReply.text("Sure! The answer is yes.");
    }
    if (first) {
      faults.incrementAndGet();
      return TRANSPORT_FAULTS.get(kind % TRANSPORT_FAULTS.size()).apply(r);
    }
    return model.apply(r);
  }

  // a JSON-mode question asked for the first time in its conversation (no assistant turn yet): the reminder that
  // follows an unreadable reply is always answered, or one fault would fail the dialogue
  private static boolean unreadableAllowed(RecordedRequest r) {
    return "json_object".equals(r.json().path("response_format").path("type").asText())
        && r.messages().stream().noneMatch(m -> m.role() == ChatMessage.Role.ASSISTANT);
  }

  /** Faults served so far. */
  int faults() {
    return faults.get();
  }
}
