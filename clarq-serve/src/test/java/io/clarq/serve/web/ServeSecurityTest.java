package io.clarq.serve.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.serve.ServeFixture;
import io.clarq.serve.ServeSettings;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a lab relies on when it puts the server where others reach it: pages closed without the admin token, the
 * login form's cookie, forged POSTs refused, paths confined to the served folder, bounded bodies, security headers,
 * and no stack trace on any page.
 */
class ServeSecurityTest {
  static final String TOKEN = "security-test-token-abcdefghij";
  static final String OUTSIDE = "outside the served folder";
  @TempDir static Path tmp;
  static ServeApp app;
  static Client client;

  @BeforeAll
  static void start() throws Exception {
    Path served = ServeFixture.make(tmp);
    app = ServeApp.create(new ServeSettings(List.of(served), ServeSettings.LOOPBACK, 0, TOKEN,
        ServeSettings.DEFAULT_MAX_REQUEST_BYTES));
    app.javalin().get("/boom", ctx -> {
      throw new IllegalStateException("internal detail /secret/path");
    });
    app.start();
    client = new Client(app.url());
  }

  @AfterAll
  static void stop() {
    if (app != null) {
      app.close();
    }
  }

  static void noStackTrace(HttpResponse<String> r) {
    noStackTrace(r.body());
  }

  static void noStackTrace(String body) {
    assertThat(body).doesNotContain("Exception").doesNotContain("\tat ").doesNotContain("at io.")
        .doesNotContain("at org.").doesNotContain("/secret/path").doesNotContain("jetty");
  }

  @Test
  void testEveryRunPageIsClosedWithoutTheAdminToken() throws Exception {
    for (String path : List.of("/runs", "/report/" + ServeFixture.RULES, "/files/" + ServeFixture.RULES
        + "/results.json", "/compare?run=" + ServeFixture.RULES + "&run=" + ServeFixture.HOSTILE_RUN,
        "/leaderboard?run=" + ServeFixture.RULES)) {
      HttpResponse<String> r = client.get(path);
      assertThat(r.statusCode()).as(path).isEqualTo(401);
      assertThat(Jsoup.parse(r.body()).text()).as(path).doesNotContain("rule-based").doesNotContain("offline");
      assertThat(client.get(path, AdminAuth.HEADER, "wrong-token-0123456789").statusCode()).as(path).isEqualTo(401);
      assertThat(client.get(path, "Authorization", "Bearer " + TOKEN.substring(1)).statusCode()).isEqualTo(401);
      assertThat(client.get(path, "Cookie", AdminAuth.COOKIE + "=" + TOKEN).statusCode()).as("the token is not"
          + " the cookie").isEqualTo(401);
      // a browser is sent to the login page, with the page to come back to
      HttpResponse<String> browser = client.get(path, "Accept", "text/html");
      assertThat(browser.statusCode()).isEqualTo(302);
      assertThat(browser.headers().firstValue("Location").orElseThrow()).startsWith("/login?next=");
    }
    assertThat(client.get("/runs", "Authorization", "Bearer " + TOKEN).statusCode()).isEqualTo(200);
  }

  @Test
  void testTheLoginFormSetsAStrictHttpOnlyCookieAndForgedPostsAreRefused() throws Exception {
    HttpResponse<String> form = client.get("/login?next=/runs?q=x");
    assertThat(form.statusCode()).isEqualTo(200);
    String browser = Client.cookie(form, Csrf.BROWSER_COOKIE);
    assertThat(form.headers().allValues("Set-Cookie")).anySatisfy(c -> assertThat(c).startsWith(
        Csrf.BROWSER_COOKIE + "=").containsIgnoringCase("HttpOnly").containsIgnoringCase("SameSite=Strict"));
    Document doc = Jsoup.parse(form.body());
    String csrf = doc.select("form#login input[name=" + Csrf.FIELD + "]").val();
    assertThat(csrf).isNotEmpty();
    assertThat(doc.select("form#login input[name=next]").val()).isEqualTo("/runs?q=x");
    String body = Csrf.FIELD + "=" + enc(csrf) + "&token=" + enc(TOKEN) + "&next=" + enc("/runs?q=x");
    String cookie = Csrf.BROWSER_COOKIE + "=" + browser;
    // forged: no token, a token of another browser, the right token from another site's page
    assertRefused(client.post("/login", "token=" + enc(TOKEN), "Cookie", cookie));
    assertRefused(client.post("/login", body));
    assertRefused(client.post("/login", body, "Cookie", Csrf.BROWSER_COOKIE + "=" + Secrets.token()));
    assertRefused(client.post("/login", body, "Cookie", cookie, "Origin", "http://evil.example"));
    // a wrong admin token is refused too, with no cookie
    HttpResponse<String> wrong = client.post("/login", body.replace(enc(TOKEN), "nope"), "Cookie", cookie);
    assertThat(wrong.statusCode()).isEqualTo(401);
    assertThat(Client.cookie(wrong, AdminAuth.COOKIE)).isNull();
    HttpResponse<String> ok = client.post("/login", body, "Cookie", cookie, "Origin", app.url().toString()
        .replaceAll("/$", ""));
    assertThat(ok.statusCode()).isEqualTo(302);
    assertThat(ok.headers().firstValue("Location").orElseThrow()).isEqualTo("/runs?q=x");
    String admin = Client.cookie(ok, AdminAuth.COOKIE);
    assertThat(admin).isNotEmpty().isNotEqualTo(TOKEN);
    assertThat(ok.headers().allValues("Set-Cookie")).anySatisfy(c -> assertThat(c).startsWith(AdminAuth.COOKIE
        + "=").containsIgnoringCase("HttpOnly").containsIgnoringCase("SameSite=Strict"));
    assertThat(client.get("/runs", "Cookie", AdminAuth.COOKIE + "=" + admin).statusCode()).isEqualTo(200);
    // the next page is only ever a path of this server
    HttpResponse<String> away = client.post("/login", body.replace(enc("/runs?q=x"), enc("//evil.example/")),
        "Cookie", cookie);
    assertThat(away.headers().firstValue("Location").orElseThrow()).isEqualTo("/runs");
    // logging out is a POST form too
    assertRefused(client.post("/logout", "", "Cookie", AdminAuth.COOKIE + "=" + admin + "; " + cookie));
  }

