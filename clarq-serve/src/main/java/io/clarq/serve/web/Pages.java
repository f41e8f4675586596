package io.clarq.serve.web;

import io.clarq.eval.report.HtmlPage;
import io.javalin.http.Context;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.Set;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * Sends pages with their security headers. Every response gets {@link #BASE_POLICY} (no script at all),
 * {@code X-Content-Type-Options: nosniff}, {@code X-Frame-Options: DENY}, {@code Referrer-Policy: no-referrer} and
 * {@code Cache-Control: no-store} ({@link #secure}); an HTML page sent through {@link #send} gets a policy that allows
 * exactly the inline scripts it holds, by their SHA-256 digests, and nothing else: a script that a model's or a
 * participant's text could smuggle into a page would not run even if escaping failed. Pages are built with the
 * report pages' kit ({@link HtmlPage}), whose jsoup text nodes escape every text they are given.
 */
public final class Pages {
  /**
   * The policy of every response: nothing but inline styles and data: images, forms posting to this server only, no
   * framing by any page.
   */
  public static final String BASE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:;"
      + " form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

  private Pages() {}

  /** Sets the security headers every response carries. */
  public static void secure(Context ctx) {
    ctx.header("Content-Security-Policy", BASE_POLICY);
    ctx.header("X-Content-Type-Options", "nosniff");
    ctx.header("X-Frame-Options", "DENY");
    ctx.header("Referrer-Policy", "no-referrer");
    ctx.header("Cache-Control", "no-store");
  }

  /** A new page of the report kit: charset, style, title and heading, and a link back to the index. */
  public static Document shell(String title) {
    Document doc = HtmlPage.shell(title);
    Element nav = doc.body().prependElement("nav").addClass("muted");
    nav.appendElement("a").attr("href", "/runs").text("runs");
    return doc;
  }

  /** Sends a page built with {@link #shell}, finished by the kit ({@link HtmlPage#html}). */
  public static void send(Context ctx, Document doc) {
    send(ctx, HtmlPage.html(doc));
  }

  /** Sends finished HTML, with a policy allowing its own inline scripts by digest. */
  public static void send(Context ctx, String html) {
    ctx.header("Content-Security-Policy", policy(html));
    ctx.contentType("text/html; charset=utf-8");
    ctx.result(html);
  }

  /** {@link #BASE_POLICY} with {@code script-src} allowing exactly the inline scripts of {@code html}. */
  public static String policy(String html) {
    Set<String> digests = new LinkedHashSet<>();
    for (Element s : Jsoup.parse(html).select("script")) {
      if (!s.hasAttr("src")) {
        digests.add("'sha256-" + sha256(s.data()) + "'");
      }
    }
    return digests.isEmpty() ? BASE_POLICY : BASE_POLICY + "; script-src " + String.join(" ", digests);
  }

  /** A plain page: a title and one message, both escaped; for errors and refusals. */
  public static void message(Context ctx, int status, String title, String message) {
    Document doc = shell(title);
    doc.body().appendElement("p").addClass("message").text(message);
    ctx.status(status);
    send(ctx, doc);
  }

  private static String sha256(String text) {
    try {
      return Base64.getEncoder().encodeToString(MessageDigest.getInstance("SHA-256").digest(
          text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is not available in this Java runtime", e);
    }
  }
}
