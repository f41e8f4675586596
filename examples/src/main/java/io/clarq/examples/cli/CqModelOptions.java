package io.clarq.examples.cli;

import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmClients;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmSpec;
import io.clarq.core.llm.cache.CachePolicy;
import io.clarq.core.llm.cache.CachingLlmClient;
import io.clarq.core.llm.cache.ResponseCacheFile;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * How the {@code cq} commands reach a model named by a spec ({@code openai:MODEL}): an optional base URL for any
 * OpenAI-compatible server and an optional response cache. The key comes from CLARQ_LLM_API_KEY or OPENAI_API_KEY.
 */
public final class CqModelOptions {
  @Option(names = "--base-url", paramLabel = "URL",
      description = "base URL of an OpenAI-compatible server, e.g. http://127.0.0.1:8000/v1 (default: the spec's)")
  String baseUrl;

  @Option(names = "--cache", paramLabel = "FILE", description = "response cache (JSONL): replays identical calls")
  Path cache;

  /** The spec text with the base URL applied; the error names a bad spec or URL. */
  LlmSpec spec(String text) {
    LlmSpec spec = LlmSpec.parse(text);
    return baseUrl == null ? spec : spec.withBaseUrl(LlmSpec.parseUrl(baseUrl));
  }

  /** A client for the spec, behind the response cache when one is given. */
  LlmClient client(LlmSpec spec) {
    LlmClient client = LlmClients.fromSpec(spec);
    if (cache == null) {
      return client;
    }
    return CachingLlmClient.forSpec(client, spec, ResponseCacheFile.open(cache), CachePolicy.DEFAULT,
        LlmListener.NONE);
  }
}
