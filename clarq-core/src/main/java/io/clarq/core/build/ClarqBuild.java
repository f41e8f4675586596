package io.clarq.core.build;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Objects;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * The build of clarq that is running: its version ({@code 0.1.0-SNAPSHOT}), the git commit it was built from and
 * whether the working tree had uncommitted changes. The build writes both into clarq-core's jar (resource filtering
 * and the git-commit-id Maven plugin); nothing runs {@code git} when a program starts. A build from a source tarball,
 * without {@code .git}, has the revision {@value #UNKNOWN}.
 *
 * <pre>{@code
 * ClarqBuild build = ClarqBuild.current();
 * build.version();    // "0.1.0-SNAPSHOT"
 * build.revision();   // "3f2c9e0a..." (40 hex digits) or "unknown"
 * build.dirty();      // true when built from a tree with uncommitted changes
 * }</pre>
 *
 * @param version clarq's version, as the build's POM gives it
 * @param revision the full git commit id (40 lower-case hex digits), or {@value #UNKNOWN}
 * @param dirty whether the tree the build was made from differed from {@code revision}; false when it is unknown
 */
public record ClarqBuild(String version, String revision, boolean dirty) {
  /** The revision of a build made without git metadata (a source tarball). */
  public static final String UNKNOWN = "unknown";

  private static final Pattern COMMIT = Pattern.compile("[0-9a-f]{40}");
  private static final ClarqBuild CURRENT = load(ClarqBuild.class.getResourceAsStream("clarq-version.properties"),
      ClarqBuild.class.getResourceAsStream("git.properties"));

  public ClarqBuild {
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(revision, "revision");
    if (version.isBlank()) {
      throw new IllegalArgumentException("illegal clarq version '" + version + "': must not be blank");
    }
    if (!revision.equals(UNKNOWN) && !COMMIT.matcher(revision).matches()) {
      throw new IllegalArgumentException("illegal git revision '" + revision + "': must be 40 lower-case hex digits "
          + "or \"" + UNKNOWN + "\"");
    }
    if (dirty && revision.equals(UNKNOWN)) {
      throw new IllegalArgumentException("illegal build: a tree with an unknown revision cannot be marked modified");
    }
  }

  /** The build that is running. */
  public static ClarqBuild current() {
    return CURRENT;
  }

  /**
   * Reads a build from the two properties files the build writes; {@code git} may be null (built without .git).
   *
   * @throws IllegalStateException when the version file is missing or unfilled (the jar was not built by Maven)
   */
  static ClarqBuild load(InputStream version, InputStream git) {
    Properties v = read(version, "clarq-version.properties");
    String ver = v.getProperty("version", "");
    if (ver.isBlank() || ver.contains("${")) {
      throw new IllegalStateException("io/clarq/core/build/clarq-version.properties holds no version ('" + ver
          + "'): build clarq-core with Maven, which fills it in");
    }
    if (git == null) {
      return new ClarqBuild(ver, UNKNOWN, false);
    }
    Properties g = read(git, "git.properties");
    String commit = g.getProperty("git.commit.id", "").strip();
    if (!COMMIT.matcher(commit).matches()) {
      return new ClarqBuild(ver, UNKNOWN, false);
    }
    return new ClarqBuild(ver, commit, Boolean.parseBoolean(g.getProperty("git.dirty", "false").strip()));
  }

  private static Properties read(InputStream in, String name) {
    if (in == null) {
      throw new IllegalStateException("io/clarq/core/build/" + name + " is missing from clarq-core's jar: build it "
          + "with Maven");
    }
    Properties p = new Properties();
    try (in) {
      p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read io/clarq/core/build/" + name + ": " + e.getMessage(), e);
    }
    return p;
  }

  /** The revision shortened to 12 digits, as people quote it ({@value #UNKNOWN} stays whole). */
  public String shortRevision() {
    return revision.equals(UNKNOWN) ? UNKNOWN : revision.substring(0, 12);
  }

  /** {@code 0.1.0-SNAPSHOT (3f2c9e0a1b2c, modified)}, or {@code 0.1.0 (revision unknown)}. */
  @Override
  public String toString() {
    return version + (revision.equals(UNKNOWN) ? " (revision unknown)"
        : " (" + shortRevision() + (dirty ? ", modified" : "") + ")");
  }
}
