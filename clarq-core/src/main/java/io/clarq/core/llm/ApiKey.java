package io.clarq.core.llm;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An API key read from the environment. It prints as {@code ApiKey[from NAME]} and never by value, and
 * {@link #redact} removes it from any text (such as a server's error message that echoes it) before that text can
 * reach an exception, a log or a file.
 */
public final class ApiKey {
  /** The environment variables tried in order when a spec names none: clarq's own, then OpenAI's. */
  public static final List<String> DEFAULT_ENV = List.of("CLARQ_LLM_API_KEY", "OPENAI_API_KEY");

  private static final String REDACTED = "[redacted]";
  /** Keys shorter than this are redacted as whole tokens only. */
  static final int SHORT = 8;
  private final String value;
  private final String source;

  private ApiKey(String value, String source) {
    this.value = value;
    this.source = source;
  }

  /**
   * A key given directly (tests, programs that read their own secret store).
   *
   * @param source where it came from, shown instead of the key (e.g. "env CLARQ_LLM_API_KEY")
   */
  public static ApiKey of(String value, String source) {
    Objects.requireNonNull(value, "value");
    Objects.requireNonNull(source, "source");
    if (value.isBlank() || value.chars().anyMatch(c -> c < 0x21 || c == 0x7f)) {
      // never print the value: it is a secret even when malformed
      throw new IllegalArgumentException("illegal API key from " + source + ": blank or contains whitespace or "
          + "control characters");
    }
    return new ApiKey(value, source);
  }

  /** The first non-blank variable of {@code names} in {@code environment}, or empty (fine for local servers). */
  public static Optional<ApiKey> fromEnvironment(List<String> names, Function<String, String> environment) {
    for (String name : names) {
      String v = environment.apply(name);
      if (v != null && !v.isBlank()) {
        return Optional.of(of(v.strip(), "env " + name));
      }
    }
    return Optional.empty();
  }

  /** The secret itself, for the Authorization header only. */
  public String value() {
    return value;
  }

  /** Where the key came from, e.g. "env OPENAI_API_KEY"; safe to print. */
  public String source() {
    return source;
  }

  /**
   * {@code text} with every occurrence of the key replaced by "[redacted]". A key shorter than
   * {@value #SHORT} characters is replaced only where it stands as a whole token (not inside a longer run of
   * letters, digits, {@code -} or {@code _}), so a very short key cannot mangle ordinary words.
   */
  public String redact(String text) {
    return redact(text, value);
  }

  /** {@code text} with {@code secret} replaced as {@link #redact(String)} replaces a key; never fails. */
  static String redact(String text, String secret) {
    if (text == null || secret.isEmpty()) {
      return text;
    }
    if (secret.length() >= SHORT) {
      return text.replace(secret, REDACTED);
    }
    return text.replaceAll("(?<![\\p{Alnum}_-])" + Pattern.quote(secret) + "(?![\\p{Alnum}_-])",
        Matcher.quoteReplacement(REDACTED));
  }

  @Override
  public String toString() {
    return "ApiKey[from " + source + "]";
  }
}
