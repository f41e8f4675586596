package io.clarq.core.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** JSON errors name line and column in words, never Jackson's "[Source: REDACTED ...]". */
class JsonErrorsTest {
  private static JsonProcessingException error(String json) {
    return catchThrowableOfType(() -> new ObjectMapper().readTree(json), JsonProcessingException.class);
  }

  @Test
  void testLineAndColumnWithoutJacksonsSourceText() {
    JsonProcessingException bad = error("{\n  \"a\": tru\n}");
    assertThat(bad.getMessage()).contains("[Source: ");   // what Jackson itself says
    assertThat(JsonErrors.describe(bad)).startsWith("line 2, column ").contains("Unrecognized token 'tru'")
        .doesNotContain("Source").doesNotContain("StreamReadFeature");
    // a cut file: Jackson puts the start marker's location inside its own message
    JsonProcessingException cut = error("[{\"a\": 1}, {\"b\": 2");
    assertThat(cut.getOriginalMessage()).contains("[Source: ");
    assertThat(JsonErrors.describe(cut)).startsWith("line 1, column ").contains("Unexpected end-of-input")
        .doesNotContain("Source").doesNotContain("StreamReadFeature");
    assertThat(JsonErrors.inLine(bad)).endsWith(")").contains("(column ").doesNotContain("Source");
    assertThat(TextFiles.problem(Path.of("run/results.json"), (IOException) cut))
        .startsWith("run/results.json: not valid JSON, line 1, column ");
  }
}
