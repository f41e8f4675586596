package io.clarq.serve.web;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Random tokens and keyed digests for the server's security helpers: {@link #token()} draws an unguessable token
 * from {@link SecureRandom} (the admin token, a browser's id, a participant's link), {@link #sign} keys a value with
 * this server's secret (HMAC-SHA256), and {@link #same} compares two secrets in constant time. The secret is drawn
 * when the server starts, so what it signed (login cookies, CSRF tokens) ends with the process.
 */
public final class Secrets {
  private static final SecureRandom RANDOM = new SecureRandom();
  private final byte[] key;

  /** A new secret of 32 random bytes. */
  public Secrets() {
    key = new byte[32];
    RANDOM.nextBytes(key);
  }

  /** A new unguessable token: 24 random bytes, URL-safe Base64 without padding (32 characters). */
  public static String token() {
    byte[] b = new byte[24];
    RANDOM.nextBytes(b);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
  }

  /** {@code value} keyed with this server's secret: HMAC-SHA256, URL-safe Base64 without padding. */
  public String sign(String purpose, String value) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      mac.update(purpose.getBytes(StandardCharsets.UTF_8));
      mac.update((byte) 0);
      return Base64.getUrlEncoder().withoutPadding().encodeToString(mac.doFinal(value.getBytes(
          StandardCharsets.UTF_8)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is not available in this Java runtime", e);
    }
  }

  /** Whether two secrets are equal, in time that does not depend on where they differ; {@code null} is never equal. */
  public static boolean same(String a, String b) {
    if (a == null || b == null) {
      return false;
    }
    return MessageDigest.isEqual(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }
}
