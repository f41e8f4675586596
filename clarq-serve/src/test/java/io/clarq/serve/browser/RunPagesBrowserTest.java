package io.clarq.serve.browser;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.serve.ServeFixture;
import io.clarq.serve.ServeSettings;
import io.clarq.serve.web.ServeApp;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The run pages as a person uses them, in headless Chromium: log in with the admin token, filter the index, open a
 * report, pick two runs and see their comparison; hostile text in a run changes nothing. Screenshots at 1280 px go to
 * {@link ChromiumDriver#SCREENSHOTS} (docs/img keeps serve-index.png and serve-compare.png from them).
 */
class RunPagesBrowserTest {
  static final String TOKEN = "browser-test-token-0123456789";
  @TempDir Path tmp;
  ServeApp app;
  ChromeDriver driver;

  @AfterEach
  void stop() {
    if (driver != null) {
      driver.quit();
    }
    if (app != null) {
      app.close();
    }
  }

  private List<String> shownIds() {
    return driver.findElements(By.cssSelector("tr.run")).stream().filter(WebElement::isDisplayed)
        .map(e -> e.getAttribute("data-id")).toList();
  }

  private boolean pwned() {
    return !Boolean.TRUE.equals(driver.executeScript("return typeof window.pwned === 'undefined';"));
  }

  @Test
  void testLogInFilterOpenAReportAndCompareTwoRuns() throws Exception {
    Path served = ServeFixture.make(tmp.resolve("runs"));
    driver = ChromiumDriver.require(Files.createDirectories(tmp.resolve("browser")));
    app = ServeApp.create(new ServeSettings(List.of(served), ServeSettings.LOOPBACK, 0, TOKEN,
        ServeSettings.DEFAULT_MAX_REQUEST_BYTES)).start();
    WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(30));
    String base = app.url().toString();

    // the index sends a browser without the token to the login form, and back after it
    driver.get(base + "runs?sort=name&order=asc");
    wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("form#login")));
    driver.findElement(By.name("token")).sendKeys(TOKEN);
    driver.findElement(By.cssSelector("form#login button")).click();
    wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("table.runs")));
    assertThat(driver.getCurrentUrl()).endsWith("/runs?sort=name&order=asc");
    assertThat(shownIds()).containsExactly(ServeFixture.TOA, ServeFixture.HOSTILE_RUN, ServeFixture.RULES,
        ServeFixture.RUNNING);
    assertThat(pwned()).isFalse();
    ChromiumDriver.screenshot(driver, "serve-index");

    // the page's filter (the report kit's script, allowed by its digest) hides rows
    new Select(driver.findElement(By.cssSelector("form.filter select[name=benchmark]"))).selectByValue("toa");
    wait.until(d -> shownIds().size() == 1);
    assertThat(shownIds()).containsExactly(ServeFixture.TOA);
    new Select(driver.findElement(By.cssSelector("form.filter select[name=benchmark]"))).selectByValue("");
    driver.findElement(By.cssSelector("form.filter input[type=search]")).sendKeys("hostile");
    wait.until(d -> shownIds().size() == 1);
    assertThat(shownIds()).containsExactly(ServeFixture.HOSTILE_RUN);
    assertThat(driver.findElement(By.cssSelector("form.filter .filter-count")).getText()).isEqualTo("1 of 4 shown");
    driver.findElement(By.cssSelector("form.filter input[type=search]")).clear();
    driver.findElement(By.cssSelector("form.filter input[type=search]")).sendKeys(" ");
    wait.until(d -> shownIds().size() == 4);

    // a report opens from its row, its charts laid out
    driver.findElement(By.cssSelector("tr.run[data-id='" + ServeFixture.HOSTILE_RUN + "'] td.name a")).click();
    wait.until(ExpectedConditions.attributeToBeNotEmpty(driver.findElement(By.tagName("body")),
        "data-charts-rendered"));
    assertThat(driver.getCurrentUrl()).endsWith("/report/" + ServeFixture.HOSTILE_RUN);
    assertThat(Integer.parseInt(driver.findElement(By.tagName("body")).getAttribute("data-charts-rendered")))
        .isPositive();
    assertThat(driver.findElement(By.tagName("body")).getText()).contains("<img src=x onerror=");
    assertThat(pwned()).isFalse();

    // two runs picked on the index: their comparison
    driver.navigate().back();
    wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("table.runs")));
    driver.findElement(By.cssSelector("input[name=run][value='" + ServeFixture.RULES + "']")).click();
    driver.findElement(By.cssSelector("input[name=run][value='" + ServeFixture.HOSTILE_RUN + "']")).click();
    driver.findElement(By.id("compare")).click();
    wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("section.pair")));
    assertThat(driver.getCurrentUrl()).contains("/compare?run=");
    assertThat(driver.findElement(By.cssSelector("section.pair h2")).getText()).contains("rules").contains("hostile");
    assertThat(pwned()).isFalse();
    ChromiumDriver.screenshot(driver, "serve-compare");

    // and their leaderboard
    driver.navigate().back();
    wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("table.runs")));
    driver.findElement(By.id("leaderboard")).click();
    wait.until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("table.board")));
    assertThat(driver.findElements(By.cssSelector("table.board tbody tr"))).isNotEmpty();
    assertThat(pwned()).isFalse();
    ChromiumDriver.screenshot(driver, "serve-leaderboard");
  }
}
