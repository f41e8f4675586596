package io.clarq.core.llm;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Takes a client's secrets out of any text before it can reach an exception, a log or a file: its API key and the
 * values of the extra HTTP headers it sends (an {@code Authorization: Bearer ...} of the user's own, a gateway
 * token). A header value is any text a header may hold (spaces included) and is never parsed as a key, so redacting
 * never fails. Each value is replaced whole, and so is each of its space-separated words of at least 8 characters
 * (the token of {@code Bearer TOKEN}, which a server may echo alone); shorter values are replaced only where they
 * stand as a whole token, as {@link ApiKey#redact} does.
 */
public final class Redactor {
  /** A client with no secrets. */
  public static final Redactor NONE = new Redactor(Optional.empty(), List.of());

  private final Optional<ApiKey> key;
  private final List<String> secrets;

  private Redactor(Optional<ApiKey> key, List<String> secrets) {
    this.key = key;
    this.secrets = secrets;
  }

  /** The redactor of a client sending {@code key} and headers with {@code headerValues}. */
  public static Redactor of(Optional<ApiKey> key, Collection<String> headerValues) {
    Objects.requireNonNull(key, "key");
    List<String> secrets = new ArrayList<>();
    for (String v : headerValues) {
      String value = v == null ? "" : v.strip();
      if (value.isEmpty()) {
        continue;
      }
      secrets.add(value);
      for (String word : value.split("\\s+")) {
        if (word.length() >= ApiKey.SHORT && !word.equals(value)) {
          secrets.add(word);
        }
      }
    }
    // longest first: a value is taken out whole before a word of it is
    secrets.sort(Comparator.comparingInt(String::length).reversed());
    return new Redactor(key, List.copyOf(secrets));
  }

  /** The key, if the client has one (to name its source in messages). */
  public Optional<ApiKey> key() {
    return key;
  }

  /** {@code text} with the key and every header value replaced by "[redacted]"; null stays null. */
  public String redact(String text) {
    String out = key.map(k -> k.redact(text)).orElse(text);
    for (String secret : secrets) {
      out = ApiKey.redact(out, secret);
    }
    return out;
  }

  /** Names the key's source and how many header values are hidden, never a value. */
  @Override
  public String toString() {
    return "Redactor[key=" + key.map(ApiKey::toString).orElse("none") + ", header values=" + secrets.size() + "]";
  }
}
