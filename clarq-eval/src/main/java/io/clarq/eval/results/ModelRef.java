package io.clarq.eval.results;

import io.clarq.core.llm.LlmSpec;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A model as a results file names it: {@code scheme:model} and the servers it was asked on, without credentials.
 *
 * @param name {@code scheme:model} ({@code openai:gpt-4o}), or {@code scheme:(server default)}
 * @param servers the base URLs, scheme, host, port and path only (no user info, query or fragment); empty = the
 *     backend's default server
 */
public record ModelRef(String name, List<String> servers) {
  private static final Pattern SERVER = Pattern.compile("https?://[^/@?#\\s]+(/[^@?#\\s]*)?");

  public ModelRef {
    Objects.requireNonNull(name, "name");
    servers = List.copyOf(servers);
    if (name.isBlank() || !name.contains(":") || !name.equals(name.strip())) {
      throw new IllegalArgumentException("illegal model name '" + name + "': expected scheme:model, e.g. openai:gpt-4o");
    }
    for (String s : servers) {
      if (!SERVER.matcher(s).matches()) {
        throw new IllegalArgumentException("illegal server of model " + name + ": must be http(s)://host[:port][/path]"
            + " without credentials, query or fragment (see LlmSpec.withoutCredentials), got "
            + (s.contains("@") || s.contains("?") ? "a URL with user info or a query" : "'" + s + "'"));
      }
    }
  }

  /** The model a spec names, with its servers {@linkplain LlmSpec#withoutCredentials without credentials}. */
  public static ModelRef of(LlmSpec spec) {
    return new ModelRef(spec.scheme() + ":" + (spec.model().isEmpty() ? "(server default)" : spec.model()),
        spec.baseUrls().stream().map(LlmSpec::withoutCredentials).toList());
  }

  /**
   * Reads what {@link LlmSpec#identity()} wrote ({@code openai:gpt-4o @ http://a/v1, http://b/v1}), ignoring a
   * trailing {@code " with {...}"} of body fields (they are recorded as deviations).
   *
   * @throws IllegalArgumentException naming the text when it is not such an identity
   */
  public static ModelRef parseIdentity(String identity) {
    String text = identity.strip();
    int with = text.indexOf(" with {");
    if (with >= 0) {
      text = text.substring(0, with);
    }
    int at = text.indexOf(" @ ");
    String name = at < 0 ? text : text.substring(0, at);
    List<String> servers = new ArrayList<>();
    if (at >= 0) {
      for (String s : text.substring(at + 3).split(",")) {
        String url = s.strip();
        // a URL as the user may have given it: stored without credentials all the same
        servers.add(url.contains("@") || url.contains("?") ? LlmSpec.withoutCredentials(URI.create(url)) : url);
      }
    }
    try {
      return new ModelRef(name, servers);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("not a model identity (scheme:model @ url, ...): '" + name + "': "
          + e.getMessage(), e);
    }
  }
}
