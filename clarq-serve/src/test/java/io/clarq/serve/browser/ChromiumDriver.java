package io.clarq.serve.browser;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import java.util.stream.Stream;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

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

  private static Optional<Path> find(String... names) {
    String path = System.getenv().getOrDefault("PATH", "");
    return Stream.of(path.split(File.pathSeparator))
        .flatMap(d -> Stream.of(names).map(n -> Path.of(d, n)))
        .filter(Files::isExecutable).findFirst();
  }
}
