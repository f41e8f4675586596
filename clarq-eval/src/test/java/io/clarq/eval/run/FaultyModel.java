package io.clarq.eval.run;

import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.RecordedRequest;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * A responder that fails a seeded share of requests the first time it sees them, then answers them with the model:
 * 500, 503, 429, a dropped connection, a body cut short, malformed JSON, or (for JSON-mode requests) a reply that is
 * not JSON (never to the reminder that asks again). Whether a request faults, and how, depends only on its body and the
 * seed, so a fault never repeats and a run with retries never fails because of one; the order in which requests
 * arrive does not matter.
 */
final class FaultyModel implements Function<RecordedRequest, FakeReply> {
  private static final List<Function<RecordedRequest, FakeReply>> FAULTS = List.of(
      r -> FakeReply.serverError(),
      r -> FakeReply.unavailable(),
      r -> FakeReply.rateLimited(),
      r -> FakeReply.droppedConnection(),
      r -> FakeReply.truncatedBody(),
      r -> FakeReply.malformedJson(),
      // an unreadable reply to a first question only: the reminder that follows it is answered, as a fault alone
      // (one bad reply) must not fail a dialogue, while two in a row are the model's failure, not a fault's
      r -> "json_object".equals(r.json().path("response_format").path("type").asText())
          && r.messages().stream().noneMatch(m -> m.role() == io.clarq.core.llm.ChatMessage.Role.ASSISTANT)
          ? FakeReply.text("Sure! The answer is yes.") : FakeReply.serverError());

  private final Function<RecordedRequest, FakeReply> model;
  private final double rate;
  private final long seed;
  private final Map<String, Boolean> seen = new ConcurrentHashMap<>();
  private final AtomicInteger faults = new AtomicInteger();

  /** @param rate the share of distinct requests that fault once, 0 to 1 */
  FaultyModel(Function<RecordedRequest, FakeReply> model, double rate, long seed) {
    this.model = model;
    this.rate = rate;
    this.seed = seed;
  }

  @Override
  public FakeReply apply(RecordedRequest r) {
    if (seen.putIfAbsent(r.body(), Boolean.TRUE) == null) {
      Random random = new Random(seed ^ r.body().hashCode());
      if (random.nextDouble() < rate) {
        faults.incrementAndGet();
        return FAULTS.get(random.nextInt(FAULTS.size())).apply(r);
      }
    }
    return model.apply(r);
  }

  /** Faults served so far. */
  int faults() {
    return faults.get();
  }
}
