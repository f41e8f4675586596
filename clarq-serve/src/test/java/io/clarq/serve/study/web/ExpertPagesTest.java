package io.clarq.serve.study.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.mediq.MediqCase;
import io.clarq.serve.study.MediqCases;
import io.clarq.serve.study.Study;
import io.clarq.serve.study.StudyHost;
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
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A MediQ human expert's pages over loopback HTTP: what the expert may see, CSRF, escaping. */
class ExpertPagesTest {
  static final ObjectMapper JSON = new ObjectMapper();
  static final String ADMIN = "admin-token-for-tests-0123456789";
  @TempDir Path root;
  StudyHost host;
  StudyServer server;
  Study study;
  final HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
  /** Every response a participant got: body text, for the leak scan. */
  final List<String> responses = new ArrayList<>();

  @BeforeEach
  void start() throws Exception {
    host = new StudyHost(root.resolve("studies"));
    host.create(MediqCases.spec(MediqCases.data(root), 2, 3, 3));
    study = host.find("clinic").orElseThrow().study();
    server = StudyServer.start(host, ADMIN, "127.0.0.1", 0);
  }

  @AfterEach
  void stop() {
    server.close();
    host.close();
  }

  HttpResponse<String> get(String path) throws Exception {
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
        .GET().build(), HttpResponse.BodyHandlers.ofString());
    responses.add(r.body());
    return r;
  }

  HttpResponse<String> post(String path, Map<String, String> form) throws Exception {
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .POST(HttpRequest.BodyPublishers.ofString(FormBody.of(form.entrySet()))).build(), HttpResponse.BodyHandlers.ofString());
    responses.add(r.body());
    return r;
  }

  /** Sends the page's form as a browser would, with {@code fields} filled in. */
  HttpResponse<String> move(String page, Map<String, String> fields) throws Exception {
    Element form = Jsoup.parse(get(page).body()).getElementById("move");
    Map<String, String> all = new LinkedHashMap<>();
    form.select("input[type=hidden]").forEach(i -> all.put(i.attr("name"), i.attr("value")));
    all.putAll(fields);
    return post(form.attr("action"), all);
  }

  String link(int participant) {
    return study.linkPath(study.store().participants().get(participant).token());
  }

  @Test
  void testAnExpertPlaysAndNoResponseCarriesTheAnswerOrTheRecord() throws Exception {
    String base = link(0);
    get(base);
    List<String> said = new ArrayList<>();
    for (int n = 1; n <= 3; n++) {
      String page = base + "/" + n;
      Document d = Jsoup.parse(get(page).body());
      assertThat(d.getElementById("options").text()).contains("A Seasonal allergy", "D Dehydration");
      assertThat(move(page, Map.of("action", "ask", "question", "When did the symptoms begin?", "letter", "A"))
          .statusCode()).isEqualTo(303);
      JsonNode state = JSON.readTree(get(page + "/state.json").body());
      assertThat(state.path("exchanges")).hasSize(1);
      assertThat(state.path("questions_left").asInt()).isEqualTo(2);
      said.add(state.at("/exchanges/0/reply").asText());
      assertThat(move(page, Map.of("action", "answer", "letter", n == 1 ? "B" : "D")).statusCode()).isEqualTo(303);
      get(page + "/state.json");
    }
    // the end page says which letter the expert chose, never whether it is right: a right and a wrong answer read
    // alike but for the letter
    String right = Jsoup.parse(get(base + "/1").body()).getElementById("ended").text();
    String wrong = Jsoup.parse(get(base + "/2").body()).getElementById("ended").text();
    assertThat(right.replace(" B", " X")).isEqualTo(wrong.replace(" D", " X"));
    // the scan: no answer field, no case id, nothing of the record or the facts the patient did not say
    for (String id : study.itemIds()) {
      MediqCase c = study.mediqCase(id);
      List<String> secret = new ArrayList<>(c.context().subList(1, c.context().size()));
      secret.addAll(c.facts());
      secret.removeIf(s -> said.stream().anyMatch(a -> a.contains(s)));
      for (String body : responses) {
        assertThat(body).doesNotContain(id).doesNotContainIgnoringCase("answer_idx")
            .doesNotContainIgnoringCase("correct").doesNotContain("\"answer\":");
        secret.forEach(s -> assertThat(body).doesNotContain(s));
      }
    }
  }

  @Test
  void testTheCapTakesOnlyAnAnswerAndAnAnswerNeedsALetter() throws Exception {
    String page = link(1) + "/1";
    HttpResponse<String> none = move(page, Map.of("action", "answer"));
    assertThat(none.statusCode()).isEqualTo(400);
    assertThat(Jsoup.parse(none.body()).getElementById("error").text()).contains("choose an option");
    for (int i = 0; i < 3; i++) {
      move(page, Map.of("action", "ask", "question", "Question " + i + "?"));
    }
    Document capped = Jsoup.parse(get(page).body());
    assertThat(capped.getElementById("question")).isNull();
    assertThat(capped.getElementById("ask")).isNull();
    assertThat(capped.getElementById("answer")).isNotNull();
    // a forged ask at the cap is refused and nothing is stored
    HttpResponse<String> forged = post(page + "/move", Map.of("csrf", capped.select("input[name=csrf]").attr("value"),
        "action", "ask", "question", "Sneaky?"));
    assertThat(forged.statusCode()).isEqualTo(400);
    StudyStore store = study.store();
    long session = store.sessions(store.participants().get(1).id()).get(0).id();
    assertThat(store.turns(session)).extracting(StudyStore.Turn::text).doesNotContain("Sneaky?");
  }

  @Test
  void testTypedMarkupIsInertAndFormsNeedTheirToken() throws Exception {
    String page = link(0) + "/1";
    move(page, Map.of("action", "ask", "question", "<script>alert('x')</script> <img src=x onerror=alert(1)>"));
    Document d = Jsoup.parse(get(page).body());
    assertThat(d.select("script")).isEmpty();
    assertThat(d.select("[onerror]")).isEmpty();
    assertThat(d.getElementById("chat").text()).contains("<script>alert('x')</script> <img src=x onerror=alert(1)>");
    assertThat(post(page + "/move", Map.of("action", "ask", "question", "hello", "csrf", "forged")).statusCode())
        .isEqualTo(403);
    String other = Jsoup.parse(get(link(1) + "/1").body()).select("input[name=csrf]").attr("value");
    assertThat(post(page + "/move", Map.of("action", "ask", "question", "hello", "csrf", other)).statusCode())
        .isEqualTo(403);
    StudyStore store = study.store();
    assertThat(store.turns(store.sessions(store.participants().get(0).id()).get(0).id()))
        .extracting(StudyStore.Turn::text).doesNotContain("hello");
  }
}
