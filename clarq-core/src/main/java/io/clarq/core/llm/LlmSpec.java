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
 * @param baseUrls the servers' base URLs (up to and including {@code /v1}), in order; empty = the backend's default.
 *     Several URLs are replicas of one model: calls go to the one with the fewest in flight, and one that keeps
 *     failing is benched for a while ({@link io.clarq.core.llm.route.EndpointPool})
 * @param apiKeyEnv environment variables tried in order for the key (default {@link ApiKey#DEFAULT_ENV})
 * @param settings timeout, retries, in-flight bound, rate limit
 */
public record LlmSpec(String scheme, String model, List<URI> baseUrls, List<String> apiKeyEnv,
    LlmSettings settings) {
  private static final Pattern SCHEME = Pattern.compile("[a-z][a-z0-9+.\\-]*");
  private static final String FORMS =
      "expected SCHEME:MODEL (e.g. openai:gpt-4o), SCHEME, or a base URL such as http://127.0.0.1:8000/v1";

  public LlmSpec {
    Objects.requireNonNull(scheme, "scheme");
    Objects.requireNonNull(model, "model");
    baseUrls = List.copyOf(baseUrls);
    Objects.requireNonNull(settings, "settings");
    apiKeyEnv = List.copyOf(apiKeyEnv);
    if (!SCHEME.matcher(scheme).matches()) {
      throw new IllegalArgumentException("illegal LLM scheme '" + scheme + "': " + FORMS);
    }
    if (!model.equals(model.strip())) {
      throw new IllegalArgumentException("illegal model name '" + model + "': leading or trailing whitespace");
    }
    baseUrls.forEach(LlmSpec::checkBaseUrl);
    if (baseUrls.stream().map(LlmSpec::withoutCredentials).distinct().count() < baseUrls.size()) {
      throw new IllegalArgumentException("illegal base URLs " + baseUrls.stream().map(LlmSpec::withoutCredentials)
          .toList() + ": a server is given twice");
    }
  }

  /** The first base URL, if any (the only one, unless several replicas are given). */
  public Optional<URI> baseUrl() {
    return baseUrls.isEmpty() ? Optional.empty() : Optional.of(baseUrls.get(0));
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
    return new LlmSpec(scheme, model, List.of(), ApiKey.DEFAULT_ENV, LlmSettings.DEFAULT);
  }

  public LlmSpec withModel(String m) {
    return new LlmSpec(scheme, m.strip(), baseUrls, apiKeyEnv, settings);
  }

  public LlmSpec withBaseUrl(URI url) {
    return new LlmSpec(scheme, model, List.of(url), apiKeyEnv, settings);
  }

  /** Several replicas of the model, in order (one URL is the same as {@link #withBaseUrl}). */
  public LlmSpec withBaseUrls(List<URI> urls) {
    return new LlmSpec(scheme, model, urls, apiKeyEnv, settings);
  }

  /** Reads the key from {@code names} (tried in order) instead of the default variables. */
  public LlmSpec withApiKeyEnv(List<String> names) {
    return new LlmSpec(scheme, model, baseUrls, names, settings);
  }

  public LlmSpec withSettings(LlmSettings s) {
    return new LlmSpec(scheme, model, baseUrls, apiKeyEnv, s);
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

  /** A base URL as it may be shown and stored: scheme, host, port and path, without user info or query. */
  public static String withoutCredentials(URI url) {
    return url.getScheme() + "://" + url.getHost() + (url.getPort() < 0 ? "" : ":" + url.getPort())
        + (url.getPath() == null ? "" : url.getPath().replaceAll("/+$", ""));
  }

  /**
   * Who answers, safe to store and print: {@code scheme:model @ url, url} with the URLs
   * {@linkplain #withoutCredentials without credentials}; "(server default)" for an empty model.
   */
  public String identity() {
    return scheme + ":" + (model.isEmpty() ? "(server default)" : model) + (baseUrls.isEmpty() ? ""
        : " @ " + String.join(", ", baseUrls.stream().map(LlmSpec::withoutCredentials).toList()));
  }

  /** {@code scheme:model}, with {@code @ baseUrl, ...} when set (without credentials). */
  @Override
  public String toString() {
    return scheme + (model.isEmpty() ? "" : ":" + model) + (baseUrls.isEmpty() ? ""
        : " @ " + String.join(", ", baseUrls.stream().map(LlmSpec::withoutCredentials).toList()));
  }
}
