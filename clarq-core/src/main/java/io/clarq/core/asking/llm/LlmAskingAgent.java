package io.clarq.core.asking.llm;

import io.clarq.core.asking.ActionKind;
import io.clarq.core.asking.AskingAction;
import io.clarq.core.asking.AskingAgent;
import io.clarq.core.asking.AskingTurn;
import io.clarq.core.asking.Choice;
import io.clarq.core.asking.Message;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmUnparsedReplyException;
import io.clarq.core.llm.json.JsonReply;
import io.clarq.core.llm.json.StructuredAsk;
import io.clarq.core.prompt.AgentBuilder;
import io.clarq.core.prompt.PackAgent;
import io.clarq.core.prompt.PackAsk;
import io.clarq.core.prompt.PackLayout;
import io.clarq.core.prompt.PromptPack;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * clarq's asking agent over any model: one request per turn, a system message holding the turn's statement and a user
 * message holding the conversation, the choices and the allowed actions, all in the words of an asking pack
 * ({@link PackLayout#ASKING}, clarq's own by default). The model replies with a JSON object
 * {@code {"action": "ask"|"answer"|"end", "text": "..."}}; a reply that cannot be read, or names an action the turn
 * does not allow or a choice it does not offer, is asked once more with a reminder, and then is an
 * {@link LlmUnparsedReplyException} carrying the raw replies, never a guessed action. Temperature 0; the seed of the
 * turn's trial when the model takes a seed. Stateless and thread-safe when the client is.
 *
 * <pre>{@code
 * AskingAgent agent = LlmAskingAgent.builder(LlmClients.fromSpec(LlmSpec.parse("openai:gpt-4o-mini"))).build();
 * }</pre>
 */
public final class LlmAskingAgent extends PackAgent<LlmAskingAgent> implements AskingAgent {
  /** The temperature of every request. */
  public static final double TEMPERATURE = 0.0;

  private static final List<String> FIELDS = List.of("action", "text");

  private LlmAskingAgent(Builder b) {
    super(b);
  }

  /** A builder for an agent on this client (its model), speaking from clarq's own asking pack. */
  public static Builder builder(LlmClient client) {
    return new Builder(client);
  }

  @Override
  public String name() {
    return "llm:" + modelName();
  }

  @Override
  public String version() {
    return prompts().id();
  }

  @Override
  protected Builder toBuilder() {
    return builder(client()).prompts(prompts());
  }

  @Override
  public AskingAction act(AskingTurn turn) throws LlmException {
    JsonReply reply = StructuredAsk.ask(client(), request(turn), FIELDS,
        PackAsk.reminder(prompts(), "agent/reminder", Language.ENGLISH), r -> problem(turn, r));
    if (!reply.isParsed()) {
      throw new LlmUnparsedReplyException("asking agent turn", String.join("\n---\n", reply.raws()),
          reply.problem());
    }
    return turn.check(name(), action(turn, reply));
  }

  /** The request this agent sends for a turn. */
  public ChatRequest request(AskingTurn turn) {
    List<String> actions = new ArrayList<>();
    for (ActionKind k : turn.allowed()) {
      actions.add(prompts().template("agent/action_" + k.name().toLowerCase(Locale.ROOT)).render(Map.of()));
    }
    String choices = turn.choices().isEmpty() ? "" : prompts().template("agent/choices").render(Map.of("choices",
        String.join("\n", turn.choices().stream().map(c -> c.label() + ": " + c.text()).toList())));
    List<String> lines = new ArrayList<>();
    for (Message m : turn.messages()) {
      lines.add(m.role().name().toLowerCase(Locale.ROOT) + ": " + m.text());
    }
    String conversation = lines.isEmpty() ? prompts().template("agent/no_conversation").render(Map.of())
        : String.join("\n", lines);
    return ChatRequest.builder().model(client().model()).temperature(TEMPERATURE)
        .seed(client().capabilities().seed() ? turn.seed() : null).trial(turn.trial())
        .system(prompts().template("agent/system").render(Map.of("statement", turn.statement())))
        .user(prompts().template("agent/turn").render(Map.of("conversation", conversation,
            "actions", String.join(" ", actions), "choices", choices)))
        .build();
  }

  private static String problem(AskingTurn turn, JsonReply reply) {
    Optional<ActionKind> kind = kind(reply);
    if (kind.isEmpty() || !turn.allows(kind.get())) {
      return "\"action\" must be one of " + turn.allowed().stream().map(k -> k.name().toLowerCase(Locale.ROOT))
          .toList() + ", got " + reply.text("action").orElse("nothing");
    }
    String text = reply.text("text").orElse("").strip();
    if (text.isEmpty()) {
      return "\"text\" is empty";
    }
    if (kind.get() == ActionKind.ANSWER && label(turn, text).isEmpty()) {
      return "\"text\" must be one of the labels " + turn.choices().stream().map(Choice::label).toList()
          + ", got \"" + text + "\"";
    }
    return "";
  }

  private static AskingAction action(AskingTurn turn, JsonReply reply) {
    String text = reply.text("text").orElseThrow().strip();
    return switch (kind(reply).orElseThrow()) {
      case ASK -> new AskingAction.Ask(text);
      case ANSWER -> new AskingAction.Answer(label(turn, text).orElseThrow());
      case END -> new AskingAction.End(text);
    };
  }

  private static Optional<ActionKind> kind(JsonReply reply) {
    String action = reply.text("action").orElse("").strip().toUpperCase(Locale.ROOT);
    for (ActionKind k : ActionKind.values()) {
      if (k.name().equals(action)) {
        return Optional.of(k);
      }
    }
    return Optional.empty();
  }

  /** The label a text names: the label itself, or the label followed by ':', ')' or '.' and the option. */
  private static Optional<String> label(AskingTurn turn, String text) {
    for (Choice c : turn.choices()) {
      String l = c.label();
      if (text.equals(l) || (text.startsWith(l) && text.length() > l.length()
          && ":).".indexOf(text.charAt(l.length())) >= 0)) {
        return Optional.of(l);
      }
    }
    return Optional.empty();
  }

  /** Makes an {@link LlmAskingAgent}: a client and an asking pack. */
  public static final class Builder extends AgentBuilder<Builder, LlmAskingAgent> {
    private Builder(LlmClient client) {
      super(client, PromptPack.builtIn(PackLayout.ASKING));
    }

    @Override
    public LlmAskingAgent build() {
      return new LlmAskingAgent(this);
    }
  }
}
