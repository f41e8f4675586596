package io.clarq.serve.web;

import io.javalin.http.Context;
import io.javalin.http.UnauthorizedResponse;

/**
 * The admin token: every admin page needs it, sent as {@code Authorization: Bearer TOKEN} or
 * {@value #HEADER} (for scripts and tests), or once through the login form ({@link ServeApp}'s {@code /login}), which
 * sets an HttpOnly, SameSite=Strict cookie ({@value #COOKIE}) holding a signature of the token rather than the token
 * itself. Comparisons are constant-time. A browser without it is sent to the login page; any other client gets 401.
 *
 * <pre>{@code
 * app.get("/studies", ctx -> { auth.require(ctx); ... });
 * }</pre>
 */
public final class AdminAuth {
  /** The cookie the login form sets. */
  public static final String COOKIE = "clarq_admin";
  /** The header that may carry the token. */
  public static final String HEADER = "X-Clarq-Admin-Token";
  private static final String PURPOSE = "admin-session";
  private final String token;
  private final Secrets secrets;

  /** Guards with {@code token}; cookies are signed with {@code secrets}. */
  public AdminAuth(String token, Secrets secrets) {
    this.token = token;
    this.secrets = secrets;
  }

  /** Whether {@code candidate} is the admin token. */
  public boolean matches(String candidate) {
    return Secrets.same(token, candidate);
  }

  /** Whether the request carries the token (header) or the login cookie. */
  public boolean isAdmin(Context ctx) {
    String auth = ctx.header("Authorization");
    if (auth != null && auth.startsWith("Bearer ") && matches(auth.substring(7).strip())) {
      return true;
    }
    if (matches(ctx.header(HEADER))) {
      return true;
    }
    return Secrets.same(secrets.sign(PURPOSE, token), ctx.cookie(COOKIE));
  }

  /** Sets the login cookie (after the form's token was checked with {@link #matches}). */
  public void logIn(Context ctx) {
    Cookies.set(ctx, COOKIE, secrets.sign(PURPOSE, token));
  }

  /** Removes the login cookie. */
  public void logOut(Context ctx) {
    Cookies.clear(ctx, COOKIE);
  }

  /**
   * Lets an admin request through; otherwise a browser asking for a page (GET) is sent to {@code /login} with the
   * page to come back to, and anything else gets 401.
   *
   * @throws UnauthorizedResponse when the request is not an admin's and is not a page a browser asked for
   */
  public void require(Context ctx) {
    if (isAdmin(ctx)) {
      return;
    }
    String accept = ctx.header("Accept");
    if (ctx.method().name().equals("GET") && accept != null && accept.contains("text/html")) {
      String back = ctx.path() + (ctx.queryString() == null ? "" : "?" + ctx.queryString());
      ctx.redirect("/login?next=" + java.net.URLEncoder.encode(back, java.nio.charset.StandardCharsets.UTF_8));
      throw new io.javalin.http.RedirectResponse(io.javalin.http.HttpStatus.FOUND);
    }
    throw new UnauthorizedResponse("This page needs the admin token that clarq serve printed when it started.");
  }
}
