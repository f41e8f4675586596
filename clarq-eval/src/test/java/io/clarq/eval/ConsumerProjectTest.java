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
    compile(List.of("-classpath", cp), classes, List.of(source.toFile()));

    String output = java("-cp", classes + File.pathSeparator + cp, "org.example.MySeekerOnDemoTasks",
        tmp.resolve("run").toString());
    assertThat(output).containsPattern("ENGLISH dialogues 10 success \\d\\.\\d{4}")
        .containsPattern("CHINESE dialogues 10 success \\d\\.\\d{4}")
        .contains("complete true");
    assertThat(tmp.resolve("run").resolve("transcripts.jsonl")).isNotEmptyFile();
  }

  /** The fenced blocks of {@code language} in a Markdown file, in order. */
  static List<String> blocks(Path markdown, String language) throws IOException {
    List<String> found = new ArrayList<>();
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?s)```" + language + "\n(.*?)\n```")
        .matcher(Files.readString(markdown, StandardCharsets.UTF_8));
    while (m.find()) {
      found.add(m.group(1));
    }
    return found;
  }

  /**
   * docs/quickstart.md as a new user follows it: its pom names this version of clarq-eval and compiles for Java 17, its
   * Java files (the agent the README shows, and the program) compile against the runtime classpath alone and run.
   */
  @Test
  void testTheQuickStartCompilesAndRunsAsWritten() throws Exception {
    Path doc = Path.of("..", "docs", "quickstart.md");
    String pom = blocks(doc, "xml").get(0);
    String version = Files.readString(Path.of("..", "pom.xml"), StandardCharsets.UTF_8)   // the root pom's own
        .replaceFirst("(?s).*?<version>([^<]+)</version>.*", "$1");
    assertThat(pom).contains("<artifactId>clarq-eval</artifactId>\n      <version>" + version + "</version>")
        .contains("<artifactId>maven-compiler-plugin</artifactId>").contains("<release>17</release>")
        .contains("<mainClass>org.example.QuickStart</mainClass>");
    javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
        .parse(new java.io.ByteArrayInputStream(pom.getBytes(StandardCharsets.UTF_8)));   // well-formed

    List<String> code = blocks(doc, "java");
    String agent = Files.readString(Path.of("src", "test", "java", "org", "example", "TwoQuestions.java"),
        StandardCharsets.UTF_8).strip();
    assertThat(code).as("the quick start shows the agent OneAgentEverywhereTest runs on all four benchmarks")
        .contains(agent);
    assertThat(blocks(Path.of("..", "README.md"), "java")).as("the README shows the same agent").contains(agent);

    String cp = consumerClasspath();
    Path sources = Files.createDirectories(tmp.resolve("src").resolve("org").resolve("example"));
    List<File> files = new ArrayList<>();
    for (String block : code) {
      if (block.startsWith("module ")) {
        continue;   // the module-path variant's module-info.java (testTheQuickStartRunsOnTheModulePath)
      }
      java.util.regex.Matcher name = java.util.regex.Pattern.compile("public final class (\\w+)").matcher(block);
      assertThat(name.find()).as(block).isTrue();
      Path file = sources.resolve(name.group(1) + ".java");
      Files.writeString(file, block + "\n", StandardCharsets.UTF_8);
      files.add(file.toFile());
    }
    Path classes = Files.createDirectories(tmp.resolve("quick-classes"));
    compile(List.of("-classpath", cp), classes, files);

    String output = java("-cp", classes + File.pathSeparator + cp, "org.example.QuickStart",
        tmp.resolve("quick").toString());
    assertThat(output).containsPattern("ClarQ-LLM ENGLISH: 10 dialogues, success \\d\\.\\d{4}")
        .containsPattern("ClarQ-LLM CHINESE: 10 dialogues, success \\d\\.\\d{4}")
        .contains("MediQ: answered A after 2 questions, correct true");
    assertThat(tmp.resolve("quick").resolve("clarq-llm").resolve("transcripts.jsonl")).content()
        .contains("What should I know first? ");
  }

  /**
   * docs/quickstart.md on the module path: its {@code module-info.java} (which requires {@code io.clarq.eval} only)
   * and its Java files compile against clarq's modules and the consumer's runtime dependencies as modules, and the
   * program runs as a module. What this proves beyond the class path: clarq's exports cover what a consumer uses,
   * {@code requires transitive} brings clarq-core, clarq-datasets and clarq-retrieval along, and the library reads its
   * resources (demo tasks, prompt packs, Lucene's stop words) across module boundaries.
   */
  @Test
  void testTheQuickStartRunsOnTheModulePath() throws Exception {
    Path doc = Path.of("..", "docs", "quickstart.md");
    List<String> code = blocks(doc, "java");
    List<String> modules = code.stream().filter(b -> b.startsWith("module ")).toList();
    assertThat(modules).as("quickstart.md shows one module-info.java").hasSize(1);
    assertThat(modules.get(0)).contains("requires io.clarq.eval;");
    java.util.regex.Matcher moduleName = java.util.regex.Pattern.compile("^module ([\\w.]+)").matcher(modules.get(0));
    assertThat(moduleName.find()).isTrue();

    Path sources = Files.createDirectories(tmp.resolve("msrc"));
    Path packageDir = Files.createDirectories(sources.resolve("org").resolve("example"));
    List<File> files = new ArrayList<>();
    for (String block : code) {
      Path file;
      if (block.startsWith("module ")) {
        file = sources.resolve("module-info.java");
      } else {
        java.util.regex.Matcher name = java.util.regex.Pattern.compile("public final class (\\w+)").matcher(block);
        assertThat(name.find()).as(block).isTrue();
        file = packageDir.resolve(name.group(1) + ".java");
      }
      Files.writeString(file, block + "\n", StandardCharsets.UTF_8);
      files.add(file.toFile());
    }
    String modulePath = consumerClasspath();
    Path classes = Files.createDirectories(tmp.resolve("module-classes"));
    compile(List.of("--module-path", modulePath), classes, files);

    String output = java("--module-path", classes + File.pathSeparator + modulePath, "--module",
        moduleName.group(1) + "/org.example.QuickStart", tmp.resolve("quick").toString());
    assertThat(output).containsPattern("ClarQ-LLM ENGLISH: 10 dialogues, success \\d\\.\\d{4}")
        .containsPattern("ClarQ-LLM CHINESE: 10 dialogues, success \\d\\.\\d{4}")
        .contains("MediQ: answered A after 2 questions, correct true");
    assertThat(tmp.resolve("quick").resolve("clarq-llm").resolve("report.html")).isNotEmptyFile();
  }

  /**
   * Another module reading clarq-datasets' demo task file on the module path: through {@code DemoTasks.class} it
   * finds nothing (the package is exported, not opened), which is why {@code DemoTasks.copyFile} reads the resource
   * inside its own module (clarq-serve's study setup uses it); the copy is the shipped file.
   */
  @Test
  void testTheDemoTaskFileIsCopiedAcrossModules() throws Exception {
    Path sources = Files.createDirectories(tmp.resolve("probe-src"));
    Path packageDir = Files.createDirectories(sources.resolve("org").resolve("probe"));
    Files.writeString(sources.resolve("module-info.java"), "module org.probe {\n  requires io.clarq.eval;\n}\n");
    Files.writeString(packageDir.resolve("Probe.java"), "package org.probe;\n\n"
        + "import io.clarq.core.clarqllm.task.Language;\n"
        + "import io.clarq.datasets.clarqllm.demo.DemoTasks;\n"
        + "import java.nio.file.Path;\n\n"
        + "public final class Probe {\n"
        + "  public static void main(String[] args) throws Exception {\n"
        + "    String resource = \"tasks/\" + Language.ENGLISH.directoryName() + \"/\" + DemoTasks.FILE;\n"
        + "    System.out.println(\"through the class: \" + (DemoTasks.class.getResourceAsStream(resource) == null\n"
        + "        ? \"hidden\" : \"found\"));\n"
        + "    Path target = Path.of(args[0]);\n"
        + "    DemoTasks.copyFile(Language.ENGLISH, target);\n"
        + "    System.out.println(\"copied \" + java.nio.file.Files.size(target) + \" bytes\");\n"
        + "  }\n"
        + "}\n");
    String modulePath = consumerClasspath();
    Path classes = Files.createDirectories(tmp.resolve("probe-classes"));
    compile(List.of("--module-path", modulePath), classes,
        List.of(sources.resolve("module-info.java").toFile(), packageDir.resolve("Probe.java").toFile()));
    Path target = tmp.resolve("copied.json");
    String output = java("--module-path", classes + File.pathSeparator + modulePath, "--module",
        "org.probe/org.probe.Probe", target.toString());
    assertThat(output).contains("through the class: hidden");
    try (var in = io.clarq.datasets.clarqllm.demo.DemoTasks.class.getResourceAsStream("tasks/"
        + io.clarq.core.clarqllm.task.Language.ENGLISH.directoryName() + "/"
        + io.clarq.datasets.clarqllm.demo.DemoTasks.FILE)) {
      assertThat(Files.readAllBytes(target)).isEqualTo(in.readAllBytes());
    }
  }

  /** Compiles {@code files} for Java 17 with {@code path} ({@code -classpath X} or {@code --module-path X}). */
  private static void compile(List<String> path, Path classes, List<File> files) {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StringWriter diagnostics = new StringWriter();
    List<String> options = new ArrayList<>(path);
    options.addAll(List.of("-d", classes.toString(), "--release", "17", "-encoding", "UTF-8"));
    boolean compiled = javac.getTask(diagnostics, null, null, options, null,
        javac.getStandardFileManager(null, null, StandardCharsets.UTF_8).getJavaFileObjects(files.toArray(
            new File[0]))).call();
    assertThat(compiled).as(diagnostics.toString()).isTrue();
  }

  /** Runs {@code java ARGS} in a fresh JVM and gives its output, once it has exited 0 within two minutes. */
  private static String java(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
        .toString()));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
    assertThat(p.exitValue()).as(output).isZero();
    return output;
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
