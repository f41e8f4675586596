package io.clarq.core.clarqllm.seeker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Seekers found with ServiceLoader by the scheme their provider declares, and providers that must be refused. */
class SeekerAgentsTest {
  @TempDir Path dir;

  /** Says "Goodbye" after as many turns as its arguments say. */
  public static final class Counting implements SeekerAgentProvider {
    @Override
    public String scheme() {
      return "counting";
    }

    @Override
    public SeekerAgent create(String args) {
      if (!args.matches("\\d+")) {
        throw new IllegalArgumentException("expected a number of turns, got '" + args + "'");
      }
      int turns = Integer.parseInt(args);
      return new SeekerAgent() {
        @Override
        public String name() {
          return "counting-" + turns;
        }

        @Override
        public String next(SeekerTurn turn) {
          return turn.seekerTurnsSoFar() + 1 >= turns ? "Goodbye" : "And then?";
        }
      };
    }
  }

  /** Claims the rule-based seeker's name. */
  public static final class Reserved implements SeekerAgentProvider {
    @Override
    public String scheme() {
      return "rule";
    }

    @Override
    public SeekerAgent create(String args) {
      throw new AssertionError("never made");
    }
  }

  @Test
  void testAProviderOnTheClassPathMakesItsSeekerFromTheSpec() throws Exception {
    inLoaderWith(Counting.class, () -> {
      assertThat(SeekerAgents.fromSpec("counting:3")).get().extracting(SeekerAgent::name).isEqualTo("counting-3");
      assertThat(SeekerAgents.fromSpec("openai:gpt-4o")).isEmpty();
      assertThatThrownBy(() -> SeekerAgents.fromSpec("counting:x"))
          .hasMessage("seeker 'counting:x' (" + Counting.class.getName() + "): expected a number of turns, got 'x'");
      return null;
    });
    assertThat(SeekerAgents.fromSpec("counting:3")).isEmpty();
  }

  @Test
  void testAProviderClaimingAReservedSchemeIsRefusedNamingIt() throws Exception {
    inLoaderWith(Reserved.class, () -> {
      assertThatThrownBy(() -> SeekerAgents.fromSpec("anything"))
          .hasMessageContaining("seeker provider " + Reserved.class.getName() + " declares the scheme 'rule'");
      return null;
    });
  }

  /** Runs {@code body} with a context class loader whose services file lists {@code provider}. */
  private void inLoaderWith(Class<? extends SeekerAgentProvider> provider, Callable<Void> body) throws Exception {
    Path services = Files.createDirectories(dir.resolve("META-INF/services"));
    Files.writeString(services.resolve(SeekerAgentProvider.class.getName()), provider.getName() + "\n");
    ClassLoader before = Thread.currentThread().getContextClassLoader();
    try (URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
      Thread.currentThread().setContextClassLoader(loader);
      body.call();
    } finally {
      Thread.currentThread().setContextClassLoader(before);
    }
  }
}
