package io.clarq.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a Maven user who adds io.clarq:clarq-eval gets: the consumer program in src/test/consumer is compiled against
 * clarq-eval and its runtime dependencies only (the classpath Maven resolves for a consumer, written by
 * dependency:build-classpath into target/consumer-classpath.txt; no test jars), then run in a fresh JVM: a custom
 * seeker on the demo tasks shipped in the library, offline.
 */
class ConsumerProjectTest {
  @TempDir Path tmp;

  @Test
  void testCustomSeekerRunsOnDemoTasksFromTheRuntimeClasspathAlone() throws Exception {
    String cp = consumerClasspath();

    Path classes = Files.createDirectories(tmp.resolve("classes"));
    Path source = Path.of("src", "test", "consumer", "org", "example", "MySeekerOnDemoTasks.java");
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StringWriter diagnostics = new StringWriter();
    boolean compiled = javac.getTask(diagnostics, null, null,
        List.of("-classpath", cp, "-d", classes.toString(), "--release", "17", "-encoding", "UTF-8"), null,
        javac.getStandardFileManager(null, null, StandardCharsets.UTF_8).getJavaFileObjects(source.toFile()))
        .call();
    assertThat(compiled).as(diagnostics.toString()).isTrue();

    Path javaBin = Path.of(System.getProperty("java.home"), "bin", "java");
    Process p = new ProcessBuilder(javaBin.toString(), "-cp", classes + File.pathSeparator + cp,
        "org.example.MySeekerOnDemoTasks", tmp.resolve("run").toString())
        .redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
    assertThat(p.exitValue()).as(output).isZero();
    assertThat(output).containsPattern("ENGLISH dialogues 10 success \\d\\.\\d{4}")
        .containsPattern("CHINESE dialogues 10 success \\d\\.\\d{4}")
        .contains("complete true");
    assertThat(tmp.resolve("run").resolve("transcripts.jsonl")).isNotEmptyFile();
  }

  /**
   * clarq-eval's classes and its runtime dependencies, as Maven resolves them for a consumer (no test jars, no test
   * libraries).
   */
  static String consumerClasspath() throws IOException {
    List<String> classpath = new ArrayList<>();
    classpath.add(Path.of("target", "classes").toAbsolutePath().toString());
    for (String entry : Files.readString(Path.of("target", "consumer-classpath.txt"), StandardCharsets.UTF_8).strip()
        .split(File.pathSeparator)) {
      if (!entry.isBlank()) {
        classpath.add(entry);
      }
    }
    assertThat(classpath).noneMatch(e -> e.contains("junit") || e.contains("assertj") || e.contains("-tests"));
    return String.join(File.pathSeparator, classpath);
  }

  @Test
  void testConsumerClasspathIsWrittenByTheBuild() throws IOException {
    assertThat(Path.of("target", "consumer-classpath.txt")).isNotEmptyFile();
  }
}
