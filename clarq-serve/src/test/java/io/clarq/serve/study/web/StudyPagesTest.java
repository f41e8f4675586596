package io.clarq.serve.study.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.ReferenceText;
import io.clarq.core.clarqllm.tree.ResponseNode;
import io.clarq.serve.study.StudyHost;
import io.clarq.serve.study.StudySpec;
import io.clarq.serve.study.StudyStore;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The study pages over loopback HTTP: who may see what, CSRF, escaping, bounded bodies. */
class StudyPagesTest {
  static final ObjectMapper JSON = new ObjectMapper();
  static final String ADMIN = "admin-token-for-tests-0123456789";
  @TempDir Path root;
  StudyHost host;
  StudyServer server;
  final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
  /** Every response a participant got in a test: body text, for the leak scan. */
  final List<String> participantResponses = new ArrayList<>();

  static final String SEEKER_SPEC = "{\"name\":\"errands\",\"mode\":\"human-seeker\",\"participants\":2,"
      + "\"per_participant\":4,\"tasks\":{\"source\":\"demo\",\"language\":\"en\",\"ids\":[\"1.0\",\"1.1\",\"1.2\","
      + "\"1.3\"]}}";

  @BeforeEach
  void start() throws Exception {
    host = new StudyHost(root);
    host.create(StudySpec.parse(JSON.readTree(SEEKER_SPEC), null));
    server = StudyServer.start(host, ADMIN, "127.0.0.1", 0);
  }

  @AfterEach
  void stop() {
    server.close();
    host.close();
  }

  String url(String path) {
    return "http://127.0.0.1:" + server.port() + path;
  }

