package io.clarq.datasets.clarqllm.reference;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.testing.SharedData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class ReferencePromptPackTest {
  static Map<String, String> sources(Path upstream) throws IOException {
    Map<String, String> m = new HashMap<>();
    for (String f : ReferencePromptPack.SOURCES) {
      m.put(f, Files.readString(upstream.resolve(f), StandardCharsets.UTF_8));
    }
    m.put("LICENSE", Files.readString(upstream.resolve("LICENSE"), StandardCharsets.UTF_8));
    return m;
  }

  @Test
  void testEveryFileOfThePackEqualsTheReferenceCopy() throws IOException {
    Path upstream = SharedData.require("clarq-llm/upstream");
    Path pack = SharedData.require("clarq-llm/reference-prompts");
    Map<String, byte[]> derived = ReferencePromptPack.derive(sources(upstream));
    List<String> expected;
    try (Stream<Path> s = Files.walk(pack)) {
      expected = s.filter(Files::isRegularFile).map(p -> pack.relativize(p).toString().replace('\\', '/'))
          .filter(p -> !p.equals("README.md")).sorted().collect(Collectors.toList());
    }
    assertThat(new TreeSet<>(derived.keySet())).containsExactlyElementsOf(expected);
    for (String f : expected) {
      assertThat(new String(derived.get(f), StandardCharsets.UTF_8)).as(f)
          .isEqualTo(Files.readString(pack.resolve(f), StandardCharsets.UTF_8));
      assertThat(derived.get(f)).as(f).isEqualTo(Files.readAllBytes(pack.resolve(f)));
    }
  }
}
