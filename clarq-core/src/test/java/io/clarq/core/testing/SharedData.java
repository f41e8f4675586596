package io.clarq.core.testing;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds the reference data sets: {@code ../shared/data} from the project root, or the system property
 * {@code clarq.data.dir}. When a path is missing the test is skipped, except under {@code CI=true}, where it fails.
 */
public final class SharedData {
  private SharedData() {}

  /** The data directory (it may not exist). */
  public static Path root() {
    String configured = System.getProperty("clarq.data.dir");
    if (configured != null && !configured.isBlank()) {
      return Path.of(configured);
    }
    // tests run with a module directory as working directory; the project root is its parent
    Path cwd = Path.of("").toAbsolutePath();
    for (Path p = cwd; p != null; p = p.getParent()) {
      Path candidate = p.resolveSibling("shared").resolve("data");
      if (Files.isDirectory(candidate)) {
        return candidate;
      }
    }
    return cwd.resolveSibling("shared").resolve("data");
  }

  /** The path below the data directory; skips the test (fails it under CI=true) when it does not exist. */
  public static Path require(String relative) {
    Path p = root().resolve(relative);
    if (!Files.exists(p)) {
      String message = "reference data not found: " + p + " (set -Dclarq.data.dir or put shared/data beside the project)";
      if ("true".equalsIgnoreCase(System.getenv("CI"))) {
        fail(message);
      }
      assumeTrue(false, message);
    }
    return p;
  }
}
