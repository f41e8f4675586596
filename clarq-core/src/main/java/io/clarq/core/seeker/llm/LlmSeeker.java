package io.clarq.core.seeker.llm;

import io.clarq.core.dialogue.Speaker;
import io.clarq.core.dialogue.Utterance;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.json.StructuredAsk;
import io.clarq.core.seeker.SeekerAgent;
import io.clarq.core.seeker.SeekerTurn;
import io.clarq.core.task.Language;
import java.util.Objects;

/**
 * The paper's baseline LLM seeker (clarq-llm-protocol.md §3), temperature 0 and seed 8848.
 *
 * <ul>
 *   <li>{@link Mode#COMPLETION}: one user message = the {@link SeekerBriefing} + a header ("What Jax said to you:"
 *       on the first turn, else "Your previous conversation with Jax:") + the transcript (provider lines as said,
 *       seeker lines prefixed "You: ") + an instruction ending in "You:". A leading "You:" is stripped from the reply.
 *   <li>{@link Mode#CHAT}: the briefing as system message; provider lines as user messages, seeker lines as
 *       assistant messages.
 * </ul>
 *
 * Stateless and thread-safe when the client is.
 */
public final class LlmSeeker implements SeekerAgent {
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
  public static final double TEMPERATURE = 0.0;

  public static final long SEED = 8848L;

  private final LlmClient client;
  private final Mode mode;
  private final String model;

  /**
   * @param client the model
   * @param mode Completion or Chat mode
   * @param model the model name sent with each request; empty for the client's default
   */
  public LlmSeeker(LlmClient client, Mode mode, String model) {
    this.client = Objects.requireNonNull(client, "client");
    this.mode = Objects.requireNonNull(mode, "mode");
    this.model = Objects.requireNonNull(model, "model");
  }

  @Override
  public String name() {
    return "llm-" + mode.shortName() + (model.isEmpty() ? "" : ":" + model);
  }

  @Override
  public String next(SeekerTurn turn) throws LlmException {
    // a blank reply, or one that is only "You:", is an unparsed reply (the dialogue fails with it), never a line
    return StructuredAsk.text(client, request(turn), "seeker turn", raw -> {
      String text = raw.strip();
      return mode == Mode.COMPLETION && text.regionMatches(true, 0, "You:", 0, 4) ? text.substring(4).strip() : text;
    });
  }

  /** The request this seeker sends for a turn. */
  public ChatRequest request(SeekerTurn turn) {
    ChatRequest.Builder b = ChatRequest.builder().model(model).temperature(TEMPERATURE).seed(SEED);
    String briefing = SeekerBriefing.render(turn.briefing(), turn.language());
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
    return b.user(completionPrompt(briefing, turn)).build();
  }

  private static String completionPrompt(String briefing, SeekerTurn turn) {
    boolean zh = turn.language() == Language.CHINESE;
    boolean first = turn.seekerTurnsSoFar() == 0;
    StringBuilder transcript = new StringBuilder();
    for (Utterance u : turn.history()) {
      if (transcript.length() > 0) {
        transcript.append('\n');
      }
      transcript.append(u.speaker() == Speaker.SEEKER ? "You: " + u.text() : u.text());
    }
    String header = zh ? (first ? "Jax对你说的话：" : "你和Jax之前的对话：")
        : (first ? "What Jax said to you:" : "Your previous conversation with Jax:");
    String instruction = zh
        ? (first ? "现在根据Jax对你说的话，写出你给Jax的回复。" : "现在根据你们之前的对话，写出你给Jax的回复。") + "\n\nYou:"
        : (first ? "Now, based on what Jax said to you, write your reply to Jax."
            : "Now, based on the conversation so far, write your reply to Jax.") + "\n\nYou:";
    return briefing + "\n\n" + header + "\n" + transcript + "\n\n" + instruction;
  }
}
