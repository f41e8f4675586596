package io.clarq.datasets.fetch;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Where fetched data sets live: one folder per data set below a root. The root is the one given (a {@code --dir}
 * option), else the environment variable {@code CLARQ_DATA}, else {@code ~/.clarq/data}.
 *
 * @param root the data directory (it may not exist yet)
 */
public record DataDirectory(Path root) {
  /** The environment variable naming the data directory. */
  public static final String ENV = "CLARQ_DATA";

  public DataDirectory {
    Objects.requireNonNull(root, "root");
  }

  /**
   * The data directory: {@code given} if present, else {@code $CLARQ_DATA} from {@code env}, else
   * {@code .clarq/data} below {@code home}.
   */
  public static DataDirectory resolve(Optional<Path> given, Map<String, String> env, Path home) {
    if (given.isPresent()) {
      return new DataDirectory(given.get());
    }
    String configured = env.get(ENV);
    if (configured != null && !configured.isBlank()) {
      return new DataDirectory(Path.of(configured));
    }
    return new DataDirectory(home.resolve(".clarq").resolve("data"));
  }

  /** The data directory of this process: {@code $CLARQ_DATA}, else {@code ~/.clarq/data}. */
  public static DataDirectory ofEnvironment() {
    return resolve(Optional.empty(), System.getenv(), Path.of(System.getProperty("user.home")));
  }

  /** The folder of a data set. */
  public Path folder(String dataSet) {
    return root.resolve(dataSet);
  }

  /** Where a file of a data set goes. */
  public Path file(String dataSet, DataFile file) {
    return folder(dataSet).resolve(file.path());
  }

  /** {@code relative} below the data set's folder, if it exists. */
  public Optional<Path> find(String dataSet, String relative) {
    Path p = folder(dataSet).resolve(relative);
    return Files.exists(p) ? Optional.of(p) : Optional.empty();
  }
}
