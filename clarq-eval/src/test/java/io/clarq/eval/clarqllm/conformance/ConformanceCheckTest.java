package io.clarq.eval.clarqllm.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.prompt.PromptPack;
import io.clarq.core.testing.SharedData;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ConformanceCheckTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path dir;

  private static Path data(String path) {
    return SharedData.require("clarq-llm/" + path);
  }

  @Test
  void testEveryReferenceTraceRecordPasses() {
    ConformanceReport r = ConformanceCheck.run(List.of(data("reference-traces")), data("tasks"),
        PromptPack.load(data("reference-prompts")), o -> {});
    assertThat(r.outcomes().stream().filter(o -> !o.passed()).map(o -> o.traceId() + ": " + o.failure()))
        .isEmpty();
    // the counts the traces README gives: 54 + 30 + 40 + 32 records, 2,126 requests
    assertThat(r.records()).isEqualTo(156);
    assertThat(r.requests()).isEqualTo(2126);
    assertThat(r.requestsMatched()).isEqualTo(2126);
    assertThat(r.allPassed()).isTrue();
  }

  @Test
  void testOneChangedCharacterInATemplateIsFoundAtItsCall() throws Exception {
    Path pack = dir.resolve("pack");
    try (Stream<Path> files = Files.walk(data("reference-prompts"))) {
      for (Path f : files.filter(Files::isRegularFile).toList()) {
        Path to = pack.resolve(data("reference-prompts").relativize(f).toString());
        Files.createDirectories(to.getParent());
        Files.copy(f, to);
      }
    }
    Path pass2 = pack.resolve("provider/pass2.en.txt");
    Files.writeString(pass2, Files.readString(pass2).replaceFirst("\\{analysis}", "{analysis} "));
    ConformanceReport r = ConformanceCheck.run(List.of(data("reference-traces/provider.jsonl.gz")), data("tasks"),
        PromptPack.load(pack), o -> {});
    assertThat(r.allPassed()).isFalse();
    assertThat(r.outcomes()).anySatisfy(o -> assertThat(o.failure()).hasValueSatisfying(f ->
        assertThat(f.reason()).startsWith("provider.pass2: messages[0].content differs at character")));
    // records that never reach an English pass 2 still pass
    assertThat(r.passed()).isPositive();
    assertThat(r.json()).contains("\"records\" : 54").contains("\"trace_id\"");
  }

  @Test
  void testATamperedRecordedUtteranceOrSuccessIsReported() throws Exception {
    ObjectNode dialogue = firstRecord(data("reference-traces/provider.jsonl.gz"));
    var transcript = (com.fasterxml.jackson.databind.node.ArrayNode) dialogue.get("transcript");
    transcript.set(2, JSON.getNodeFactory().textNode(transcript.get(2).asText() + "!"));
    ObjectNode judged = firstRecord(data("reference-traces/judge.jsonl.gz"));
    judged.put("success", 1 - judged.get("success").asInt());
    Path file = dir.resolve("tampered.jsonl.gz");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
      out.write((JSON.writeValueAsString(dialogue) + "\n" + JSON.writeValueAsString(judged) + "\n")
          .getBytes(StandardCharsets.UTF_8));
    }
    ConformanceReport r = ConformanceCheck.run(List.of(file), data("tasks"), PromptPack.load(data("reference-prompts")),
        o -> {});
    assertThat(r.passed()).isZero();
    assertThat(r.outcomes().get(0).failure().orElseThrow().reason())
        .startsWith("transcript line 2 (provider) differs at character");
    assertThat(r.outcomes().get(1).failure().orElseThrow().reason()).startsWith("success: expected");
    assertThat(r.text()).contains("tampered.jsonl.gz: records 0/2 passed").endsWith("NOT CONFORMANT\n");
  }

  @Test
  void testRequestsCompareAsTheTracesReadmeSays() throws Exception {
    var expected = JSON.readTree("{\"model\": \"m\", \"temperature\": 0, \"messages\": [{\"role\": \"user\", "
        + "\"content\": \"abc\"}], \"stop\": null, \"seed\": 8848}");
    assertThat(RequestDiff.first(expected, JSON.readTree("{\"model\": \"m\", \"temperature\": 0.0, \"seed\": 8848,"
        + " \"messages\": [{\"role\": \"user\", \"content\": \"abc\"}]}"))).isEmpty();
    assertThat(RequestDiff.first(expected, JSON.readTree("{\"model\": \"m\", \"temperature\": 0.0, \"seed\": 8848,"
        + " \"messages\": [{\"role\": \"user\", \"content\": \"abd\"}]}")))
        .hasValueSatisfying(s -> assertThat(s).startsWith("messages[0].content differs at character 2"));
    assertThat(RequestDiff.first(expected, JSON.readTree("{\"model\": \"m\", \"temperature\": 0.0, \"seed\": 8848,"
        + " \"response_format\": {\"type\": \"json_object\"}, \"messages\": [{\"role\": \"user\", \"content\": \"abc\"}]}")))
        .hasValueSatisfying(s -> assertThat(s).startsWith("response_format: expected none"));
    assertThat(RequestDiff.first(expected, JSON.readTree("{\"model\": \"m\", \"temperature\": 0.0, \"seed\": 8848,"
        + " \"max_tokens\": 5, \"messages\": [{\"role\": \"user\", \"content\": \"abc\"}]}")))
        .hasValueSatisfying(s -> assertThat(s).contains("max_tokens"));
  }

  private static ObjectNode firstRecord(Path gz) throws Exception {
    try (BufferedReader r = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(gz)),
        StandardCharsets.UTF_8))) {
      return (ObjectNode) JSON.readTree(r.readLine());
    }
  }
}
