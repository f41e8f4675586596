package io.clarq.examples.cli;

import io.clarq.core.build.ClarqBuild;
import picocli.CommandLine;

/**
 * {@code clarq --version}: the build clarq-core recorded ({@link ClarqBuild}), the one source of the version and git
 * revision that results files name too: {@code clarq 0.1.0-SNAPSHOT (3f2c9e0a1b2c, modified)}.
 */
public final class BuildVersion implements CommandLine.IVersionProvider {
  @Override
  public String[] getVersion() {
    return new String[] {"clarq " + ClarqBuild.current()};
  }
}
