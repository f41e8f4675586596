package io.clarq.serve.study.web;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.Objects;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Cross-site request forgery tokens: an HMAC-SHA256 of what the form acts for (a participant's link token, the admin
 * token), under a secret key. A form carries the token in a hidden field; a POST whose field does not match is
 * refused. Another site can make a browser post, but cannot read the page, so it cannot know the token. The key is
 * kept with the studies (see {@link StudyPages}), so a page loaded before a restart still posts after it.
 */
public final class Csrf {
  /** The hidden field's name. */
  public static final String FIELD = "csrf";

  private final byte[] key;

  public Csrf(byte[] key) {
    Objects.requireNonNull(key, "key");
    if (key.length < 32) {
      throw new IllegalArgumentException("illegal CSRF key: " + key.length + " bytes, need at least 32");
    }
    this.key = key.clone();
  }

  /** The token for forms acting for {@code subject}. */
  public String token(String subject) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      return Base64.getUrlEncoder().withoutPadding().encodeToString(
          mac.doFinal(("csrf:" + subject).getBytes(StandardCharsets.UTF_8)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is missing from this Java runtime", e);
    }
  }

  /** Whether {@code given} is the token for {@code subject} (compared in constant time). */
  public boolean valid(String subject, String given) {
    return given != null && MessageDigest.isEqual(token(subject).getBytes(StandardCharsets.US_ASCII),
        given.getBytes(StandardCharsets.UTF_8));
  }
}
