package io.clarq.eval.clarqllm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.testing.SharedData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PublishedDialogueLengthsTest {
  @TempDir Path dir;

  /** The lengths as a JSON tree gives them: len(l2l[0]) of every task of every type. */
  private static List<Integer> byTree(Path file) throws IOException {
    List<Integer> out = new ArrayList<>();
    for (JsonNode type : new ObjectMapper().readTree(file.toFile())) {
      for (JsonNode task : type) {
        out.add(task.get("l2l").get(0).size());
      }
    }
    return out;
  }

  @Test
  void testThePublishedRunsGiveWhatTheirTreesGive() throws IOException {
    Path runs = SharedData.require("clarq-llm/transcripts");
    List<Path> files;
    try (Stream<Path> s = Files.list(runs)) {
      files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
    }
    assertThat(files).hasSize(6);
    int played = 0;
    for (Path f : files) {
      List<Integer> lengths = PublishedDialogueLengths.of(f);
      assertThat(lengths).as(f.toString()).hasSize(310).isEqualTo(byTree(f));
      played += (int) lengths.stream().filter(n -> n > 0).count();
    }
    assertThat(played).isEqualTo(1560);   // 6 runs x 26 test types x 10 tasks
  }

  /** Brackets, braces, quotes and escapes inside strings, nested values, numbers and literals are skipped whole. */
  @Test
  void testStringsAndNestedValuesAreSkippedWhole() throws IOException {
    String json = """
        [ [ {"all_response": "a [ { \\" ] } \\\\", "h2h": [1, -2.5e3, true, null, {"x": ["]"]}],
              "l2l": [ ["Jax: hi, [there]", {"a": "}"}, [1, [2]], "\\u00e9 \u4f60\u597d \\"q\\""], ["other"] ],
              "l2l_check": [0] },
            {"l2l": [[]], "gold_structure": []} ],
          [],
          [ {"before": {"l2l": [[1, 2, 3]]}, "l2l": [["one"]]} ] ]
        """;
    Path f = Files.writeString(dir.resolve("run.json"), json);
    assertThat(PublishedDialogueLengths.of(f)).containsExactly(4, 0, 1).isEqualTo(byTree(f));
  }

  @Test
  void testWhatIsNotAPublishedRunIsNamedWithItsLine() throws IOException {
    Path noL2l = Files.writeString(dir.resolve("a.json"), "[[\n{\"h2h\": []},\n{\"x\": 1}]]");
    assertThatThrownBy(() -> PublishedDialogueLengths.of(noL2l)).hasMessageStartingWith(noL2l + " (line 2)")
        .hasMessageContaining("no l2l list");
    Path object = Files.writeString(dir.resolve("b.json"), "{\"l2l\": [[]]}");
    assertThatThrownBy(() -> PublishedDialogueLengths.of(object)).hasMessageContaining("a JSON list of task types")
        .hasMessageContaining("found '{'");
    Path torn = Files.writeString(dir.resolve("c.json"), "[[{\"l2l\": [[\"Jax: unfinished");
    assertThatThrownBy(() -> PublishedDialogueLengths.of(torn)).hasMessageContaining("ends inside a string");
    Path flat = Files.writeString(dir.resolve("d.json"), "[[{\"l2l\": [\"not a list\"]}]]");
    assertThatThrownBy(() -> PublishedDialogueLengths.of(flat)).hasMessageContaining("l2l[0]: a list of dialogue");
    Path trailing = Files.writeString(dir.resolve("e.json"), "[] []");
    assertThatThrownBy(() -> PublishedDialogueLengths.of(trailing)).hasMessageContaining("text after");
    assertThatThrownBy(() -> PublishedDialogueLengths.of(dir.resolve("missing.json")))
        .hasMessageContaining(dir.resolve("missing.json").toString());
  }
}
