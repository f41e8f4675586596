package io.clarq.serve.web;

import io.javalin.http.Context;
import io.javalin.http.ForbiddenResponse;
import org.jsoup.nodes.Element;

/**
 * Cross-site request forgery protection for every POST form. Each browser gets a random id in an HttpOnly,
 * SameSite=Strict cookie ({@value #BROWSER_COOKIE}) on its first page; a form carries the hidden field
 * {@value #FIELD} holding that id signed with the server's secret; {@link #require} refuses a POST (403) whose field
 * (or {@value #HEADER} header) does not match the cookie, or whose {@code Origin} header names another site. A page of
 * another site can neither read the cookie nor compute the signature, and its POST arrives without the cookie.
 *
 * <pre>{@code
 * Element form = body.appendElement("form").attr("method", "post").attr("action", "/study/x/answer");
 * csrf.field(ctx, form);                       // the hidden token
 * ...
 * app.post("/study/x/answer", ctx -> { csrf.require(ctx); ... });
 * }</pre>
 */
public final class Csrf {
  /** The cookie holding the browser's id. */
  public static final String BROWSER_COOKIE = "clarq_browser";
  /** The form field holding the token. */
  public static final String FIELD = "_csrf";
  /** The header that may carry the token instead (for a script's fetch). */
  public static final String HEADER = "X-CSRF-Token";
  private static final String PURPOSE = "csrf";
  private final Secrets secrets;

  /** Tokens signed with {@code secrets}. */
  public Csrf(Secrets secrets) {
    this.secrets = secrets;
  }

  /** The browser's id: from its cookie, or a new one set as the cookie now. */
  public String browserId(Context ctx) {
    String id = ctx.attribute(BROWSER_COOKIE);
    if (id == null) {
      id = ctx.cookie(BROWSER_COOKIE);
      if (id == null || id.length() < 32 || id.length() > 64) {
        id = Secrets.token();
        Cookies.set(ctx, BROWSER_COOKIE, id);
      }
      ctx.attribute(BROWSER_COOKIE, id);
    }
    return id;
  }

  /** The token a form on this browser's page carries. */
  public String token(Context ctx) {
    return secrets.sign(PURPOSE, browserId(ctx));
  }

  /** Appends the hidden {@value #FIELD} input to {@code form}. */
  public void field(Context ctx, Element form) {
    form.appendElement("input").attr("type", "hidden").attr("name", FIELD).attr("value", token(ctx));
  }

  /**
   * Refuses the request with 403 unless its token matches its browser's cookie and its {@code Origin}, when sent, is
   * this server.
   *
   * @throws ForbiddenResponse with a plain message when the check fails
   */
  public void require(Context ctx) {
    String origin = ctx.header("Origin");
    if (origin != null && !origin.equals("null") && !sameOrigin(origin, ctx)) {
      throw new ForbiddenResponse("Refused: this form was sent from another site.");
    }
    String cookie = ctx.cookie(BROWSER_COOKIE);
    String sent = ctx.header(HEADER);
    if (sent == null) {
      sent = ctx.formParam(FIELD);
    }
    if (cookie == null || !Secrets.same(secrets.sign(PURPOSE, cookie), sent)) {
      throw new ForbiddenResponse("Refused: the form's security token is missing or out of date. Reload the page"
          + " and send it again.");
    }
  }

  private static boolean sameOrigin(String origin, Context ctx) {
    String host = ctx.host();
    return host != null && (origin.equals("http://" + host) || origin.equals("https://" + host));
  }
}
