package io.clarq.eval.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.build.ClarqBuild;
import io.clarq.core.llm.Deviation;
import io.clarq.core.llm.LlmSpec;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ResultsEnvelopeTest {
  private static final ClarqBuild BUILD = new ClarqBuild("1.2.3", "0123456789abcdef0123456789abcdef01234567", true);
  private static final Instant START = Instant.parse("2026-01-02T03:04:05.678901Z");

  private static ResultsEnvelope.Builder builder() {
    return ResultsEnvelope.builder("clarq-toa-results", 1, "toa").build(BUILD).started(START)
        .finished(START.plusSeconds(90));
  }

  @Test
  void testWritesEveryFieldInFileOrder() throws Exception {
    ObjectNode json = builder()
        .model(ModelRole.ORACLE, LlmSpec.parse("openai:gpt-4o").withBaseUrls(
            List.of(java.net.URI.create("http://user:secret@10.0.0.5:8000/v1?key=secret"))))
        .model(ModelRole.ASKER, ModelRef.parseIdentity("ollama:llama3:8b @ http://127.0.0.1:11434/v1"))
        .promptPack(PackRef.parse("asker", "flm-asker@0123456789abcdef (reference behaviour)"))
        .settings(Map.of("max_items", "10"))
        .deviations(List.of(new Deviation("openai:gpt-4o", "temperature omitted", "refused")))
        .failure("unparsed: length", 2).failure("unparsed: length", 1).failure("infrastructure", 0)
        .figures(f -> f.put("recovery", 0.5))
        .build().toJson();
    assertThat(json.fieldNames()).toIterable().containsExactly("format", "format_version", "benchmark", "clarq",
        "started", "finished", "models", "prompt_packs", "settings", "deviations", "failures", "figures");
    String text = new ObjectMapper().writeValueAsString(json);
    assertThat(text).doesNotContain("secret").doesNotContain("user");
    assertThat(json.path("clarq").toString())
        .isEqualTo("{\"version\":\"1.2.3\",\"revision\":\"" + BUILD.revision() + "\",\"dirty\":true}");
    assertThat(json.path("started").asText()).isEqualTo("2026-01-02T03:04:05.678Z");
    assertThat(json.path("finished").asText()).isEqualTo("2026-01-02T03:05:35.678Z");
    // roles in role order, whatever order they were given in
    assertThat(json.path("models").fieldNames()).toIterable().containsExactly("asker", "oracle");
    assertThat(json.path("models").path("oracle").toString())
        .isEqualTo("{\"name\":\"openai:gpt-4o\",\"servers\":[\"http://10.0.0.5:8000/v1\"]}");
    assertThat(json.path("models").path("asker").path("name").asText()).isEqualTo("ollama:llama3:8b");
    assertThat(json.path("prompt_packs").toString())
        .isEqualTo("[{\"role\":\"asker\",\"id\":\"flm-asker@0123456789abcdef\",\"digest\":\"0123456789abcdef\"}]");
    assertThat(json.path("failures").toString()).isEqualTo("{\"infrastructure\":0,\"unparsed: length\":3}");
    assertThat(Deviation.readAll(json.path("deviations"))).hasSize(1);
    assertThat(json.path("figures").path("recovery").asDouble()).isEqualTo(0.5);
  }

  @Test
  void testWriteIntoKeepsTheBenchmarksOwnFieldsAfterTheEnvelope() {
    ObjectNode root = new ObjectMapper().createObjectNode();
    root.put("judge", "none");
    root.put("format", "old");
    builder().build().writeInto(root);
    assertThat(root.fieldNames()).toIterable().startsWith("format").endsWith("judge");
    assertThat(root.path("format").asText()).isEqualTo("clarq-toa-results");
  }

  @Test
  void testRefusesBadValuesNamingThem() {
    assertThatThrownBy(() -> ResultsEnvelope.builder("clarq-run-results/2", 2, "x"))
        .hasMessageContaining("illegal results format 'clarq-run-results/2'");
    assertThatThrownBy(() -> ResultsEnvelope.builder("f", 0, "x")).hasMessageContaining("illegal format version 0");
    assertThatThrownBy(() -> ResultsEnvelope.builder("f", 1, "Clarq LLM"))
        .hasMessageContaining("illegal benchmark name 'Clarq LLM'");
    assertThatThrownBy(() -> builder().finished(START.minusSeconds(1)).build())
        .hasMessageContaining("finished 2026-01-02T03:04:04.678Z is before started");
    assertThatThrownBy(() -> ResultsEnvelope.builder("f", 1, "x").finished(START).build())
        .hasMessageContaining("started");
    assertThatThrownBy(() -> builder().failure("unparsed", -1)).hasMessageContaining("illegal count -1");
    assertThatThrownBy(() -> builder().model(ModelRole.JUDGE, new ModelRef("a:b", List.of()))
        .model(ModelRole.JUDGE, new ModelRef("a:c", List.of()))).hasMessageContaining("judge given twice");
    assertThatThrownBy(() -> new ModelRef("a:b", List.of("http://u:p@host/v1")))
        .hasMessageContaining("user info").hasMessageNotContaining("u:p");
    assertThatThrownBy(() -> new ModelRef("gpt-4o", List.of())).hasMessageContaining("expected scheme:model");
    assertThatThrownBy(() -> PackRef.parse("seeker", "clarq")).hasMessageContaining("name@digest");
    assertThatThrownBy(() -> builder().figures(new ObjectMapper().createArrayNode()))
        .hasMessageContaining("must be a JSON object");
  }

  @Test
  void testRolesHaveTheirFileNames() {
    assertThat(ModelRole.parse("generator")).isEqualTo(ModelRole.GENERATOR);
    assertThatThrownBy(() -> ModelRole.parse("critic")).hasMessageContaining("unknown model role \"critic\"");
  }
}
