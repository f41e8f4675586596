package io.clarq.serve.study.web;

import io.clarq.serve.browser.ChromiumDriver;
import io.clarq.serve.study.StudyHost;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.chrome.ChromeDriver;

/**
 * A study server on loopback and a headless Chromium to use it with ({@link ChromiumDriver}: skipped with a message
 * without chromium and chromedriver, failed instead under CI=true), started before each test and closed after it.
 */
abstract class StudyInBrowser {
  static final String ADMIN = "browser-admin-token-0123456789";

  @TempDir Path root;
  StudyHost host;
  StudyServer server;
  ChromeDriver browser;
  int port;

  @BeforeEach
  void start() throws Exception {
    browser = ChromiumDriver.require(root.resolve("browser"));
    browser.manage().timeouts().implicitlyWait(Duration.ofSeconds(5));
    host = new StudyHost(root.resolve("studies"));
    server = StudyServer.start(host, ADMIN, "127.0.0.1", 0);
    port = server.port();
  }

  @AfterEach
  void stop() {
    if (browser != null) {
      browser.quit();
    }
    if (server != null) {
      server.close();
    }
    if (host != null) {
      host.close();
    }
  }

  /** The address of {@code path} on the study server. */
  String url(String path) {
    return "http://127.0.0.1:" + port + path;
  }
}
