package io.clarq.serve.study.web;

import static io.clarq.serve.browser.ChromiumDriver.navigate;
import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.serve.browser.ChromiumDriver;
import io.clarq.serve.study.MediqCases;
import io.clarq.serve.study.Study;
import io.clarq.serve.study.StudyStore;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;

/**
 * A MediQ human expert in a real browser (headless Chromium through WebDriver; skipped with a message without
 * chromium and chromedriver, failed instead under CI=true): they read the case, type questions to the offline
 * patient, choose an option and answer. The screenshot at 1280 px ({@code target/serve-screenshots/study-expert.png})
 * is the one in docs/img.
 */
class ExpertBrowserTest extends StudyInBrowser {
  void ask(String question) {
    browser.findElement(By.id("question")).sendKeys(question);
    navigate(browser, By.id("ask"));
    assertThat(browser.findElement(By.id("chat")).getText()).contains(question);
  }

  @Test
  void testAnExpertPlaysACaseByTypingAndChoosing() throws Exception {
    host.create(MediqCases.spec(MediqCases.data(root), 1, 1, 30));
    Study study = host.find("clinic").orElseThrow().study();
    browser.get(url(study.linkPath(study.store().participants().get(0).token())));
    navigate(browser, By.id("go"));
    assertThat(browser.findElement(By.id("initial")).getText()).contains("visits the clinic with");
    ask("When did the symptoms begin?");
    ask("Have you had any blood tests?");
    browser.findElement(By.id("choice-B")).click();
    ask("Do you have a fever?");
    assertThat(browser.findElement(By.id("chat")).getText()).contains("days ago", "white cell count");
    ChromiumDriver.screenshot(browser, "study-expert");
    browser.findElement(By.id("choice-B")).click();
    navigate(browser, By.id("answer"));
    assertThat(browser.findElement(By.id("ended")).getText()).contains("You answered B");
    navigate(browser, By.id("next"));
    assertThat(browser.findElement(By.id("all-done")).getText()).contains("All done");
    StudyStore.Session s = study.store().sessions(1).get(0);
    List<String> expert = study.store().turns(s.id()).stream().filter(t -> t.speaker().equals("EXPERT"))
        .map(t -> t.text() + " " + t.intent().orElse("-")).toList();
    assertThat(expert).containsExactly("When did the symptoms begin? -", "Have you had any blood tests? -",
        "Do you have a fever? B", "B B");
  }
}
