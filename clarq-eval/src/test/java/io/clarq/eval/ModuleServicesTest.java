package io.clarq.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The services of every library module, declared twice, agree: each {@code META-INF/services} file (what
 * {@link java.util.ServiceLoader} reads on the class path) names the same providers, in the same order, as the
 * {@code provides} of its module-info.java (what it reads on the module path), and each {@code ServiceLoader.load}
 * of a module has its {@code uses} (without one, the lookup fails on the module path only).
 */
class ModuleServicesTest {
  private static final Pattern PROVIDES = Pattern.compile("(?s)\\bprovides\\s+([\\w.]+)\\s+with\\s+([\\w.,\\s]+?);");
  private static final Pattern USES = Pattern.compile("\\buses\\s+([\\w.]+)\\s*;");
  private static final Pattern LOAD = Pattern.compile("ServiceLoader\\.load\\(\\s*(\\w+)\\.class");

  /** The {@code provides} of a module-info.java: service to providers, in declaration order. */
  static Map<String, List<String>> provides(String moduleInfo) {
    Map<String, List<String>> found = new TreeMap<>();
    Matcher m = PROVIDES.matcher(withoutComments(moduleInfo));
    while (m.find()) {
      List<String> providers = new ArrayList<>();
      for (String p : m.group(2).split(",")) {
        providers.add(p.strip());
      }
      found.put(m.group(1), providers);
    }
    return found;
  }

  /** The {@code uses} of a module-info.java. */
  static Set<String> uses(String moduleInfo) {
    Set<String> found = new TreeSet<>();
    Matcher m = USES.matcher(withoutComments(moduleInfo));
    while (m.find()) {
      found.add(m.group(1));
    }
    return found;
  }

  static String withoutComments(String java) {
    return java.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\n]*", "");
  }

  /** A {@code META-INF/services} file's providers, in order, without comments and blank lines. */
  static List<String> serviceFile(Path file) throws IOException {
    List<String> providers = new ArrayList<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      String entry = line.replaceAll("#.*", "").strip();
      if (!entry.isEmpty()) {
        providers.add(entry);
      }
    }
    return providers;
  }

  @Test
  void testEveryServicesFileHasItsProvidesAndEveryProvidesItsServicesFile() throws IOException {
    int services = 0;
    for (String module : ApiPackagesTest.API.keySet()) {
      Path main = ApiPackagesTest.root().resolve(module).resolve("src/main");
      Map<String, List<String>> declared = provides(ApiPackagesTest.moduleInfo(module));
      Map<String, List<String>> listed = new TreeMap<>();
      Path dir = main.resolve("resources/META-INF/services");
      if (Files.isDirectory(dir)) {
        try (Stream<Path> files = Files.list(dir)) {
          for (Path f : files.sorted().toList()) {
            listed.put(f.getFileName().toString(), serviceFile(f));
          }
        }
      }
      assertThat(declared).as("%s: the provides of src/main/java/module-info.java against the files in "
          + "src/main/resources/META-INF/services (add a provider to both, in the same order)", module)
          .isEqualTo(listed);
      services += listed.size();
    }
    assertThat(services).as("LlmClientProvider and OutcomeSource at least").isGreaterThanOrEqualTo(2);
  }

  @Test
  void testEveryServiceLoaderLookupHasItsUses() throws IOException {
    for (String module : ApiPackagesTest.API.keySet()) {
      Path sources = ApiPackagesTest.root().resolve(module).resolve("src/main/java");
      Set<String> looked = new TreeSet<>();
      try (Stream<Path> files = Files.walk(sources)) {
        for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
          String java = Files.readString(f, StandardCharsets.UTF_8);
          Matcher m = LOAD.matcher(withoutComments(java));
          while (m.find()) {
            looked.add(qualified(m.group(1), java, sources.relativize(f.getParent()).toString()));
          }
        }
      }
      assertThat(uses(ApiPackagesTest.moduleInfo(module))).as("%s: the uses of module-info.java against the types "
          + "its code looks up with ServiceLoader.load", module).isEqualTo(looked);
    }
  }

  // the type a simple name in a Java file stands for: its import, else a type of the file's own package
  private static String qualified(String simple, String java, String packageFolder) {
    Matcher m = Pattern.compile("(?m)^import ([\\w.]+\\." + simple + ");").matcher(java);
    return m.find() ? m.group(1) : packageFolder.replace('/', '.').replace('\\', '.') + "." + simple;
  }

  @Test
  void testTheReadersFindMismatches() {
    String info = "module m {\n  // provides x.Old with y.Z;\n  uses a.B;\n  provides a.B with\n      c.D,\n      c.E;\n}";
    assertThat(provides(info)).isEqualTo(Map.of("a.B", List.of("c.D", "c.E")));
    assertThat(uses(info)).containsExactly("a.B");
  }
}
