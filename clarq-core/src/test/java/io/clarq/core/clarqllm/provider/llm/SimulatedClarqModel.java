package io.clarq.core.clarqllm.provider.llm;

import io.clarq.core.clarqllm.provider.llm.ProviderScript.Step;
import io.clarq.core.llm.ChatMessage;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.RecordedRequest;
import java.time.Duration;
import java.util.List;

/**
 * A deterministic stand-in for the models of a whole ClarQ-LLM run, for the loopback server: it answers the
 * baseline seeker's requests (a task-dependent number of questions, then "Goodbye", or none and the turn cap) and
 * every provider step, each reply a function of the request text only, so reruns and cache replays agree. Usage
 * is reported (about four characters a token).
 */
public final class SimulatedClarqModel {
  private final Duration latency;

  /** @param latency how long the server waits before each reply */
  public SimulatedClarqModel(Duration latency) {
    this.latency = latency;
  }

  public FakeReply reply(RecordedRequest request) {
    List<ChatMessage> messages = request.messages();
    String firstUser = messages.stream().filter(m -> m.role() == ChatMessage.Role.USER).map(ChatMessage::content)
        .findFirst().orElse("");
    boolean json = "json_object".equals(request.json().path("response_format").path("type").asText());
    String text = json ? provider(firstUser) : seeker(request, firstUser);
    int promptChars = messages.stream().mapToInt(m -> m.content().length()).sum();
    FakeReply reply = FakeReply.text(text).withUsage(promptChars / 4 + 1, text.length() / 4 + 1);
    return latency.isZero() ? reply : reply.after(latency);
  }

  private static String seeker(RecordedRequest request, String firstUser) {
    String briefing = request.systemPrompt().isEmpty() ? firstUser : request.systemPrompt();
    String firstLine = briefing.lines().findFirst().orElse("");
    int asked = request.systemPrompt().isEmpty()
        ? count(firstUser, "\nYou: ")
        : (int) request.messages().stream().filter(m -> m.role() == ChatMessage.Role.ASSISTANT).count();
    int questions = 2 + Math.floorMod(firstLine.hashCode(), 12); // 2..13; 13 never says goodbye: the turn cap
    if (asked + 1 >= questions && questions < 13) {
      return "Thanks, that is all I need. Goodbye!";
    }
    return "You: Question " + asked + ": what should I do about step " + Math.floorMod(request.body().hashCode(), 7)
        + "?";
  }

  private static String provider(String prompt) {
    Step step = Step.of(prompt);
    int h = Math.floorMod(prompt.hashCode(), 1_000_003);
    if (step == null) {
      return "not a provider prompt";
    }
    return switch (step) {
      case GATE -> "{\"analysis\": \"simulated\", \"related\": " + (h % 5 != 0) + "}";
      case INTENT -> "{\"analysis\": \"simulated\", \"type\": " + List.of(2, 2, 2, 3, 1, 4, 5, 6, 2, 3).get(h % 10)
          + "}";
      case REPEAT -> "{\"analysis\": \"simulated\", \"repeat\": " + (h % 2 == 0) + "}";
      case PASS1, PASS2 -> "{\"analysis\": \"simulated " + h + "\", \"answerable\": " + (h % 2 == 0) + "}";
      case PASS3 -> "{\"analysis\": \"simulated " + h + "\", \"answerable\": " + (h % 2 == 0) + ", \"correct\": "
          + (h % 2 == 0) + "}";
      case POSITIVE, REASSURANCE, RESTATEMENT -> "{\"response\": \"Simulated reply " + h + ".\"}";
      case MERGE -> "{\"output\": \"Merged " + h + ".\"}";
    };
  }

  private static int count(String text, String what) {
    int n = 0;
    for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
      n++;
    }
    return n;
  }
}