  private static void assertRefused(HttpResponse<String> r) {
    assertThat(r.statusCode()).isEqualTo(403);
    assertThat(Client.cookie(r, AdminAuth.COOKIE)).isNull();
    assertThat(Jsoup.parse(r.body()).select("p.message").text()).startsWith("Refused");
    noStackTrace(r);
  }

  private static String enc(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  @Test
  void testPathsOutsideTheServedFolderAreRefused() throws Exception {
    for (String path : List.of(
        "/report/0/../../outside", "/files/0/../outside/secret.json", "/files/0/demo/../../outside/secret.json",
        "/files/0/%2e%2e/outside/secret.json", "/files/0/%2E%2E/%2E%2E/outside/secret.json",
        "/files/0/..%2f..%2foutside%2fsecret.json", "/files/0%2f..%2f..%2foutside%2fsecret.json",
        "/files/%2e%2e/outside/secret.json", "/files//etc/passwd", "/files/%2fetc%2fpasswd", "/files/0//etc/passwd",
        "/files/0/link-out/secret.json", "/report/0/link-out", "/files/1/secret.json", "/files/-1/secret.json",
        "/files/0/..\\..\\outside\\secret.json", "/files/0/%5c..%5c..%5coutside%5csecret.json",
        "/compare?run=0/link-out&run=" + ServeFixture.RULES, "/compare?run=0/../outside&run=" + ServeFixture.RULES,
        "/leaderboard?run=/" + tmp.resolve("outside"), "/files/0/demo/rules/report.html")) {
      Client.Raw r = client.raw(path, TOKEN);
      assertThat(r.status()).as(path).isBetween(400, 404).isNotEqualTo(401);
      assertThat(r.body()).as(path).doesNotContain(OUTSIDE).doesNotContain("root:");
      noStackTrace(r.body());
    }
    // the link is not followed by the index either
    assertThat(client.page("/runs", TOKEN).select("tr.run").eachAttr("data-id")).noneMatch(i -> i.contains("link"));
    assertThat(client.get("/files/" + ServeFixture.RULES + "/results.json", AdminAuth.HEADER, TOKEN).statusCode())
        .isEqualTo(200);
  }

  @Test
  void testBodiesAreBoundedAndFailuresShowAPlainMessage() throws Exception {
    HttpResponse<String> big = client.post("/login", "token=" + "x".repeat(200_000));
    assertThat(big.statusCode()).isEqualTo(413);
    noStackTrace(big);
    HttpResponse<String> boom = client.get("/boom");
    assertThat(boom.statusCode()).isEqualTo(500);
    assertThat(Jsoup.parse(boom.body()).select("p.message").text()).startsWith("The server could not answer");
    noStackTrace(boom);
    for (String path : List.of("/nowhere", "/report/%zz", "/report/0/%00", "/runs?sort=%ff", "/files/0/\u00ff")) {
      Client.Raw r = client.raw(path, TOKEN);
      assertThat(r.status()).as(path).isNotEqualTo(500);
      noStackTrace(r.body());
    }
  }

  @Test
  void testEveryResponseCarriesTheSecurityHeaders() throws Exception {
    for (String path : List.of("/login", "/runs", "/nowhere", "/report/" + ServeFixture.RULES)) {
      HttpResponse<String> r = client.get(path, AdminAuth.HEADER, TOKEN);
      assertThat(r.headers().firstValue("X-Content-Type-Options")).as(path).contains("nosniff");
      assertThat(r.headers().firstValue("X-Frame-Options")).as(path).contains("DENY");
      String csp = r.headers().firstValue("Content-Security-Policy").orElseThrow();
      assertThat(csp).as(path).startsWith(Pages.BASE_POLICY).doesNotContain("script-src 'unsafe-inline'");
    }
  }
}
