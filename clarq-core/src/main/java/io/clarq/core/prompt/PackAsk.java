package io.clarq.core.prompt;

import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.ResponseFormat;
import io.clarq.core.llm.Trials;
import io.clarq.core.llm.json.JsonReply;
import io.clarq.core.llm.json.JsonReplyParser;
import io.clarq.core.llm.json.StructuredAsk;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Asks a model one question whose answer is a JSON object, in the reference's request envelope: one user message,
 * JSON mode, temperature 0, seed 8848 (in trial t of a run with trials, 8848 + t - 1: {@link #inTrial}), no stop
 * sequences. How the reply is read follows the pack's {@link PackBehaviour}: with the reference behaviour one call, read as Python's {@code json.loads} and truthiness
 * would; with clarq's, {@link StructuredAsk} (a second try with a reminder) and strict yes/no fields. Either way a
 * reply that cannot be read comes back unparsed with its raw text, never as a guess.
 */
public final class PackAsk {
  /** The reference's sampling settings for every call. */
  public static final double TEMPERATURE = 0.0;

  /** The reference's seed (trial 1's); a request carries the seed of its trial ({@link Trials#seed(int)}). */
  public static final long SEED = Trials.REFERENCE_SEED;

  private final LlmClient client;
  private final PromptPack pack;
  private final PackBehaviour behaviour;
  private final int trial;

  /**
   * @param client the model's client: its {@link LlmClient#model() model} is sent with each request, and JSON mode
   *     and the seed are asked for as far as its {@link LlmClient#capabilities() capabilities} allow (the reference
   *     always asks for both)
   */
  public PackAsk(LlmClient client, PromptPack pack) {
    this(client, pack, 1);
  }

  private PackAsk(LlmClient client, PromptPack pack, int trial) {
    this.client = Objects.requireNonNull(client, "client");
    this.pack = Objects.requireNonNull(pack, "pack");
    this.behaviour = pack.behaviour();
    this.trial = Trials.check(trial);
  }

  /**
   * The same asker for the turn or question of {@code trial}: its requests carry the trial and its seed
   * ({@link Trials#seed(int)}). A new asker starts in trial 1.
   */
  public PackAsk inTrial(int trial) {
    return trial == this.trial ? this : new PackAsk(client, pack, trial);
  }

  /**
   * The reminder sent after an unreadable reply, from {@code template} of {@code pack} ({@code {problem}} and
   * {@code {fields}}), with {@code template + "_fields"} rendered into {@code {fields}} when fields are wanted (their
   * names joined as the language writes a list).
   */
  public static BiFunction<String, List<String>, String> reminder(PromptPack pack, String template,
      Language language) {
    PromptTemplate whole = pack.template(template, language);
    PromptTemplate fields = pack.template(template + "_fields", language);
    String comma = language == Language.CHINESE ? "\u3001" : ", ";
    return (problem, names) -> whole.render(Map.of("problem", problem, "fields",
        names.isEmpty() ? "" : fields.render(Map.of("fields", String.join(comma, names)))));
  }

  /** The request for a prompt: the reference's envelope. */
  public ChatRequest request(String prompt) {
    return ChatRequest.builder()
        .model(client.model())
        .user(prompt)
        .responseFormat(client.capabilities().jsonMode() ? ResponseFormat.JSON_OBJECT : ResponseFormat.TEXT)
        .temperature(TEMPERATURE)
        .seed(client.capabilities().seed() ? Trials.seed(trial) : null)
        .trial(trial)
        .build();
  }

  /**
   * Asks {@code prompt}; the reply must be an object holding {@code required}.
   *
   * @param language the language of the reminder clarq's behaviour sends after an unreadable reply
   */
  public JsonReply ask(String prompt, Language language, List<String> required) throws LlmException {
    return ask(prompt, language, required, r -> "");
  }

  /**
   * Asks {@code prompt}; with clarq's behaviour a reply whose values {@code check} finds a problem with (e.g. "match
   * is not true or false") is unreadable and asked once more. The reference behaviour never checks beyond the
   * fields' presence: Python truthiness reads any value.
   */
  public JsonReply ask(String prompt, Language language, List<String> required, Function<JsonReply, String> check)
      throws LlmException {
    ChatRequest request = request(prompt);
    if (behaviour == PackBehaviour.REFERENCE) {
      io.clarq.core.llm.ChatResponse response = client.chat(request);
      JsonReply reply = JsonReplyParser.parseAsPython(response.text(), required);
      if (reply.isParsed()) {
        client.accept(request, response);   // only a reply the agent could read may enter a response cache
      }
      return reply;
    }
    return StructuredAsk.ask(client, request, required, reminder(pack, "reply/reminder", language), check);
  }

  /** The check for a yes/no field under clarq's behaviour: its problem, or "" when it reads as a yes or a no. */
  public Function<JsonReply, String> yesNoCheck(String field) {
    return r -> r.bool(field).isPresent() ? "" : field + " is not true or false: " + r.text(field).orElse("?");
  }

  /**
   * A yes/no field: Python truthiness with the reference behaviour (any value is a yes or a no); clarq's reads only
   * booleans and yes/no words. Empty when it cannot be read.
   */
  public Optional<Boolean> yes(JsonReply reply, String field) {
    return behaviour == PackBehaviour.REFERENCE ? reply.truthy(field) : reply.bool(field);
  }

  /**
   * A text field: a JSON string with the reference behaviour (the reference calls string methods on it), any scalar
   * with clarq's; empty when absent, of another kind, or blank (a blank reply is never spoken as a line).
   */
  public Optional<String> text(JsonReply reply, String field) {
    Optional<String> t = behaviour == PackBehaviour.REFERENCE ? reply.string(field) : reply.text(field);
    return t.filter(s -> !s.isBlank());
  }

  /**
   * The six-way type: a value equal to 1..6 under Python's {@code ==} with the reference behaviour (so 2.0 and
   * {@code true} (== 1) count, "2" does not); an integer 1..6 (or its digit as text) with clarq's.
   */
  public Optional<Integer> type(JsonReply reply) {
    Optional<Long> v;
    if (behaviour == PackBehaviour.REFERENCE) {
      v = reply.pythonInteger("type");
    } else {
      v = reply.text("type").map(String::strip).filter(s -> s.matches("[1-6]")).map(Long::valueOf);
    }
    return v.filter(n -> n >= 1 && n <= 6).map(Long::intValue);
  }

  public PackBehaviour behaviour() {
    return behaviour;
  }
}
