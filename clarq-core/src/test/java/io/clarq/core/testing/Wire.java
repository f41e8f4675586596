package io.clarq.core.testing;

import java.io.IOException;
import java.util.Optional;

/**
 * The wire protocol a {@link FakeOpenAiServer} speaks: where chat calls go, how a {@link FakeReply} is written as a
 * reply or an error body, and where a request carries its key. OpenAI's is the default; {@link ProviderWires} has
 * Anthropic's, Gemini's and Ollama's, each as its vendor documents it.
 */
public interface Wire {
  /** The path the base URL ends with ({@code /v1}); clients append their own route. */
  String basePath();

  /** Whether a POST to {@code path} is a chat call. */
  boolean routes(String path);

  /** A successful reply body carrying {@code reply}'s text, finish reason and usage. */
  byte[] completion(FakeReply reply, RecordedRequest request, int call) throws IOException;

  /** An error body for {@code reply}'s status, code and message. */
  byte[] error(FakeReply reply, RecordedRequest request) throws IOException;

  /** The key {@code request} carried, if any. */
  Optional<String> keyOf(RecordedRequest request);

  /**
   * A successful reply body carrying {@code text} that ends as {@code ending} says, in this protocol's own words (see
   * {@link ProtocolNeutralLlmClientContract.Ending}); empty when the protocol has no way to say it. The default, empty.
   */
  default Optional<String> ending(ProtocolNeutralLlmClientContract.Ending ending, String text) {
    return Optional.empty();
  }
}
