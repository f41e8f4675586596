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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every {@code ```java} block of README.md and docs/*.md compiles against clarq-eval and its runtime dependencies
 * only (the classpath a Maven project with the README's one dependency gets, as {@link ConsumerProjectTest} builds
 * it), so the documentation cannot drift from the API. The blocks of one page are compiled together (a later block
 * may use a class an earlier one declares). How a block is taken is said by an HTML comment on the line before its
 * fence:
 * <ul>
 *   <li>no comment: a whole source file as printed (imports and a public top-level type named as its file);</li>
 *   <li>{@code <!-- java: run -->}: a whole source file with a {@code main}, also run (in a fresh JVM, in an empty
 *       folder, offline), which must exit 0;</li>
 *   <li>{@code <!-- java: fragment; imports a.b.C, d.e.F -->}: statements, compiled as the body of a method that may
 *       throw anything, with those imports (the page shows only the lines that matter).</li>
 * </ul>
 * A {@code module-info.java} block (a module declaration) is left out here: ConsumerProjectTest compiles
 * docs/quickstart.md's on the module path.
 * The README's dependency snippet must name this build's coordinates.
 */
class DocsJavaBlocksTest {
  private static final Pattern FENCE = Pattern.compile("(?m)^```java\\n(.*?)^```", Pattern.DOTALL);
  private static final Pattern DIRECTIVE = Pattern.compile("<!-- java: (run|fragment(?:; imports (.*?))?) -->");
  private static final Pattern TYPE = Pattern.compile(
      "(?m)^public (?:final |abstract )?(?:class|interface|record|enum) (\\w+)");

  @TempDir Path tmp;

  /** One block: its page, its text and how it is taken. */
  record Block(Path page, int index, String code, String directive, String imports) {
    boolean runs() {
      return "run".equals(directive);
    }

    boolean fragment() {
      return directive != null && directive.startsWith("fragment");
    }
  }

  static Path root() {
    return Path.of("").toAbsolutePath().getParent();
  }

  static List<Path> pages() throws IOException {
    List<Path> pages = new ArrayList<>();
    pages.add(root().resolve("README.md"));
    try (Stream<Path> docs = Files.list(root().resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    return pages;
  }

  static List<Block> blocks(Path page) throws IOException {
    String text = Files.readString(page, StandardCharsets.UTF_8);
    List<Block> blocks = new ArrayList<>();
    Matcher m = FENCE.matcher(text);
    while (m.find()) {
      String before = text.substring(0, m.start()).stripTrailing();
      String lastLine = before.substring(before.lastIndexOf('\n') + 1);
      Matcher d = DIRECTIVE.matcher(lastLine);
      boolean directed = d.matches();
      blocks.add(new Block(page, blocks.size() + 1, m.group(1), directed ? d.group(1) : null,
          directed ? d.group(2) : null));
    }
    return blocks;
  }

  @Test
  void testTheReadmeHasTheQuickStartAndTheDependencyOfThisBuild() throws IOException {
    String readme = Files.readString(root().resolve("README.md"), StandardCharsets.UTF_8);
    String version = System.getProperty("clarq.version");
    assertThat(version).as("clarq.version, set by the build").isNotBlank();
    assertThat(readme).contains("<dependency>\n  <groupId>io.clarq</groupId>\n  <artifactId>clarq-eval</artifactId>\n"
        + "  <version>" + version + "</version>\n</dependency>");
    List<Block> blocks = blocks(root().resolve("README.md"));
    assertThat(blocks).anyMatch(Block::runs);
    assertThat(blocks).noneMatch(Block::fragment);   // the quick start is pasted whole, never wrapped
  }

  @TestFactory
  List<DynamicTest> testEveryJavaBlockCompilesAndTheRunnableOnesRun() throws IOException {
    List<DynamicTest> tests = new ArrayList<>();
    for (Path page : pages()) {
      List<Block> blocks = blocks(page);
      if (!blocks.isEmpty()) {
        tests.add(DynamicTest.dynamicTest(root().relativize(page).toString(), () -> compileAndRun(page, blocks)));
      }
    }
    assertThat(tests).isNotEmpty();
    return tests;
  }

  private void compileAndRun(Path page, List<Block> blocks) throws Exception {
    String cp = ConsumerProjectTest.consumerClasspath();
    // a folder per page: two pages may show the same class (the README and docs/quickstart.md both show TwoQuestions)
    Path pageDir = tmp.resolve(root().relativize(page).toString().replaceAll("[^A-Za-z0-9]", "_"));
    Path sources = Files.createDirectories(pageDir.resolve("src"));
    List<File> files = new ArrayList<>();
    List<String> mains = new ArrayList<>();
    for (Block b : blocks) {
      String name;
      String code;
      if (b.code().startsWith("module ")) {
        continue;   // a module-info.java: the class path ignores it (ConsumerProjectTest compiles it as a module)
      }
      if (b.fragment()) {
        name = "Fragment" + b.index();
        StringBuilder sb = new StringBuilder();
        if (b.imports() != null) {
          for (String i : b.imports().split(",")) {
            sb.append("import ").append(i.strip()).append(";\n");
          }
        }
        sb.append("final class ").append(name).append(" {\n  static void body() throws Exception {\n")
            .append(b.code()).append("  }\n}\n");
        code = sb.toString();
      } else {
        Matcher t = TYPE.matcher(b.code());
        assertThat(t.find()).as("block %d of %s: a whole source file declares a public type (or mark it "
            + "<!-- java: fragment; imports ... -->)", b.index(), page).isTrue();
        name = t.group(1);
        code = b.code();
        if (b.runs()) {
          mains.add(name);
        }
      }
      Path file = sources.resolve(name + ".java");
      assertThat(file).as("two blocks of %s declare %s", page, name).doesNotExist();
      Files.writeString(file, code, StandardCharsets.UTF_8);
      files.add(file.toFile());
    }
    Path classes = Files.createDirectories(pageDir.resolve("classes"));
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    StringWriter diagnostics = new StringWriter();
    boolean compiled = javac.getTask(diagnostics, null, null,
        List.of("-classpath", cp, "-d", classes.toString(), "--release", "17", "-encoding", "UTF-8"), null,
        javac.getStandardFileManager(null, null, StandardCharsets.UTF_8).getJavaFileObjects(files.toArray(File[]::new)))
        .call();
    assertThat(compiled).as("the Java blocks of %s:%n%s", page, diagnostics).isTrue();

    for (String main : mains) {
      Path work = Files.createDirectories(pageDir.resolve("run-" + main));
      Path javaBin = Path.of(System.getProperty("java.home"), "bin", "java");
      Process p = new ProcessBuilder(javaBin.toString(), "-cp", classes + File.pathSeparator + cp, main)
          .directory(work.toFile()).redirectErrorStream(true).start();
      String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertThat(p.waitFor(2, TimeUnit.MINUTES)).isTrue();
      assertThat(p.exitValue()).as("%s of %s:%n%s", main, page, output).isZero();
      assertThat(output).as("%s of %s", main, page).contains("success");
    }
  }
}
