package io.clarq.serve.web;

import io.javalin.http.Context;
import io.javalin.http.Cookie;
import io.javalin.http.SameSite;

/**
 * The cookies the server sets: always {@code HttpOnly} (no script reads them), {@code SameSite=Strict} (no other
 * site's page sends them, which closes cross-site request forgery on its own in current browsers) and path
 * {@code /}; {@code Secure} when the request came over HTTPS (behind a proxy that says so in
 * {@code X-Forwarded-Proto}).
 */
public final class Cookies {
  private Cookies() {}

  /** Sets a session cookie (ends with the browser session). */
  public static void set(Context ctx, String name, String value) {
    boolean https = "https".equalsIgnoreCase(ctx.scheme())
        || "https".equalsIgnoreCase(ctx.header("X-Forwarded-Proto"));
    ctx.cookie(new Cookie(name, value, "/", -1, https, 0, true, null, null, SameSite.STRICT));
  }

  /** Removes a cookie. */
  public static void clear(Context ctx, String name) {
    ctx.cookie(new Cookie(name, "", "/", 0, false, 0, true, null, null, SameSite.STRICT));
  }
}
