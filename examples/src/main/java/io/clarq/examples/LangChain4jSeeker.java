package io.clarq.examples;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.LangChain4jException;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import io.clarq.core.clarqllm.seeker.SeekerAgent;
import io.clarq.core.clarqllm.seeker.SeekerTurn;
import io.clarq.core.clarqllm.task.Briefing;
import io.clarq.core.dialogue.Speaker;
import io.clarq.core.dialogue.Utterance;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmClients;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmUnparsedReplyException;
import io.clarq.core.llm.langchain4j.ClarqChatModel;
import io.clarq.core.llm.langchain4j.LangChain4jClients;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A seeker written with LangChain4j (README, "A seeker written with LangChain4j"): it talks to a LangChain4j
 * {@link ChatModel}, and that model is a clarq client underneath ({@link LangChain4jClients#chatModel}), so its
 * calls go through clarq's response cache, usage meter and server pool like the built-in seekers'.
 *
 * <pre>{@code
 * LlmClient client = LlmClients.fromSpec("anthropic:claude-sonnet-4-5");   // or a cached, metered client
 * SeekerAgent seeker = new LangChain4jSeeker(LangChain4jClients.chatModel(client));
 * }</pre>
 */
public final class LangChain4jSeeker implements SeekerAgent {
  private final ChatModel model;

  public LangChain4jSeeker(ChatModel model) {
    this.model = Objects.requireNonNull(model, "model");
  }

  /** A seeker over the model of {@code spec} ({@code openai:gpt-4o}, {@code ollama:qwen3:8b}...). */
  public static LangChain4jSeeker forSpec(String spec) {
    LlmClient client = LlmClients.fromSpec(spec);
    return new LangChain4jSeeker(LangChain4jClients.chatModel(client));
  }

  @Override
  public String name() {
    return "langchain4j-seeker";
  }

  @Override
  public String next(SeekerTurn turn) throws LlmException {
    List<ChatMessage> messages = new ArrayList<>();
    messages.add(SystemMessage.from(instructions(turn.briefing())));
    for (Utterance u : turn.history()) {
      // the provider speaks to us (user); our own earlier lines are the assistant's
      messages.add(u.speaker() == Speaker.PROVIDER ? UserMessage.from(u.text()) : AiMessage.from(u.text()));
    }
    try {
      // a clarq model underneath keys its replies by the turn's trial, so the trials of a run stay apart
      ChatModel inTrial = model instanceof ClarqChatModel clarq ? clarq.inTrial(turn.trial()) : model;
      String raw = inTrial.chat(ChatRequest.builder().messages(messages).temperature(0.0).build())
          .aiMessage().text();
      if (raw == null || raw.isBlank()) {
        // an empty seeker line is no line: the runner records the dialogue as unparsed, with the raw reply
        throw new LlmUnparsedReplyException("seeker turn", raw == null ? "" : raw, "the reply is blank");
      }
      return raw.strip();
    } catch (LangChain4jException e) {
      // a clarq client's failure travels as the cause: hand it back so the runner records an infrastructure error
      if (e.getCause() instanceof LlmException clarq) {
        throw clarq;
      }
      throw e;
    }
  }

  private static String instructions(Briefing b) {
    return "You are a " + b.role() + " who must learn how to " + b.task() + ". An expert answers your questions."
        + " Ask one short question at a time about what you still do not know; you have " + b.items()
        + " and can go to " + b.scenes() + ". When you know every step, say Goodbye.";
  }
}
