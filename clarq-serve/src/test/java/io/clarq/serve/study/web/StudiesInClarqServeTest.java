package io.clarq.serve.study.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.serve.ServeSettings;
import io.clarq.serve.study.Study;
import io.clarq.serve.study.StudyHost;
import io.clarq.serve.study.StudySpec;
import io.clarq.serve.web.AdminAuth;
import io.clarq.serve.web.ServeApp;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The study pages mounted on clarq serve's application: its admin sign-in guards them, participants play. */
class StudiesInClarqServeTest {
  static final String TOKEN = "serve-admin-token-0123456789abcdef";
  @TempDir Path dir;

  @Test
  void testStudiesAreServedBesideTheRunsBehindClarqServesAdminToken() throws Exception {
    Path runs = Files.createDirectories(dir.resolve("runs"));
    try (StudyHost host = new StudyHost(dir.resolve("studies"));
        ServeApp app = ServeApp.create(new ServeSettings(List.of(runs), ServeSettings.LOOPBACK, 0, TOKEN,
            ServeSettings.DEFAULT_MAX_REQUEST_BYTES))) {
      host.create(StudySpec.parse(new ObjectMapper().readTree("{\"name\":\"errands\",\"mode\":\"human-seeker\","
          + "\"participants\":1,\"per_participant\":1,\"tasks\":{\"ids\":[\"1.0\"]}}"), null));
      StudyServer.mount(app, host);
      app.start();
      HttpClient http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();
      String origin = "http://127.0.0.1:" + app.port();
      HttpResponse<String> closed = http.send(HttpRequest.newBuilder(URI.create(origin + "/admin/studies")).build(),
          HttpResponse.BodyHandlers.ofString());
      assertThat(closed.statusCode()).isEqualTo(401);
      assertThat(closed.body()).contains("/login").doesNotContain("errands");
      HttpResponse<String> open = http.send(HttpRequest.newBuilder(URI.create(origin + "/admin/studies"))
          .header(AdminAuth.HEADER, TOKEN).build(), HttpResponse.BodyHandlers.ofString());
      assertThat(open.statusCode()).isEqualTo(200);
      assertThat(Jsoup.parse(open.body()).getElementById("studies").text()).contains("errands");
      Study study = host.find("errands").orElseThrow().study();
      String page = origin + study.linkPath(study.store().participants().get(0).token()) + "/1";
      HttpResponse<String> shown = http.send(HttpRequest.newBuilder(URI.create(page)).build(),
          HttpResponse.BodyHandlers.ofString());
      assertThat(shown.statusCode()).isEqualTo(200);
      String csrf = Jsoup.parse(shown.body()).select("input[name=csrf]").attr("value");
      HttpResponse<String> said = http.send(HttpRequest.newBuilder(URI.create(page + "/say"))
          .header("Content-Type", "application/x-www-form-urlencoded")
          .POST(HttpRequest.BodyPublishers.ofString("csrf=" + csrf + "&line=Hello")).build(),
          HttpResponse.BodyHandlers.ofString());
      assertThat(said.statusCode()).isEqualTo(303);
      assertThat(study.store().turnCount()).isEqualTo(3);
    }
  }
}
