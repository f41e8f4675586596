package io.clarq.core.llm;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Which model to talk to and how: a scheme naming the backend ({@code openai}), a model name, an optional base
 * URL overriding the backend's default, the environment variables the key is read from, and call settings.
 *
 * <p>Parsed from {@code SCHEME:MODEL} ({@code openai:gpt-4o}; the model may itself hold colons, as in
 * {@code ollama:llama3:8b}), a bare {@code SCHEME}, or a base URL ({@code http://127.0.0.1:8000/v1}), which means
 * an OpenAI-compatible server whose model comes from {@link #withModel}. Holds no key, so it is safe to print
 * ({@link #toString()} and {@link #identity()} show no header values either).
 *
 * @param scheme the backend, lower case
 * @param model the model name; empty = the server's default (only sensible with a base URL)
 * @param baseUrls the servers' base URLs (up to and including {@code /v1}), in order; empty = the backend's default.
 *     Several URLs are replicas of one model: calls go to the one with the fewest in flight, and one that keeps
 *     failing is benched for a while ({@link io.clarq.core.llm.route.EndpointPool})
 * @param apiKeyEnv environment variables tried in order for the key (default {@link ApiKey#DEFAULT_ENV})
 * @param settings timeout, retries, in-flight bound, rate limit
 * @param params request body fields set or dropped by the user, by name, each value as JSON text ({@code "high"},
 *     {@code 0.95}, {@code {"enable_thinking": false}}); the JSON {@code null} drops a field the client would send.
 *     Each one is a {@link Deviation} from the reference protocol, recorded as such; {@code stream} other
 *     than {@code false} is refused (clarq reads whole replies)
 * @param headers extra HTTP headers by name; a value {@code env:VAR} is read from the environment variable
 *     {@code VAR} when the client is made and is never printed or stored
 */
public record LlmSpec(String scheme, String model, List<URI> baseUrls, List<String> apiKeyEnv,
    LlmSettings settings, Map<String, String> params, Map<String, String> headers) {
  /** Made when a body field is first read: a spec without one needs no JSON mapper (a quarter second cold). */
  private static final class Json {
    static final ObjectMapper MAPPER = new ObjectMapper();
  }
  private static final Pattern PARAM_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.\\-]*");
  private static final Pattern HEADER_NAME = Pattern.compile("[!#$%&'*+.^_`|~0-9A-Za-z\\-]+");
  private static final Pattern SCHEME = Pattern.compile("[a-z][a-z0-9+.\\-]*");
  private static final String FORMS =
      "expected SCHEME:MODEL (e.g. openai:gpt-4o), SCHEME, or a base URL such as http://127.0.0.1:8000/v1";

  public LlmSpec {
    Objects.requireNonNull(scheme, "scheme");
    Objects.requireNonNull(model, "model");
    baseUrls = List.copyOf(baseUrls);
    Objects.requireNonNull(settings, "settings");
    apiKeyEnv = List.copyOf(apiKeyEnv);
    params = Collections.unmodifiableMap(new TreeMap<>(params));
    headers = Collections.unmodifiableMap(new TreeMap<>(headers));
    params.forEach(LlmSpec::checkParam);
    headers.forEach(LlmSpec::checkHeader);
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
    return new LlmSpec(scheme, model, List.of(), ApiKey.DEFAULT_ENV, LlmSettings.DEFAULT, Map.of(), Map.of());
  }

  public LlmSpec withModel(String m) {
    return new LlmSpec(scheme, m.strip(), baseUrls, apiKeyEnv, settings, params, headers);
  }

  public LlmSpec withBaseUrl(URI url) {
    return new LlmSpec(scheme, model, List.of(url), apiKeyEnv, settings, params, headers);
  }

  /** Several replicas of the model, in order (one URL is the same as {@link #withBaseUrl}). */
  public LlmSpec withBaseUrls(List<URI> urls) {
    return new LlmSpec(scheme, model, urls, apiKeyEnv, settings, params, headers);
  }

  /** Reads the key from {@code names} (tried in order) instead of the default variables. */
  public LlmSpec withApiKeyEnv(List<String> names) {
    return new LlmSpec(scheme, model, baseUrls, names, settings, params, headers);
  }

  public LlmSpec withSettings(LlmSettings s) {
    return new LlmSpec(scheme, model, baseUrls, apiKeyEnv, s, params, headers);
  }

  /**
   * This spec with body field {@code name} set to {@code json} (JSON text; {@code null} drops the field).
   *
   * @throws IllegalArgumentException when the name is not a field name or the value is not JSON, naming both
   */
  public LlmSpec withParam(String name, String json) {
    Map<String, String> p = new TreeMap<>(params);
    p.put(name, json);
    return new LlmSpec(scheme, model, baseUrls, apiKeyEnv, settings, p, headers);
  }

  /** This spec with the given body fields ({@link #withParam}) replacing the ones it had. */
  public LlmSpec withParams(Map<String, String> p) {
    return new LlmSpec(scheme, model, baseUrls, apiKeyEnv, settings, p, headers);
  }

  /**
   * This spec with HTTP header {@code name} sent as {@code value} ({@code env:VAR} reads the variable when the
   * client is made).
   */
  public LlmSpec withHeader(String name, String value) {
    Map<String, String> h = new TreeMap<>(headers);
    h.put(name, value);
    return new LlmSpec(scheme, model, baseUrls, apiKeyEnv, settings, params, h);
  }

  /** This spec with the given headers ({@link #withHeader}) replacing the ones it had. */
  public LlmSpec withHeaders(Map<String, String> h) {
    return new LlmSpec(scheme, model, baseUrls, apiKeyEnv, settings, params, h);
  }

  /**
   * The body fields set or dropped by the user as JSON values, in name order; a dropped field maps to
   * {@code NullNode}.
   */
  public Map<String, JsonNode> paramValues() {
    Map<String, JsonNode> out = new TreeMap<>();
    params.forEach((name, json) -> out.put(name, parseParam(name, json)));
    return Collections.unmodifiableMap(out);
  }

  /**
   * The headers with {@code env:VAR} values read from {@code environment}.
   *
   * @throws IllegalArgumentException naming the header and the variable when the variable is not set
   */
  public Map<String, String> headerValues(Function<String, String> environment) {
    Map<String, String> out = new TreeMap<>();
    headers.forEach((name, value) -> {
      if (value.startsWith("env:")) {
        String var = value.substring(4);
        String v = environment.apply(var);
        if (v == null || v.isBlank()) {
          throw new IllegalArgumentException("HTTP header " + name + " for " + this + " is to be read from the"
              + " environment variable " + var + ", which is not set");
        }
        out.put(name, v.strip());
      } else {
        out.put(name, value);
      }
    });
    return Collections.unmodifiableMap(out);
  }

  private static void checkParam(String name, String json) {
    Objects.requireNonNull(json, "value of body field " + name);
    if (!PARAM_NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("illegal body field name '" + name + "': letters, digits, _ . - only");
    }
    if (name.equals("model") || name.equals("messages")) {
      throw new IllegalArgumentException("illegal body field '" + name + "': clarq sets it from the spec and the"
          + " agents' prompts, it cannot be overridden");
    }
    JsonNode value = parseParam(name, json);
    if (name.equals("stream") && !(value.isNull() || value.isBoolean() && !value.asBoolean())) {
      throw new IllegalArgumentException("illegal body field stream=" + json + ": clarq reads whole replies (each"
          + " is cached, judged and scored whole), streaming is not supported; leave stream out");
    }
  }

  private static JsonNode parseParam(String name, String json) {
    try {
      JsonNode v = Json.MAPPER.readTree(json);
      if (v == null || v.isMissingNode()) {
        throw new IllegalArgumentException("illegal value for body field " + name + ": empty; give JSON, e.g. "
            + name + "=\"high\", " + name + "=0.5 or " + name + "=null to drop it");
      }
      return v;
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("illegal value for body field " + name + ": " + json + " is not JSON ("
          + e.getOriginalMessage() + "); a string needs quotes, e.g. " + name + "=\"high\"", e);
    }
  }

  private static void checkHeader(String name, String value) {
    Objects.requireNonNull(value, "value of header " + name);
    if (!HEADER_NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("illegal HTTP header name '" + name + "'");
    }
    if (value.indexOf('\r') >= 0 || value.indexOf('\n') >= 0) {
      throw new IllegalArgumentException("illegal value for HTTP header " + name + ": holds a line break");
    }
    if (value.startsWith("env:") && value.length() == 4) {
      throw new IllegalArgumentException("illegal value for HTTP header " + name + ": env: names no variable");
    }
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
