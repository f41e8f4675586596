package io.clarq.core.llm.langchain4j;

import com.fasterxml.jackson.databind.JsonNode;
import dev.langchain4j.model.anthropic.AnthropicChatResponseMetadata;
import java.util.Optional;

/**
 * The body of an Anthropic reply to a model a user built with langchain4j-anthropic, which the module keeps in its
 * {@link AnthropicChatResponseMetadata#rawHttpResponse()}: clarq reads Anthropic's own {@code stop_reason} from it
 * ({@code refusal}, which LangChain4j maps to OTHER). langchain4j-anthropic is optional, so its classes are touched
 * only when they are on the class path ({@link #of}).
 */
final class AnthropicReplyBody {
  private static final boolean MODULE = present();

  private AnthropicReplyBody() {}

  /** The reply's body as JSON when the reply came through langchain4j-anthropic and it kept the body. */
  static Optional<JsonNode> of(dev.langchain4j.model.chat.response.ChatResponse reply) {
    return MODULE ? Reader.body(reply) : Optional.empty();
  }

  private static boolean present() {
    try {
      Class.forName("dev.langchain4j.model.anthropic.AnthropicChatResponseMetadata", false,
          AnthropicReplyBody.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  /** Loaded only when the module is present. */
  private static final class Reader {
    static Optional<JsonNode> body(dev.langchain4j.model.chat.response.ChatResponse reply) {
      if (reply.metadata() instanceof AnthropicChatResponseMetadata m && m.rawHttpResponse() != null
          && m.rawHttpResponse().bodyBytes() != null) {
        return ProviderEndReasons.json(m.rawHttpResponse().bodyBytes());
      }
      return Optional.empty();
    }
  }
}
