package io.clarq.core.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.testing.SharedData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link JsonTree} gives the tree {@code ObjectMapper.readTree} gives, node types included. */
class JsonTreeTest {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  @TempDir Path dir;

  @Test
  void testEveryKindOfValueGivesTheMappersTree() throws IOException {
    Path f = Files.writeString(dir.resolve("a.json"), """
        {"s": "t\\u00e9xt \\"q\\" \u4f60", "i": 7, "neg": -2147483649, "big": 123456789012345678901234567890,
         "d": 2.5e-3, "t": true, "f": false, "n": null, "a": [1, [2, {}], []], "o": {"dup": 1, "dup": 2}}
        """);
    JsonNode ours = JsonTree.read(f);
    JsonNode theirs = MAPPER.readTree(f.toFile());
    assertThat(ours).isEqualTo(theirs);
    assertThat(ours.toString()).isEqualTo(theirs.toString());
    for (String field : List.of("i", "neg", "big", "d", "o")) {
      assertThat(ours.get(field).getClass()).as(field).isEqualTo(theirs.get(field).getClass());
    }
    assertThat(ours.get("o").get("dup").asInt()).isEqualTo(2);
  }

  @Test
  void testTheTaskFilesGiveTheMappersTree() throws IOException {
    Path tasks = SharedData.require("clarq-llm/tasks");
    try (Stream<Path> s = Files.walk(tasks)) {
      List<Path> files = s.filter(p -> p.toString().endsWith(".json")).toList();
      assertThat(files).hasSize(62);
      for (Path f : files) {
        assertThat(JsonTree.read(f)).as(f.toString()).isEqualTo(MAPPER.readTree(f.toFile()));
      }
    }
  }

  @Test
  void testAnEmptyFileIsMissingAndBadJsonIsNamedWithItsLine() throws IOException {
    assertThat(JsonTree.read(Files.writeString(dir.resolve("empty.json"), "  \n")).isMissingNode()).isTrue();
    Path bad = Files.writeString(dir.resolve("bad.json"), "[1,\n 2,\n }");
    assertThatThrownBy(() -> JsonTree.read(bad)).isInstanceOf(JsonProcessingException.class)
        .hasMessageContaining("line: 3");
  }
}
