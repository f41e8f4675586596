package io.clarq.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The public API of the library modules, written down: the packages each module-info.java exports to everyone (the
 * compiler enforces them) and the javadoc shows. A package holding a public type is either in {@link #API} or
 * internal: not exported, or exported only to other clarq modules ({@code exports x to io.clarq...}), named in its
 * module's {@code javadoc.internal.packages} (the javadoc plugin hands javadoc every package of the sources, exported
 * or not) and saying "Internal:" in its package-info. A new package must be put in one of the two, so nothing becomes
 * API by accident.
 */
class ApiPackagesTest {
  static final Map<String, Set<String>> API = Map.of(
      "clarq-core", Set.of("io.clarq.core.asking", "io.clarq.core.asking.llm", "io.clarq.core.build",
          "io.clarq.core.clariq", "io.clarq.core.clarqllm.judge", "io.clarq.core.clarqllm.judge.llm",
          "io.clarq.core.clarqllm.judge.offline", "io.clarq.core.clarqllm.metrics", "io.clarq.core.clarqllm.provider",
          "io.clarq.core.clarqllm.provider.console", "io.clarq.core.clarqllm.provider.llm",
          "io.clarq.core.clarqllm.seeker", "io.clarq.core.clarqllm.seeker.console",
          "io.clarq.core.clarqllm.seeker.llm", "io.clarq.core.clarqllm.seeker.rule", "io.clarq.core.clarqllm.task",
          "io.clarq.core.clarqllm.transcript", "io.clarq.core.clarqllm.tree", "io.clarq.core.cq",
          "io.clarq.core.dialogue", "io.clarq.core.ir", "io.clarq.core.llm", "io.clarq.core.llm.batch",
          "io.clarq.core.llm.cache", "io.clarq.core.llm.json", "io.clarq.core.llm.langchain4j",
          "io.clarq.core.llm.openai", "io.clarq.core.llm.pacing", "io.clarq.core.llm.route",
          "io.clarq.core.llm.usage", "io.clarq.core.mediq", "io.clarq.core.prompt", "io.clarq.core.stats",
          "io.clarq.core.toa", "io.clarq.core.toa.flm", "io.clarq.core.toa.llm"),
      "clarq-datasets", Set.of("io.clarq.datasets.clariq", "io.clarq.datasets.clarqllm",
          "io.clarq.datasets.clarqllm.demo", "io.clarq.datasets.clarqllm.reference",
          "io.clarq.datasets.clarqllm.transcript", "io.clarq.datasets.clarqllm.verdict", "io.clarq.datasets.cq",
          "io.clarq.datasets.fetch", "io.clarq.datasets.jsonl", "io.clarq.datasets.mediq", "io.clarq.datasets.toa",
          "io.clarq.datasets.trec"),
      "clarq-retrieval", Set.of("io.clarq.retrieval.clariq.document", "io.clarq.retrieval.clariq.question",
          "io.clarq.retrieval.clarqllm", "io.clarq.retrieval.mediq", "io.clarq.retrieval.toa"),
      "clarq-eval", Set.of("io.clarq.eval.clariq", "io.clarq.eval.clariq.retrieval", "io.clarq.eval.clarqllm",
          "io.clarq.eval.clarqllm.audit", "io.clarq.eval.clarqllm.conformance", "io.clarq.eval.clarqllm.evaluate",
          "io.clarq.eval.compare", "io.clarq.eval.cq", "io.clarq.eval.kernel", "io.clarq.eval.leaderboard",
          "io.clarq.eval.mediq", "io.clarq.eval.report", "io.clarq.eval.results", "io.clarq.eval.scorecard",
          "io.clarq.eval.suite",
          "io.clarq.eval.toa"),
      "clarq-serve", Set.of("io.clarq.serve", "io.clarq.serve.runs", "io.clarq.serve.study"));

  private static final Pattern EXPORTS = Pattern.compile("\\bexports\\s+([\\w.]+)\\s*(?:to\\s+([\\w.,\\s]+?))?;");
  private static final Pattern INTERNAL = Pattern.compile(
      "<javadoc\\.internal\\.packages>([^<]*)</javadoc\\.internal\\.packages>");
  private static final Pattern MODULE = Pattern.compile("\\bmodule\\s+([\\w.]+)\\s*\\{");
  private static final Pattern PUBLIC_TYPE = Pattern.compile(
      "(?m)^public (?:(?:abstract|final|sealed|non-sealed|static) )*(?:class|interface|record|enum|@interface) ");

  static Path root() {
    return Path.of("").toAbsolutePath().getParent();
  }

  /** A library module's module-info.java. */
  static String moduleInfo(String module) throws IOException {
    return Files.readString(root().resolve(module).resolve("src/main/java/module-info.java"), StandardCharsets.UTF_8);
  }

  /** The exports of a module-info.java: package to the modules it is exported to (empty: to everyone). */
  static Map<String, Set<String>> exports(String moduleInfo) {
    Map<String, Set<String>> found = new TreeMap<>();
    Matcher m = EXPORTS.matcher(ModuleServicesTest.withoutComments(moduleInfo));
    while (m.find()) {
      Set<String> to = new TreeSet<>();
      if (m.group(2) != null) {
        Arrays.stream(m.group(2).split(",")).map(String::strip).forEach(to::add);
      }
      found.put(m.group(1), to);
    }
    return found;
  }

