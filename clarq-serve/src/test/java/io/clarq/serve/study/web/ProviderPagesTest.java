package io.clarq.serve.study.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.serve.study.Study;
import io.clarq.serve.study.StudyHost;
import io.clarq.serve.study.StudySpec;
import io.clarq.serve.study.StudyStore;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A human provider's pages over loopback HTTP: a whole dialogue through the form, escaping, CSRF, own sessions. */
class ProviderPagesTest {
  static final ObjectMapper JSON = new ObjectMapper();
  static final String ADMIN = "admin-token-for-tests-0123456789";
  static final String SPEC = "{\"name\":\"l2h\",\"mode\":\"human-provider\",\"participants\":2,\"per_participant\":2,"
      + "\"tasks\":{\"source\":\"demo\",\"language\":\"en\",\"ids\":[\"1.0\",\"1.1\"]}}";
  @TempDir Path root;
  StudyHost host;
  StudyServer server;
  final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

  @BeforeEach
  void start() throws Exception {
    host = new StudyHost(root);
    host.create(StudySpec.parse(JSON.readTree(SPEC), null));
    server = StudyServer.start(host, ADMIN, "127.0.0.1", 0);
  }

  @AfterEach
  void stop() {
    server.close();
    host.close();
  }

  Study study() {
    return host.find("l2h").orElseThrow().study();
  }

  String link(int participant) {
    return study().linkPath(study().store().participants().get(participant).token());
  }

  HttpResponse<String> get(String path, String... headers) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path)).GET();
    for (int i = 0; i < headers.length; i += 2) {
      b.header(headers[i], headers[i + 1]);
    }
    return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  HttpResponse<String> post(String path, List<Map.Entry<String, String>> form) throws Exception {
    return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .POST(HttpRequest.BodyPublishers.ofString(FormBody.of(form))).build(), HttpResponse.BodyHandlers.ofString());
  }

  /** Sends the page's reply form as a browser would: its hidden fields, the boxes ticked, the text typed. */
  HttpResponse<String> reply(String page, List<String> nodes, String line, String... buttons) throws Exception {
    Document d = Jsoup.parse(get(page).body());
    Element form = d.getElementById("answer");
    List<Map.Entry<String, String>> fields = new ArrayList<>();
    form.select("input[type=hidden]").forEach(i -> fields.add(Map.entry(i.attr("name"), i.attr("value"))));
    nodes.forEach(n -> fields.add(Map.entry("node", n)));
    fields.add(Map.entry("line", line));
    for (String button : buttons) {
      fields.add(Map.entry(button, form.getElementById(button).attr("value")));
    }
    return post(form.attr("action"), fields);
  }

  @Test
  void testAProviderPlaysBothDialoguesThroughTheForm() throws Exception {
    String base = link(0);
    assertThat(Jsoup.parse(get(base).body()).getElementById("go").text()).isEqualTo("Start");
    for (int n = 1; n <= 2; n++) {
      String page = base + "/" + n;
      for (int turn = 0; turn < 30; turn++) {
        Document d = Jsoup.parse(get(page).body());
        if (d.getElementById("ended") != null) {
          break;
        }
        assertThat(d.getElementById("tree").text()).contains("Response tree", "purpose:");
        // the boxes of the available lines belong to the reply form
        List<String> available = d.select("input[name=node]").stream().peek(i -> assertThat(i.attr("form"))
            .isEqualTo("answer")).map(i -> i.attr("value")).toList();
        HttpResponse<String> r = available.isEmpty() ? reply(page, List.of(), "", "enough")
            : reply(page, List.of(available.get(0)), "");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(303);
      }
      Document done = Jsoup.parse(get(page).body());
      assertThat(done.getElementById("ended")).isNotNull();
      assertThat(done.select("input[name=node]")).isEmpty();
      JsonNode state = JSON.readTree(get(page + "/state.json").body());
      assertThat(state.get("finished").asBoolean()).isTrue();
      assertThat(state.get("tree").get(0).get("state").asText()).isEqualTo("given");
    }
    assertThat(Jsoup.parse(get(base).body()).getElementById("all-done")).isNotNull();
    for (StudyStore.Session s : study().store().sessions(1)) {
      assertThat(s.finished()).isTrue();
      assertThat(s.endReason()).contains("GOODBYE");
    }
  }

  @Test
  void testTypedMarkupIsInertAndABadReplyIsRefusedWithAMessage() throws Exception {
    String page = link(0) + "/1";
    assertThat(reply(page, List.of(), "<script>alert('x')</script>").statusCode()).isEqualTo(303);
    assertThat(reply(page, List.of(), "<img src=x onerror=alert(1)>").statusCode()).isEqualTo(303);
    HttpResponse<String> r = get(page);
    assertThat(r.headers().firstValue("Content-Security-Policy").orElse("")).contains("default-src 'none'");
    Document d = Jsoup.parse(r.body());
    assertThat(d.select("script")).isEmpty();
    assertThat(d.select("[onerror]")).isEmpty();
    assertThat(d.select("img")).isEmpty();
    assertThat(d.getElementById("chat").text()).contains("<script>alert('x')</script>", "<img src=x onerror=alert(1)>");
    int stored = study().store().turns(study().store().sessions(1).get(0).id()).size();
    HttpResponse<String> bad = reply(page, List.of("<b>1</b>"), "");
    assertThat(bad.statusCode()).isEqualTo(400);
    assertThat(Jsoup.parse(bad.body()).getElementById("error").text()).contains("is not a line of the tree");
    assertThat(Jsoup.parse(bad.body()).getElementById("error").select("b")).isEmpty();
    HttpResponse<String> locked = reply(page, List.of("1.1"), "");
    assertThat(locked.statusCode()).isEqualTo(400);
    assertThat(Jsoup.parse(locked.body()).getElementById("error").text()).contains("not available now: [1.1]");
    HttpResponse<String> both = reply(page, List.of("0"), "and words");
    assertThat(Jsoup.parse(both.body()).getElementById("error").text()).contains("not both");
    assertThat(study().store().turns(study().store().sessions(1).get(0).id())).hasSize(stored);
  }

  @Test
  void testFormsWithoutTheirCsrfTokenAreRefusedAndALinkOpensItsOwnSessionsOnly() throws Exception {
    String page = link(0) + "/1";
    get(page);
    assertThat(post(page + "/answer", List.of(Map.entry("line", "hello"), Map.entry("csrf", "forged"))).statusCode())
        .isEqualTo(403);
    assertThat(post(page + "/answer", List.of(Map.entry("node", "0"))).statusCode()).isEqualTo(403);
    String other = Jsoup.parse(get(link(1) + "/1").body()).select("input[name=csrf]").attr("value");
    assertThat(post(page + "/answer", List.of(Map.entry("node", "0"), Map.entry("csrf", other))).statusCode())
        .isEqualTo(403);
    assertThat(study().store().turns(study().store().sessions(1).get(0).id())).hasSize(2);
    String token = study().store().participants().get(0).token();
    assertThat(get("/study/l2h/p/" + token.substring(1) + "/1").statusCode()).isEqualTo(404);
    assertThat(get("/study/l2h/p/" + token + "/3").statusCode()).isEqualTo(404);
    // the other participant's page holds nothing of this one's dialogue
    reply(page, List.of(), "Only participant one typed this.");
    assertThat(get(link(1) + "/1").body()).doesNotContain("Only participant one typed this.");
    // the admin page names the mode
    Document admin = Jsoup.parse(get("/admin/studies", "Authorization", "Bearer " + ADMIN).body());
    assertThat(admin.text()).contains("human-provider");
  }
}
