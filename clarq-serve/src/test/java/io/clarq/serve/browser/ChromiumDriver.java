package io.clarq.serve.browser;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A headless Chromium driven through WebDriver (Selenium) with Debian's {@code chromium-driver}: the browser and the
 * driver are taken from the PATH ({@code apt-get install -y chromium chromium-driver}), never downloaded. Where either
 * is missing the test is skipped with a message, except under {@code CI=true}, where it fails: CI ({@code .ci/run})
 * installs both, so a missing one is a broken setup. The window is 1280 px wide; screenshots go to
 * {@link #SCREENSHOTS} for a person to look at.
 */
public final class ChromiumDriver {
  /** Where screenshots are kept, relative to the module. */
  public static final Path SCREENSHOTS = Path.of("target", "serve-screenshots");
  /** The window's width and height in CSS pixels. */
  public static final int WIDTH = 1280;
  public static final int HEIGHT = 1000;

  private ChromiumDriver() {}

  /** A started driver with its own profile under {@code work}; skips the test (fails under CI=true) without one. */
  public static ChromeDriver require(Path work) {
    Optional<Path> browser = find("chromium", "chromium-browser");
    Optional<Path> driver = find("chromedriver");
    String missing = "no " + (browser.isEmpty() ? "chromium" : "") + (browser.isEmpty() && driver.isEmpty() ? " or "
        : "") + (driver.isEmpty() ? "chromedriver" : "") + " on the PATH: browser test not run (apt-get install -y"
        + " chromium chromium-driver)";
    if ((browser.isEmpty() || driver.isEmpty()) && "true".equalsIgnoreCase(System.getenv("CI"))) {
      fail(missing + "; under CI=true the test is required (.ci/run installs both)");
    }
    assumeTrue(browser.isPresent() && driver.isPresent(), missing);
    ChromeOptions options = new ChromeOptions();
    options.setBinary(browser.get().toFile());
    options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        "--hide-scrollbars", "--window-size=" + WIDTH + "," + HEIGHT, "--user-data-dir=" + work.resolve("profile"));
    ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(driver.get().toFile())
        .usingAnyFreePort().build();
    return new ChromeDriver(service, options);
  }

  /** A PNG of the window, kept as {@link #SCREENSHOTS}/{@code name}.png. */
  public static Path screenshot(ChromeDriver driver, String name) throws IOException {
    Files.createDirectories(SCREENSHOTS);
    Path png = SCREENSHOTS.resolve(name + ".png").toAbsolutePath();
    File shot = driver.getScreenshotAs(OutputType.FILE);
    Files.copy(shot.toPath(), png, StandardCopyOption.REPLACE_EXISTING);
    return png;
  }

  /**
   * Clicks what submits a form or follows a link and waits until the browser has left the page (its root element gone
   * stale): the study pages have no script, so every such click loads a new page, and an element found before it has
   * loaded would belong to the old one.
   */
  public static void navigate(WebDriver browser, By what) {
    WebElement page = browser.findElement(By.tagName("html"));
    onThePage(browser, d -> d.findElement(what).click());
    // gone stale: Chromium also says so as "Node with given id does not belong to the document", which Selenium's
    // stalenessOf does not count
    new WebDriverWait(browser, Duration.ofSeconds(30)).until(d -> {
      try {
        page.isEnabled();
        return false;
      } catch (WebDriverException e) {
        return true;
      }
    });
  }

  /**
   * Does {@code action} on the page shown, again if Chromium says the element found went with a document that was
   * still being replaced (seen on a loaded machine: "Node with given id does not belong to the document").
   */
  public static void onThePage(WebDriver browser, Consumer<WebDriver> action) {
    new WebDriverWait(browser, Duration.ofSeconds(30)).ignoring(StaleElementReferenceException.class)
        .ignoring(WebDriverException.class).until(d -> {
          action.accept(d);
          return true;
        });
  }

  private static Optional<Path> find(String... names) {
    String path = System.getenv().getOrDefault("PATH", "");
    return Stream.of(path.split(File.pathSeparator))
        .flatMap(d -> Stream.of(names).map(n -> Path.of(d, n)))
        .filter(Files::isExecutable).findFirst();
  }
}
