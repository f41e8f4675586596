package io.clarq.examples.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine;

/** {@code clarq --version}: the version Maven wrote into {@code version.properties} when it built the jar. */
final class BuildVersion implements CommandLine.IVersionProvider {
  static String version() {
    Properties p = new Properties();
    try (InputStream in = BuildVersion.class.getResourceAsStream("version.properties")) {
      if (in == null) {
        throw new IllegalStateException("version.properties is missing from the jar");
      }
      p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read version.properties: " + e.getMessage(), e);
    }
    return p.getProperty("version");
  }

  @Override
  public String[] getVersion() {
    return new String[] {"clarq " + version()};
  }
}
