package io.clarq.core.llm.batch;

import io.clarq.core.llm.ApiKey;
import io.clarq.core.llm.LlmClients;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.llm.openai.OpenAiClient;
import io.clarq.core.llm.wire.BatchWire;
import io.clarq.core.llm.wire.OpenAiBatchWire;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** Batch clients made from a spec: {@code openai:} (OpenAI's Batch API) and {@code anthropic:} (Message Batches). */
public final class BatchClients {
  private static final String ANTHROPIC_WIRE = "io.clarq.core.llm.langchain4j.AnthropicBatchWire";

  private BatchClients() {}

  /**
   * A builder of a batch client for {@code spec}, its key and headers read from {@code environment} as the
   * synchronous client reads them, its state kept in {@code stateFile}.
   *
   * @throws IllegalArgumentException for a scheme with no batch API, a spec with several base URLs, or no key
   */
  public static BatchClient.Builder forSpec(LlmSpec spec, Function<String, String> environment, Path stateFile) {
    if (spec.baseUrls().size() > 1) {
      throw new IllegalArgumentException(spec + ": a batch goes to one server, not to replicas");
    }
    Optional<ApiKey> key = ApiKey.fromEnvironment(LlmClients.keyEnv(spec), environment);
    String secret = key.map(ApiKey::value).orElse("");
    Map<String, String> headers = spec.headerValues(environment);
    return switch (spec.scheme()) {
      case "openai" -> {
        URI base = spec.baseUrl().orElse(OpenAiClient.OPENAI_BASE_URL);
        OpenAiClient bodies = OpenAiClient.builder().baseUrl(base).model(spec.model()).apiKey(key).headers(headers)
            .params(spec.paramValues()).settings(spec.settings()).listener(LlmListener.NONE).build();
        yield BatchClient.builder(new OpenAiBatchApi(base, secret, spec.settings().timeout()),
            new OpenAiBatchWire(bodies), stateFile);
      }
      case "anthropic" -> {
        if (key.isEmpty()) {
          throw new IllegalArgumentException("no API key for " + spec.identity() + ": set "
              + String.join(" or ", LlmClients.keyEnv(spec)));
        }
        URI base = spec.baseUrl().orElse(AnthropicBatchApi.DEFAULT_BASE_URL);
        yield BatchClient.builder(new AnthropicBatchApi(base, secret, spec.settings().timeout()),
            anthropicWire(spec, key, headers), stateFile);
      }
      default -> throw new IllegalArgumentException(spec + ": scheme " + spec.scheme() + " has no batch API here;"
          + " batches go to openai: (OpenAI's Batch API) or anthropic: (Message Batches)");
    };
  }

  /**
   * Anthropic's batch wire: the synchronous {@code anthropic:} client over an HTTP client that captures bodies. It
   * lives in {@code io.clarq.core.llm.langchain4j}, package-private like the model building it shares with that
   * client, and is made here by reflection so that neither becomes API (a package-private constructor is open to
   * reflection from its own module, or on the class path).
   */
  private static BatchWire anthropicWire(LlmSpec spec, Optional<ApiKey> key, Map<String, String> headers) {
    try {
      Constructor<?> make = Class.forName(ANTHROPIC_WIRE).getDeclaredConstructor(LlmSpec.class, Optional.class,
          Map.class);
      make.setAccessible(true);
      return (BatchWire) make.newInstance(spec, key, headers);
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof NoClassDefFoundError missing) {
        throw needsLangChain4j(spec, missing);
      }
      throw new IllegalStateException(ANTHROPIC_WIRE + " failed for " + spec.identity(), e.getCause());
    } catch (NoClassDefFoundError missing) {
      throw needsLangChain4j(spec, missing);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(ANTHROPIC_WIRE + " cannot be made: " + e, e);
    }
  }

  private static IllegalArgumentException needsLangChain4j(LlmSpec spec, NoClassDefFoundError missing) {
    return new IllegalArgumentException(spec.identity() + ": an anthropic: batch needs LangChain4j, which is not on"
        + " the class path (" + missing.getMessage() + " is missing): add the Maven dependency"
        + " dev.langchain4j:langchain4j-anthropic, or use the clarq command, which bundles it", missing);
  }
}
