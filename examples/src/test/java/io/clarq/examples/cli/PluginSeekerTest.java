package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clarqllm.seeker.SeekerAgent;
import io.clarq.core.testing.SharedData;
import java.io.IOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example plugin project (examples/plugin-seeker) compiled against clarq-core into a jar of its own, and run
 * through {@code clarq run --seeker scenes:N} with that jar on the class path: ServiceLoader finds its provider.
 */
class PluginSeekerTest extends CommandTestBase {
  private static final Path PROJECT = Path.of("plugin-seeker");

  @TempDir Path dir;

  @Test
  void testASeekerFromAJarOfItsOwnPlaysThroughTheCommandLine() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    Path jar = buildPluginJar();
    ClassLoader before = Thread.currentThread().getContextClassLoader();
    try (URLClassLoader plugin = new URLClassLoader(new URL[] {jar.toUri().toURL()}, getClass().getClassLoader())) {
      Thread.currentThread().setContextClassLoader(plugin);
      Path out = dir.resolve("out");
      assertThat(run("run", "--seeker", "scenes:2", "--provider", "offline", "--tasks", tasks.toString(),
          "--select", "1.1,2.1", "--out", out.toString())).as(err.toString()).isZero();
      List<String> lines = Files.readAllLines(out.resolve("transcripts.jsonl"));
      assertThat(lines).hasSize(2).allSatisfy(l -> assertThat(l).contains("\"seeker\":\"scenes-2\"")
          .contains("Hello, how do I complete the task of ").contains("Thanks, Goodbye!"));
      assertThat(Files.readString(out.resolve("run-config.json"))).contains("\"seeker_spec\" : \"scenes:2\"");
      // other arguments are another seeker: a resume into the same directory is refused
      assertThat(run("run", "--seeker", "scenes:3", "--provider", "offline", "--tasks", tasks.toString(),
          "--select", "1.1,2.1", "--out", out.toString())).isEqualTo(1);
      assertThat(err.toString()).contains("a different seeker");
      // arguments the provider refuses: a bad option, in the provider's words
      assertThat(run("run", "--seeker", "scenes:many", "--provider", "offline", "--tasks", tasks.toString(),
          "--out", dir.resolve("bad").toString())).isEqualTo(2);
      assertThat(err.toString()).contains("--seeker: seeker 'scenes:many' (org.example.seeker.ScenesSeekerProvider):"
          + " expected the number of questions (scenes:3), got 'many'");
    } finally {
      Thread.currentThread().setContextClassLoader(before);
    }
    // without the jar the scheme is unknown: it is read as a model spec and refused
    assertThat(run("run", "--seeker", "scenes:2", "--provider", "offline", "--tasks", tasks.toString(),
        "--out", dir.resolve("none").toString())).isNotZero();
  }

  /** Compiles the example project's sources against clarq-core and packs them with its resources into a jar. */
  private Path buildPluginJar() throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    assertThat(javac).as("a JDK's compiler").isNotNull();
    Path classes = Files.createDirectories(dir.resolve("classes"));
    List<String> args = new ArrayList<>(List.of("--release", "17", "-d", classes.toString(), "-cp",
        Path.of(SeekerAgent.class.getProtectionDomain().getCodeSource().getLocation().getPath()).toString()));
    try (Stream<Path> sources = Files.walk(PROJECT.resolve("src/main/java"))) {
      sources.filter(p -> p.toString().endsWith(".java")).forEach(p -> args.add(p.toString()));
    }
    assertThat(javac.run(null, null, null, args.toArray(String[]::new))).as("javac " + args).isZero();
    Path jar = dir.resolve("scenes-seeker.jar");
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar))) {
      for (Path root : List.of(classes, PROJECT.resolve("src/main/resources"))) {
        try (Stream<Path> files = Files.walk(root)) {
          for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
            out.putNextEntry(new JarEntry(root.relativize(f).toString().replace('\\', '/')));
            out.write(Files.readAllBytes(f));
            out.closeEntry();
          }
        }
      }
    }
    return jar;
  }
}
