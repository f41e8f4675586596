package io.clarq.eval.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;

/**
 * A headless Chromium for the report pages' browser tests: the DOM after the page's scripts ran ({@code --dump-dom}),
 * and a screenshot at a given window width. Where no Chromium is on the PATH ({@code apt-get install -y chromium}) the
 * test is skipped with a message, except under {@code CI=true}, where it fails: CI ({@code .ci/run}) installs
 * Chromium, so a missing one is a broken setup. Screenshots go to {@code target/report-screenshots/} for a person to
 * look at.
 */
public final class HeadlessChromium {
  /** Where the screenshots are kept, relative to the module. */
  public static final Path SCREENSHOTS = Path.of("target", "report-screenshots");
  private final Path chromium;
  private final Path work;

  private HeadlessChromium(Path chromium, Path work) {
    this.chromium = chromium;
    this.work = work;
  }

  /** The browser, with {@code work} for its profile; skips the test (fails under CI=true) when there is none. */
  public static HeadlessChromium require(Path work) {
    Optional<Path> found = find();
    String missing = "no chromium or chromium-browser on the PATH: headless browser check not run"
        + " (apt-get install -y chromium)";
    if (found.isEmpty() && "true".equalsIgnoreCase(System.getenv("CI"))) {
      fail(missing + "; under CI=true the check is required (.ci/run installs Chromium)");
    }
    assumeTrue(found.isPresent(), missing);
    return new HeadlessChromium(found.get(), work);
  }

  static Optional<Path> find() {
    String path = System.getenv().getOrDefault("PATH", "");
    return Stream.of(path.split(File.pathSeparator))
        .flatMap(d -> Stream.of("chromium", "chromium-browser").map(n -> Path.of(d, n)))
        .filter(Files::isExecutable).findFirst();
  }

  /** The page's DOM once loaded and its scripts ran; {@code fragment} (without '#') is put after the address. */
  public Document dom(Path page, String fragment) throws IOException, InterruptedException {
    return dom(page, fragment, 0);
  }

  /**
   * The page's DOM once laid out in a window {@code width} pixels wide (0: the browser's default) and its scripts
   * ran; the page kit's script then says in {@code body[data-tables-cut]} how many tables that width cuts off.
   */
  public Document dom(Path page, String fragment, int width) throws IOException, InterruptedException {
    Path out = Files.createTempFile(work, "dom", ".html");
    List<String> args = new ArrayList<>();
    if (width > 0) {
      args.add("--window-size=" + width + ",1000");
    }
    args.addAll(List.of("--virtual-time-budget=5000", "--dump-dom", address(page, fragment)));
    run(args, out);
    return Jsoup.parse(Files.readString(out, StandardCharsets.UTF_8));
  }

  /**
   * A PNG of the page's top {@code height} pixels in a window {@code width} pixels wide, kept as
   * {@link #SCREENSHOTS}/{@code name}.png.
   */
  public Path screenshot(Path page, String fragment, String name, int width, int height)
      throws IOException, InterruptedException {
    Files.createDirectories(SCREENSHOTS);
    Path png = SCREENSHOTS.resolve(name + ".png").toAbsolutePath();
    Files.deleteIfExists(png);
    run(List.of("--hide-scrollbars", "--window-size=" + width + "," + height, "--virtual-time-budget=5000",
        "--screenshot=" + png, address(page, fragment)), null);
    assertThat(png).as("screenshot " + png).isNotEmptyFile();
    return png;
  }

  private static String address(Path page, String fragment) {
    return page.toAbsolutePath().toUri() + (fragment.isEmpty() ? "" : "#" + fragment);
  }

  private void run(List<String> args, Path stdout) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(chromium.toString(), "--headless", "--no-sandbox", "--disable-gpu",
        "--user-data-dir=" + work.resolve("chromium-profile")));
    command.addAll(args);
    ProcessBuilder pb = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD);
    pb.redirectOutput(stdout == null ? ProcessBuilder.Redirect.DISCARD : ProcessBuilder.Redirect.to(stdout.toFile()));
    Process p = pb.start();
    if (!p.waitFor(90, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      fail("chromium did not finish within 90 s: " + command);
    }
  }
}
