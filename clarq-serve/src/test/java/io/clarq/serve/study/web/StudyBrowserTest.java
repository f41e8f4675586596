package io.clarq.serve.study.web;

import static io.clarq.serve.browser.ChromiumDriver.navigate;
import static io.clarq.serve.browser.ChromiumDriver.onThePage;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.metrics.ClarqSummary;
import io.clarq.eval.clarqllm.evaluate.ClarqEvaluation;
import io.clarq.serve.browser.ChromiumDriver;
import io.clarq.serve.study.Study;
import io.clarq.serve.study.StudyExport;
import io.clarq.serve.study.StudyHost;
import io.clarq.serve.study.StudySpec;
import io.clarq.serve.study.StudyStore;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

/**
 * The study pages in a real browser: headless Chromium driven through WebDriver (Selenium with Debian's
 * chromium-driver). Skipped with a message when chromium or chromedriver is missing, failed instead under CI=true.
 * Screenshots at 1280 px go to {@code target/serve-screenshots/} (copied by hand into docs/img once looked at).
 */
class StudyBrowserTest extends StudyInBrowser {
  static final ObjectMapper JSON = new ObjectMapper();

  void type(String line) {
    onThePage(browser, d -> d.findElement(By.id("line")).sendKeys(line));
    navigate(browser, By.id("send"));
    assertThat(browser.findElement(By.id("chat")).getText()).contains(line);
  }

  @Test
  void testAParticipantPlaysFourDialoguesAcrossARestartAndTheExportEvaluates() throws Exception {
    host.create(StudySpec.parse(JSON.readTree("{\"name\":\"errands\",\"mode\":\"human-seeker\",\"participants\":1,"
        + "\"per_participant\":4,\"instructions\":\"Play four short errands. Ask Jax how each is done.\",\"tasks\":"
        + "{\"source\":\"demo\",\"language\":\"en\",\"ids\":[\"1.0\",\"1.1\",\"1.2\",\"1.3\"]}}"), null));
    Study study = host.find("errands").orElseThrow().study();
    String link = study.linkPath(study.store().participants().get(0).token());
    List<String> typed = new ArrayList<>();
    browser.get(url(link));
    navigate(browser, By.id("go"));
    for (int n = 1; n <= 4; n++) {
      assertThat(browser.getTitle()).contains("errands");
      String[] lines = n == 1
          ? new String[] {"Hello Jax, can you help me with my task?", "How do I cross the Stone Bridge?",
              "Where can I earn silver coins?", "Which lantern should I take?"}
          : new String[] {"Hello Jax, can you help me with my task?", "What is the first step?"};
      for (int i = 0; i < lines.length; i++) {
        type(lines[i]);
        typed.add(lines[i]);
        if (n == 1 && i == 2) {
          ChromiumDriver.screenshot(browser, "study-participant");
        }
        if (n == 2 && i == 0) {
          // the server goes away mid-dialogue and comes back on the same port: the page typed into before it
          // still posts after it, and nothing typed is lost
          server.close();
          host.close();
          host = new StudyHost(root.resolve("studies"));
          server = StudyServer.start(host, ADMIN, "127.0.0.1", port);
          study = host.find("errands").orElseThrow().study();
        }
      }
      navigate(browser, By.id("end"));
      typed.add("Goodbye.");
      assertThat(browser.findElement(By.id("ended")).getText()).contains("ended");
      navigate(browser, By.id("next"));
    }
    assertThat(browser.findElement(By.id("all-done")).getText()).contains("All done");
    List<String> stored = new ArrayList<>();
    for (StudyStore.Session s : study.store().sessions(1)) {
      assertThat(s.finished()).isTrue();
      study.store().turns(s.id()).stream().filter(t -> t.speaker().equals("SEEKER")).forEach(t -> stored.add(t.text()));
    }
    assertThat(stored).containsExactlyElementsOf(typed);

    // the admin signs in, sees the progress and exports
    browser.get(url("/admin/studies/errands"));
    assertThat(browser.getPageSource()).doesNotContain(study.store().participants().get(0).token());
    browser.get(url("/admin/login"));
    browser.findElement(By.id("token")).sendKeys(ADMIN);
    navigate(browser, By.id("signin"));
    navigate(browser, By.linkText("errands"));
    assertThat(browser.findElement(By.id("participants")).getText()).contains("4 of 4");
    navigate(browser, By.id("export"));
    assertThat(browser.findElement(By.id("exported")).getText()).contains("errands-p01");
    ChromiumDriver.screenshot(browser, "study-admin");
    Path run = study.folder().resolve("export").resolve("errands-p01");
    ClarqSummary summary = ClarqEvaluation.score(StudyExport.recorded(study, run), Judge.none());
    assertThat(summary.dialogues()).isEqualTo(4);
    assertThat(JSON.readTree(run.resolve("results.json").toFile()).at("/figures/en/dialogues").asInt()).isEqualTo(4);
    // dialogue 1 asked for every gold line of task 1.0 and got it from the offline provider
    assertThat(summary.scores().get(0).success().success()).isTrue();
  }

  @Test
  void testARaterRatesThreeQuestions() throws Exception {
    StringBuilder items = new StringBuilder();
    String[][] q = {
        {"Tell me about the jaguar.", "Do you mean the animal or the car?", "Are you asking about the cat or the car?"},
        {"How do I install Python?", "Which operating system are you using?", "Do you like snakes?"},
        {"Find me a cheap flight to Lisbon.", "From which city and on what dates?", "When do you want to fly?"}};
    for (int i = 0; i < q.length; i++) {
      items.append(i == 0 ? "" : ",").append(JSON.createObjectNode().put("id", "q" + i).put("request", q[i][0])
          .put("reference", q[i][1]).put("question", q[i][2]));
    }
    host.create(StudySpec.parse(JSON.readTree("{\"name\":\"cq-rating\",\"mode\":\"rating\",\"participants\":2,"
        + "\"per_participant\":3,\"items\":[" + items + "]}"), null));
    Study study = host.find("cq-rating").orElseThrow().study();
    browser.get(url(study.linkPath(study.store().participants().get(0).token())));
    navigate(browser, By.id("go"));
    String[][] grades = {{"good", "good"}, {"fair", "bad"}, {"good", "fair"}};
    for (String[] g : grades) {
      assertThat(browser.findElement(By.id("guideline")).getText()).contains("Naturalness", "Usefulness");
      browser.findElement(By.id("naturalness-" + g[0])).click();
      browser.findElement(By.id("usefulness-" + g[1])).click();
      navigate(browser, By.id("submit"));
      assertThat(browser.findElement(By.id("ended")).getText()).contains("Rated");
      navigate(browser, By.id("next"));
    }
    assertThat(browser.findElement(By.id("all-done")).getText()).contains("All done");
    List<String> stored = new ArrayList<>();
    for (StudyStore.Session s : study.store().sessions(1)) {
      study.store().ratings(s.id()).forEach(r -> stored.add(study.ratingItem(s.item()).id() + " " + r.scale() + " "
          + r.grade()));
    }
    assertThat(stored).containsExactlyInAnyOrder("q0 NATURALNESS GOOD", "q0 USEFULNESS GOOD", "q1 NATURALNESS FAIR",
        "q1 USEFULNESS BAD", "q2 NATURALNESS GOOD", "q2 USEFULNESS FAIR");
  }
}
