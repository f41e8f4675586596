package io.clarq.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The public API of the library modules, written down: the packages javadoc shows. A package holding a public type
 * is either in {@link #API} (documented, kept compatible) or named internal in its module's pom
 * ({@code javadoc.internal.packages}: left out of the javadoc, its package-info says "Internal"); a new package must
 * be put in one of the two, so nothing becomes API by accident. (clarq has no module-info.java yet: the parent pom
 * says why next to {@code javadoc.internal.packages}; this list is what its exports would be.)
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

  private static final Pattern INTERNAL = Pattern.compile(
      "<javadoc\\.internal\\.packages>([^<]*)</javadoc\\.internal\\.packages>");
  private static final Pattern PUBLIC_TYPE = Pattern.compile(
      "(?m)^public (?:(?:abstract|final|sealed|non-sealed|static) )*(?:class|interface|record|enum|@interface) ");

  static Path root() {
    return Path.of("").toAbsolutePath().getParent();
  }

  @Test
  void testEveryPackageJavadocShowsIsOnTheApiListAndEveryOtherIsInternal() throws IOException {
    for (Map.Entry<String, Set<String>> module : API.entrySet()) {
      Path sources = root().resolve(module.getKey()).resolve("src/main/java");
      Set<String> internal = internal(module.getKey());
      Set<String> withPublicTypes = packagesWithPublicTypes(sources);
      Set<String> shown = new TreeSet<>(withPublicTypes);
      shown.removeAll(internal);
      assertThat(shown).as("%s: the packages javadoc shows (add a new one to ApiPackagesTest.API if it is API, "
          + "else to javadoc.internal.packages in %s/pom.xml)", module.getKey(), module.getKey())
          .containsExactlyInAnyOrderElementsOf(module.getValue());
      for (String p : internal) {
        assertThat(withPublicTypes).as("%s names %s internal", module.getKey(), p).contains(p);
        Path info = sources.resolve(p.replace('.', '/')).resolve("package-info.java");
        assertThat(Files.readString(info, StandardCharsets.UTF_8)).as(info.toString()).contains("Internal:");
      }
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
    modules.remove("examples");   // the command, not a library: no javadoc, not published
    assertThat(API.keySet()).containsExactlyInAnyOrderElementsOf(modules);
  }

  private static Set<String> internal(String module) throws IOException {
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
          && !p.getFileName().toString().equals("package-info.java")).toList()) {
        if (PUBLIC_TYPE.matcher(Files.readString(f, StandardCharsets.UTF_8)).find()) {
          packages.add(sources.relativize(f.getParent()).toString().replace('/', '.').replace('\\', '.'));
        }
      }
    }
    return packages;
  }
}
