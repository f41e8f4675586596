package io.clarq.serve.study.web;

import static io.clarq.serve.browser.ChromiumDriver.navigate;
import static io.clarq.serve.browser.ChromiumDriver.onThePage;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.metrics.ClarqSummary;
import io.clarq.core.clarqllm.provider.FixedReplies;
import io.clarq.core.clarqllm.task.Language;
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
import org.openqa.selenium.WebElement;

/**
 * A person plays the ClarQ-LLM provider in a real browser: headless Chromium driven through WebDriver (Selenium with
 * Debian's chromium-driver), as {@link StudyBrowserTest} does, skipped with a message when chromium or chromedriver is
 * missing and failed instead under CI=true. The screenshot at 1280 px goes to {@code target/serve-screenshots/}
 * (copied by hand into docs/img once looked at).
 */
class ProviderBrowserTest extends StudyInBrowser {
  static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void testAProviderPlaysAWholeDialogueAcrossARestartAndTheExportEvaluates() throws Exception {
    host.create(StudySpec.parse(JSON.readTree("{\"name\":\"lighthouse-l2h\",\"mode\":\"human-provider\","
        + "\"participants\":1,\"per_participant\":1,\"instructions\":\"You are Jax. Answer the questions about"
        + " relighting the lighthouse from the response tree.\",\"tasks\":{\"source\":\"demo\",\"language\":\"en\","
        + "\"ids\":[\"1.0\"]}}"), null));
    Study study = host.find("lighthouse-l2h").orElseThrow().study();
    browser.get(url(study.linkPath(study.store().participants().get(0).token())));
    assertThat(browser.findElement(By.tagName("main")).getText()).contains("You are Jax");
    navigate(browser, By.id("go"));
    List<String> sent = new ArrayList<>();
    for (int turn = 0; turn < 20 && browser.findElements(By.id("ended")).isEmpty(); turn++) {
      assertThat(browser.findElement(By.id("tree")).getText()).contains("relighting the northern lighthouse");
      List<WebElement> boxes = browser.findElements(By.name("node"));
      if (turn == 1) {
        // a reply typed in the person's own words (Response II), markup and all
        String typed = "Good question! <b>Start</b> at the harbour.";
        onThePage(browser, d -> d.findElement(By.id("line")).sendKeys(typed));
        sent.add("Jax: " + typed);
      } else if (!boxes.isEmpty()) {
        String id = boxes.get(0).getAttribute("value");
        onThePage(browser, d -> d.findElement(By.id("node-" + id)).click());
        sent.add(id);
      } else {
        sent.add(FixedReplies.enoughInformation(Language.ENGLISH));
        navigate(browser, By.id("enough"));
        continue;
      }
      navigate(browser, By.id("send"));
      if (turn == 2) {
        browser.findElement(By.id("chat"));
        ChromiumDriver.screenshot(browser, "study-provider");
        // the server goes away mid-dialogue and comes back on the same port: the page shown before it still posts
        // after it, and every reply sent is kept
        server.close();
        host.close();
        host = new StudyHost(root.resolve("studies"));
        server = StudyServer.start(host, ADMIN, "127.0.0.1", port);
        study = host.find("lighthouse-l2h").orElseThrow().study();
      }
    }
    assertThat(browser.findElement(By.id("ended")).getText()).contains("ended");
    // the chat scrolls: its text content, shown or scrolled away
    assertThat(browser.findElement(By.id("chat")).getAttribute("textContent"))
        .contains("Good question! <b>Start</b> at the harbour.");
    assertThat(browser.findElements(By.tagName("b")).stream().map(WebElement::getText)).doesNotContain("Start");
    navigate(browser, By.id("next"));
    assertThat(browser.findElement(By.id("all-done")).getText()).contains("All done");

    StudyStore.Session s = study.store().sessions(1).get(0);
    assertThat(s.finished()).isTrue();
    List<String> stored = new ArrayList<>();
    study.store().turns(s.id()).stream().filter(t -> t.speaker().equals("PROVIDER") && t.index() > 0)
        .forEach(t -> stored.add(t.nodes().isEmpty() ? t.text() : String.join(",", t.nodes())));
    assertThat(stored).containsExactlyElementsOf(sent);
    Path run = StudyExport.export(study, root.resolve("out")).get(0);
    ClarqSummary summary = ClarqEvaluation.score(StudyExport.recorded(study, run), Judge.none());
    assertThat(summary.dialogues()).isEqualTo(1);
    assertThat(JSON.readTree(run.resolve("results.json").toFile()).at("/settings/provider_model").asText())
        .isEqualTo("human:lighthouse-l2h/p01");
  }
}
