package io.clarq.core.clarqllm.seeker.llm;

import io.clarq.core.clarqllm.seeker.SeekerAgent;
import io.clarq.core.clarqllm.seeker.SeekerTurn;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.dialogue.Speaker;
import io.clarq.core.dialogue.Utterance;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmUnparsedReplyException;
import io.clarq.core.llm.json.StructuredAsk;
import io.clarq.core.prompt.AgentBuilder;
import io.clarq.core.prompt.PackAgent;
import io.clarq.core.prompt.PackAsk;
import io.clarq.core.prompt.PackBehaviour;
import io.clarq.core.prompt.PromptPack;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The paper's baseline LLM seeker (the reference's {@code player}), temperature 0 and seed 8848 (trial t of a run
 * with trials: 8848 + t - 1, the turn's {@link SeekerTurn#seed()}), no JSON mode, every word from a {@link PromptPack}:
 *
 * <ul>
 *   <li>{@link Mode#COMPLETION}: one user message. On the first turn {@code seeker/completion_first} with the
 *       {@link SeekerBriefing} (the template holds the opening); later {@code seeker/completion_later} with the
 *       transcript, seeker lines prefixed "You: ". With the reference behaviour the reply loses its first five
 *       characters when it starts with "You: " or "you: " and nothing else; with clarq's it is stripped and a leading
 *       "You:" (any case) removed.
 *   <li>{@link Mode#CHAT}: the briefing as system message; provider lines as user messages, seeker lines as
 *       assistant messages; the reply is used as it is (stripped with clarq's behaviour).
 * </ul>
 *
 * A blank reply is an {@link LlmUnparsedReplyException}, never an empty line. Stateless and thread-safe when the client
 * is.
 */
public final class LlmSeeker extends PackAgent<LlmSeeker> implements SeekerAgent {
  /** How the dialogue is shown to the model. */
  public enum Mode {
    COMPLETION("comp"),
    CHAT("chat");

    private final String shortName;

    Mode(String shortName) {
      this.shortName = shortName;
    }

    /** "comp" or "chat", as the published result files name the modes. */
    public String shortName() {
      return shortName;
    }
  }

  /** The reference's sampling settings. */
  public static final double TEMPERATURE = PackAsk.TEMPERATURE;

  /** The reference's seed (trial 1's); a request carries the seed of the trial being played. */
  public static final long SEED = PackAsk.SEED;

  private final Mode mode;

  private LlmSeeker(Builder b) {
    super(b);
    this.mode = b.mode;
  }

  /**
   * A builder for a seeker on this client (its model; the seed as its capabilities allow); defaults: Chat mode,
   * clarq's own pack.
   */
  public static Builder builder(LlmClient client) {
    return new Builder(client);
  }

  @Override
  public String name() {
    return "llm-" + mode.shortName() + (client().model().isEmpty() ? "" : ":" + client().model());
  }

  /** Completion or Chat mode. */
  public Mode mode() {
    return mode;
  }

  @Override
  protected Builder toBuilder() {
    return builder(client()).mode(mode).prompts(prompts());
  }

  @Override
  public String next(SeekerTurn turn) throws LlmException {
    // a blank reply, or one with nothing left once cleaned, is unparsed (the dialogue fails with it), never a line;
    // only a usable reply is accepted into a response cache
    if (prompts().behaviour() == PackBehaviour.REFERENCE) {
      return StructuredAsk.text(client(), request(turn), "seeker turn", raw ->
          mode == Mode.COMPLETION && (raw.startsWith("You: ") || raw.startsWith("you: ")) ? raw.substring(5) : raw);
    }
    return StructuredAsk.text(client(), request(turn), "seeker turn", raw -> {
      String text = raw.strip();
      return mode == Mode.COMPLETION && text.regionMatches(true, 0, "You:", 0, 4) ? text.substring(4).strip() : text;
    });
  }

  /** The request this seeker sends for a turn. */
  public ChatRequest request(SeekerTurn turn) {
    ChatRequest.Builder b = ChatRequest.builder().model(client().model()).temperature(TEMPERATURE)
        .seed(client().capabilities().seed() ? turn.seed() : null).trial(turn.trial());
    String briefing = SeekerBriefing.render(prompts(), turn.briefing());
    if (mode == Mode.CHAT) {
      b.system(briefing);
      for (Utterance u : turn.history()) {
        if (u.speaker() == Speaker.PROVIDER) {
          b.user(u.text());
        } else {
          b.assistant(u.text());
        }
      }
      return b.build();
    }
    Language language = SeekerBriefing.language(turn.briefing());
    if (turn.history().size() == 1) {
      return b.user(prompts().template("seeker/completion_first", language).render(Map.of("briefing", briefing))).build();
    }
    List<String> lines = new ArrayList<>();
    for (Utterance u : turn.history()) {
      lines.add(u.speaker() == Speaker.SEEKER ? "You: " + u.text() : u.text());
    }
    return b.user(prompts().template("seeker/completion_later", language)
        .render(Map.of("briefing", briefing, "transcript", String.join("\n", lines)))).build();
  }

  /** Makes an {@link LlmSeeker}: a client, a pack and the mode. */
  public static final class Builder extends AgentBuilder<Builder, LlmSeeker> {
    private Mode mode = Mode.CHAT;

    private Builder(LlmClient client) {
      super(client, PromptPack.clarq());
    }

    /** How the dialogue is shown to the model (default Chat). */
    public Builder mode(Mode mode) {
      this.mode = java.util.Objects.requireNonNull(mode, "mode");
      return this;
    }

    @Override
    public LlmSeeker build() {
      return new LlmSeeker(this);
    }
  }
}