  HttpResponse<String> get(String path, String... headers) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url(path))).GET();
    for (int i = 0; i < headers.length; i += 2) {
      b.header(headers[i], headers[i + 1]);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  HttpResponse<String> post(String path, Map<String, String> form, String... headers) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url(path)))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .POST(HttpRequest.BodyPublishers.ofString(FormBody.of(form.entrySet())));
    for (int i = 0; i < headers.length; i += 2) {
      b.header(headers[i], headers[i + 1]);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  StudyStore.Participant first() {
    return host.find("errands").orElseThrow().study().store().participants().get(0);
  }

  String link(StudyStore.Participant p) {
    return host.find("errands").orElseThrow().study().linkPath(p.token());
  }

  HttpResponse<String> participantGet(String path) throws Exception {
    HttpResponse<String> r = get(path);
    participantResponses.add(r.body());
    return r;
  }

  /** Says a line through the form, as a browser would: the page's CSRF token and shown-at fields. */
  HttpResponse<String> say(String page, String line) throws Exception {
    Document d = Jsoup.parse(participantGet(page).body());
    Element form = d.getElementById("say");
    Map<String, String> fields = new LinkedHashMap<>();
    form.select("input[type=hidden]").forEach(i -> fields.put(i.attr("name"), i.attr("value")));
    fields.put("line", line);
    HttpResponse<String> r = post(form.attr("action"), fields);
    participantResponses.add(r.body());
    return r;
  }

  @Test
  void testAParticipantPlaysAndEveryResponseHidesTheTreeAndTaskIds() throws Exception {
    StudyStore.Participant p = first();
    String base = link(p);
    assertThat(participantGet(base).statusCode()).isEqualTo(200);
    for (int n = 1; n <= 4; n++) {
      String page = base + "/" + n;
      assertThat(say(page, "Hello Jax, can you help me with my task?").statusCode()).isEqualTo(303);
      assertThat(say(page, "What should I do first?").statusCode()).isEqualTo(303);
      participantGet(page + "/state.json");
      assertThat(say(page, "Goodbye.").statusCode()).isEqualTo(303);
      Document done = Jsoup.parse(participantGet(page).body());
      assertThat(done.getElementById("ended")).isNotNull();
      participantGet(page + "/state.json");
    }
    assertThat(Jsoup.parse(participantGet(base).body()).getElementById("all-done")).isNotNull();
    // the scan: no response carries a gold line the provider never said, or any task id
    var study = host.find("errands").orElseThrow().study();
    List<String> said = new ArrayList<>();
    for (StudyStore.Session s : study.store().sessions(p.id())) {
      study.store().turns(s.id()).forEach(t -> said.add(t.text()));
    }
    for (String id : study.itemIds()) {
      ClarqTask task = study.task(id);
      Pattern taskId = Pattern.compile("(?<![0-9.])" + Pattern.quote(id) + "(?![0-9])");
      for (String body : participantResponses) {
        assertThat(taskId.matcher(body).find()).as("task id %s in a participant response", id).isFalse();
        for (ResponseNode node : task.tree().nodes()) {
          // the pages show a provider line without its "Jax: " prefix: look for the bare text
          String text = ReferenceText.stripSpeaker(node.text());
          if (said.stream().noneMatch(l -> l.contains(text))) {
            assertThat(body).doesNotContain(text);
            assertThat(body).doesNotContain(JSON.writeValueAsString(text).replaceAll("^\"|\"$", ""));
          }
        }
      }
    }
  }

  @Test
  void testTypedMarkupIsInertOnParticipantAndAdminPages() throws Exception {
    String page = link(first()) + "/1";
    say(page, "<script>alert('x')</script>");
    say(page, "<img src=x onerror=alert(1)>");
    HttpResponse<String> r = participantGet(page);
    assertThat(r.headers().firstValue("Content-Security-Policy").orElse("")).contains("default-src 'none'");
    Document d = Jsoup.parse(r.body());
    assertThat(d.select("script")).isEmpty();
    assertThat(d.select("[onerror]")).isEmpty();
    assertThat(d.select("img")).isEmpty();
    assertThat(d.getElementById("chat").text()).contains("<script>alert('x')</script>", "<img src=x onerror=alert(1)>");
    // a browser string is typed by a person too: shown escaped on the admin page
    http.send(HttpRequest.newBuilder(URI.create(url(page))).header("User-Agent", "<img src=y onerror=alert(2)>")
        .GET().build(), HttpResponse.BodyHandlers.ofString());
    Document admin = Jsoup.parse(get("/admin/studies/errands", "Authorization", "Bearer " + ADMIN).body());
    assertThat(admin.select("[onerror]")).isEmpty();
    assertThat(admin.select("script")).isEmpty();
    assertThat(admin.getElementById("participants").text()).contains("<img src=y onerror=alert(2)>");
  }

  @Test
  void testFormsWithoutTheirCsrfTokenAreRefused() throws Exception {
    String page = link(first()) + "/1";
    HttpResponse<String> r = post(page + "/say", Map.of("line", "hello", "csrf", "forged"));
    assertThat(r.statusCode()).isEqualTo(403);
    assertThat(post(page + "/say", Map.of("line", "hello")).statusCode()).isEqualTo(403);
    // the other participant's token does not pass for this one
    String other = Jsoup.parse(get(link(host.find("errands").get().study().store().participants().get(1)) + "/1")
        .body()).select("input[name=csrf]").attr("value");
    assertThat(post(page + "/say", Map.of("line", "hello", "csrf", other)).statusCode()).isEqualTo(403);
    var store = host.find("errands").get().study().store();
    assertThat(store.turns(store.sessions(first().id()).get(0).id())).extracting(StudyStore.Turn::text)
        .doesNotContain("hello");
    // admin forms too, even with the admin token
    assertThat(post("/admin/studies", Map.of("spec", "{}"), "Authorization", "Bearer " + ADMIN).statusCode())
        .isEqualTo(403);
    assertThat(post("/admin/studies/errands/export", Map.of(), "Authorization", "Bearer " + ADMIN).statusCode())
        .isEqualTo(403);
    assertThat(post("/admin/login", Map.of("token", ADMIN)).statusCode()).isEqualTo(403);
  }

  @Test
  void testAdminPagesAreClosedWithoutTheToken() throws Exception {
    for (String path : List.of("/admin/studies", "/admin/studies/errands")) {
      HttpResponse<String> r = get(path);
      assertThat(r.statusCode()).isEqualTo(401);
      assertThat(r.body()).doesNotContain(first().token()).doesNotContain("p01");
      assertThat(get(path, "Authorization", "Bearer wrong-token-wrong-token").statusCode()).isEqualTo(401);
      assertThat(get(path, "Cookie", StudyPages.ADMIN_COOKIE + "=nope").statusCode()).isEqualTo(401);
    }
    HttpResponse<String> ok = get("/admin/studies/errands", "Authorization", "Bearer " + ADMIN);
    assertThat(ok.statusCode()).isEqualTo(200);
    assertThat(ok.body()).contains(first().token());
    // sign-in sets an HttpOnly, SameSite=Strict cookie that opens the pages
    String csrf = Jsoup.parse(get("/admin/login").body()).select("input[name=csrf]").attr("value");
    HttpResponse<String> in = post("/admin/login", Map.of("token", ADMIN, "csrf", csrf));
    assertThat(in.statusCode()).isEqualTo(303);
    String cookie = in.headers().firstValue("Set-Cookie").orElseThrow();
    assertThat(cookie).contains("HttpOnly").containsIgnoringCase("SameSite=Strict");
    assertThat(get("/admin/studies", "Cookie", cookie.substring(0, cookie.indexOf(';'))).statusCode()).isEqualTo(200);
    assertThat(post("/admin/login", Map.of("token", "guess-guess-guess-guess", "csrf", csrf)).statusCode())
        .isEqualTo(401);
  }

  @Test
  void testALinkOpensItsOwnSessionsOnly() throws Exception {
    host.create(StudySpec.parse(JSON.readTree(SEEKER_SPEC.replace("errands", "other")), null));
    String token = first().token();
    assertThat(get("/study/other/p/" + token).statusCode()).isEqualTo(404);
    assertThat(get("/study/errands/p/" + token.substring(1)).statusCode()).isEqualTo(404);
    assertThat(get("/study/errands/p/" + token + "/9").statusCode()).isEqualTo(404);
    assertThat(get("/study/errands/p/" + token + "/x").statusCode()).isEqualTo(404);
    assertThat(get("/study/nope/p/" + token).statusCode()).isEqualTo(404);
  }

  @Test
  void testRequestBodiesAreBounded() throws Exception {
    String page = link(first()) + "/1";
    String csrf = Jsoup.parse(get(page).body()).select("input[name=csrf]").attr("value");
    HttpResponse<String> r = post(page + "/say", Map.of("csrf", csrf, "line", "x".repeat(300_000)));
    assertThat(r.statusCode()).isEqualTo(413);
    assertThat(r.body()).doesNotContain("Exception").doesNotContain("at io.");
    // a line over the page's limit but under the body limit: refused with a message, nothing stored
    HttpResponse<String> longLine = post(page + "/say", Map.of("csrf", csrf, "line", "y".repeat(5000)));
    assertThat(longLine.statusCode()).isEqualTo(400);
    assertThat(Jsoup.parse(longLine.body()).getElementById("error").text()).contains("at most 2000 characters");
  }
}
