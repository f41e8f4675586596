package io.clarq.core.llm;

import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Which model to talk to and how: a scheme naming the backend ({@code openai}), a model name, an optional base
 * URL overriding the backend's default, the environment variables the key is read from, and call settings.
 *
 * <p>Parsed from {@code SCHEME:MODEL} ({@code openai:gpt-4o}; the model may itself hold colons, as in
 * {@code ollama:llama3:8b}), a bare {@code SCHEME}, or a base URL ({@code http://127.0.0.1:8000/v1}), which means
 * an OpenAI-compatible server whose model comes from {@link #withModel}. Holds no key, so it is safe to print.
 *
 * @param scheme the backend, lower case
 * @param model the model name; empty = the server's default (only sensible with a base URL)
 * @param baseUrl the server's base URL (up to and including {@code /v1}); empty = the backend's default
 * @param apiKeyEnv environment variables tried in order for the key (default {@link ApiKey#DEFAULT_ENV})
 * @param settings timeout, retries, in-flight bound, rate limit
 */
public record LlmSpec(String scheme, String model, Optional<URI> baseUrl, List<String> apiKeyEnv,
    LlmSettings settings) {
  private static final Pattern SCHEME = Pattern.compile("[a-z][a-z0-9+.\\-]*");
  private static final String FORMS =
      "expected SCHEME:MODEL (e.g. openai:gpt-4o), SCHEME, or a base URL such as http://127.0.0.1:8000/v1";

  public LlmSpec {
    Objects.requireNonNull(scheme, "scheme");
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(baseUrl, "baseUrl");
    Objects.requireNonNull(settings, "settings");
    apiKeyEnv = List.copyOf(apiKeyEnv);
    if (!SCHEME.matcher(scheme).matches()) {
      throw new IllegalArgumentException("illegal LLM scheme '" + scheme + "': " + FORMS);
    }
    if (!model.equals(model.strip())) {
      throw new IllegalArgumentException("illegal model name '" + model + "': leading or trailing whitespace");
    }
    baseUrl.ifPresent(LlmSpec::checkBaseUrl);
  }

  /**
   * Parses a spec.
   *
   * @throws IllegalArgumentException naming the text and the accepted forms
   */
  public static LlmSpec parse(String text) {
    Objects.requireNonNull(text, "spec");
    String s = text.strip();
    if (s.isEmpty()) {
      throw new IllegalArgumentException("illegal LLM spec '" + text + "': empty; " + FORMS);
    }
    String lower = s.toLowerCase(Locale.ROOT);
    if (lower.startsWith("http://") || lower.startsWith("https://")) {
      return of("openai", "").withBaseUrl(parseUrl(s));
    }
    int colon = s.indexOf(':');
    String scheme = (colon < 0 ? s : s.substring(0, colon)).toLowerCase(Locale.ROOT);
    String model = colon < 0 ? "" : s.substring(colon + 1).strip();
    if (!SCHEME.matcher(scheme).matches()) {
      throw new IllegalArgumentException("illegal LLM spec '" + text + "': " + FORMS);
    }
    return of(scheme, model);
  }

  /** A spec with default key variables and settings. */
  public static LlmSpec of(String scheme, String model) {
    return new LlmSpec(scheme, model, Optional.empty(), ApiKey.DEFAULT_ENV, LlmSettings.DEFAULT);
  }

  public LlmSpec withModel(String m) {
    return new LlmSpec(scheme, m.strip(), baseUrl, apiKeyEnv, settings);
  }

  public LlmSpec withBaseUrl(URI url) {
    return new LlmSpec(scheme, model, Optional.of(url), apiKeyEnv, settings);
  }

  /** Reads the key from {@code names} (tried in order) instead of the default variables. */
  public LlmSpec withApiKeyEnv(List<String> names) {
    return new LlmSpec(scheme, model, baseUrl, names, settings);
  }

  public LlmSpec withSettings(LlmSettings s) {
    return new LlmSpec(scheme, model, baseUrl, apiKeyEnv, s);
  }

  /** Parses a base URL given on a command line or in a spec, with an error naming it. */
  public static URI parseUrl(String text) {
    try {
      URI u = new URI(text.strip());
      checkBaseUrl(u);
      return u;
    } catch (java.net.URISyntaxException e) {
      throw new IllegalArgumentException("illegal base URL '" + text + "': " + e.getReason(), e);
    }
  }

  private static void checkBaseUrl(URI u) {
    String sc = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
    if (!(sc.equals("http") || sc.equals("https")) || u.getHost() == null) {
      throw new IllegalArgumentException(
          "illegal base URL '" + u + "': must be http:// or https:// with a host, e.g. http://127.0.0.1:8000/v1");
    }
  }

  /** {@code scheme:model}, with {@code @ baseUrl} when one is set. */
  @Override
  public String toString() {
    return scheme + (model.isEmpty() ? "" : ":" + model) + baseUrl.map(u -> " @ " + u).orElse("");
  }
}