  @Test
  void testEachModuleExportsItsApiPackagesAndNoOther() throws IOException {
    for (Map.Entry<String, Set<String>> module : API.entrySet()) {
      Map<String, Set<String>> exports = exports(moduleInfo(module.getKey()));
      Set<String> toEveryone = exports.entrySet().stream().filter(e -> e.getValue().isEmpty()).map(Map.Entry::getKey)
          .collect(Collectors.toCollection(TreeSet::new));
      assertThat(toEveryone).as("%s: the packages module-info.java exports to everyone (API: add a new one to "
          + "ApiPackagesTest.API as well; internal: export it only to the clarq modules that need it)",
          module.getKey()).containsExactlyInAnyOrderElementsOf(module.getValue());
    }
  }

  @Test
  void testEveryOtherPackageWithPublicTypesIsInternalAndSaysSo() throws IOException {
    Set<String> clarqModules = new TreeSet<>();
    for (String module : API.keySet()) {
      Matcher name = MODULE.matcher(ModuleServicesTest.withoutComments(moduleInfo(module)));
      assertThat(name.find()).as(module).isTrue();
      clarqModules.add(name.group(1));
    }
    for (String module : API.keySet()) {
      Path sources = root().resolve(module).resolve("src/main/java");
      Set<String> internal = packagesWithPublicTypes(sources);
      internal.removeAll(API.get(module));
      assertThat(javadocInternal(module)).as("%s/pom.xml: javadoc.internal.packages, the packages the javadoc leaves "
          + "out, are the ones module-info.java does not export to everyone", module)
          .containsExactlyInAnyOrderElementsOf(internal);
      for (String p : internal) {
        Path info = sources.resolve(p.replace('.', '/')).resolve("package-info.java");
        assertThat(info).as("%s: internal package %s needs a package-info", module, p).exists();
        assertThat(Files.readString(info, StandardCharsets.UTF_8)).as(info.toString()).contains("Internal:");
      }
      for (Map.Entry<String, Set<String>> e : exports(moduleInfo(module)).entrySet()) {
        assertThat(Files.isDirectory(sources.resolve(e.getKey().replace('.', '/')))).as("%s exports %s", module,
            e.getKey()).isTrue();
        assertThat(clarqModules).as("%s exports %s to", module, e.getKey()).containsAll(e.getValue());
      }
    }
  }

  @Test
  void testEveryApiPackageSaysWhatItIsForAndWhereToStart() throws IOException {
    for (Map.Entry<String, Set<String>> module : API.entrySet()) {
      for (String p : module.getValue()) {
        Path info = root().resolve(module.getKey()).resolve("src/main/java").resolve(p.replace('.', '/'))
            .resolve("package-info.java");
        assertThat(info).as("%s: API package %s needs a package-info", module.getKey(), p).exists();
        String comment = Files.readString(info, StandardCharsets.UTF_8);
        assertThat(comment).as("%s: the package comment names the type to start with ({@link ...})", info)
            .contains("{@link ").doesNotContain("Internal:");
      }
    }
  }

  @Test
  void testTheModuleNamesAreTheJarsAutomaticModuleNames() throws IOException {
    for (String module : API.keySet()) {
      Matcher name = MODULE.matcher(ModuleServicesTest.withoutComments(moduleInfo(module)));
      assertThat(name.find()).isTrue();
      assertThat(Files.readString(root().resolve(module).resolve("pom.xml"), StandardCharsets.UTF_8))
          .as("%s/pom.xml names the module as module-info.java does", module)
          .contains("<module.name>" + name.group(1) + "</module.name>");
    }
  }

  @Test
  void testTheApiListsCoverEveryLibraryModule() throws IOException {
    String parent = Files.readString(root().resolve("pom.xml"), StandardCharsets.UTF_8);
    Set<String> modules = new TreeSet<>();
    Matcher m = Pattern.compile("<module>([^<]+)</module>").matcher(parent);
    while (m.find()) {
      modules.add(m.group(1));
    }
    modules.remove("examples");   // the command, not a library: no javadoc, not published, no module-info
    assertThat(API.keySet()).containsExactlyInAnyOrderElementsOf(modules);
  }

  private static Set<String> javadocInternal(String module) throws IOException {
    Matcher m = INTERNAL.matcher(Files.readString(root().resolve(module).resolve("pom.xml"), StandardCharsets.UTF_8));
    if (!m.find() || m.group(1).isBlank()) {
      return Set.of();
    }
    return Arrays.stream(m.group(1).split(":")).map(String::strip).collect(Collectors.toCollection(TreeSet::new));
  }

  private static Set<String> packagesWithPublicTypes(Path sources) throws IOException {
    Set<String> packages = new TreeSet<>();
    try (Stream<Path> files = Files.walk(sources)) {
      for (Path f : files.filter(p -> p.toString().endsWith(".java")
          && !p.getFileName().toString().equals("package-info.java")
          && !p.getFileName().toString().equals("module-info.java")).toList()) {
        if (PUBLIC_TYPE.matcher(Files.readString(f, StandardCharsets.UTF_8)).find()) {
          packages.add(sources.relativize(f.getParent()).toString().replace('/', '.').replace('\\', '.'));
        }
      }
    }
    return packages;
  }
}
