package io.clarq.eval.clarqllm;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.build.ClarqBuild;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.testing.SharedData;
import io.clarq.eval.results.WrittenFileSchemas;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The files a library run writes validate against docs/schemas, its results name the build, models and pack, and the
 * schemas are strict enough to refuse what must not be there.
 */
class RunFilesSchemaTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path dir;

  private Path run() throws Exception {
    ClarqEvaluatorTest.CountingSeeker seeker = new ClarqEvaluatorTest.CountingSeeker(2);
    seeker.failOn.add(new TaskId(2, 1));
    Path out = dir.resolve("run");
    ClarqEvaluator.run(RunConfig.builder().taskSets(ClarqEvaluatorTest.taskSets()).seeker(seeker)
        .provider(new ClarqEvaluatorTest.InOrderProvider()).output(out).concurrency(2)
        .setting("seeker_model", "openai:gpt-4o with {\"reasoning_effort\":\"high\"}")
        .setting("provider_model", "openai:simulated @ http://127.0.0.1:8000/v1, http://127.0.0.1:8001/v1")
        .build());
    return out;
  }

  @Test
  void testEveryFileOfARunValidatesAndTheResultsNameTheBuildAndModels() throws Exception {
    Path out = run();
    assertThat(WrittenFileSchemas.checkedFiles(out)).containsExactly(
        "results.json -> clarq-run-results.schema.json", "run-config.json -> run-config.schema.json",
        "sessions.jsonl -> sessions-line.schema.json", "transcripts.jsonl -> transcript-line.schema.json");
    assertThat(WrittenFileSchemas.validateTree(out)).isEmpty();
    JsonNode results = JSON.readTree(out.resolve("results.json").toFile());
    assertThat(results.path("clarq").path("version").asText()).isEqualTo(ClarqBuild.current().version());
    assertThat(results.path("clarq").path("revision").asText()).isEqualTo(ClarqBuild.current().revision());
    assertThat(results.path("benchmark").asText()).isEqualTo("clarq-llm");
    assertThat(results.path("models").toString()).isEqualTo("{\"seeker\":{\"name\":\"openai:gpt-4o\",\"servers\":[]},"
        + "\"provider\":{\"name\":\"openai:simulated\",\"servers\":[\"http://127.0.0.1:8000/v1\","
        + "\"http://127.0.0.1:8001/v1\"]}}");
    // the failed dialogue counted by its kind, as failed_by_kind counts it, and the unscored ones apart
    ObjectNode failures = ((ObjectNode) results.path("failures")).deepCopy();
    assertThat(failures.remove("unscored").asInt()).isZero();
    assertThat(failures).isEqualTo(results.path("failed_by_kind"));
    assertThat(failures.size()).isEqualTo(1);
    assertThat(failures.elements().next().asInt()).isEqualTo(1);
    assertThat(results.path("dialogues_finished").asInt()).isEqualTo(8);
    assertThat(results.path("figures").path("en").path("dialogues").asInt()).isEqualTo(8);
    assertThat(java.time.Instant.parse(results.path("started").asText()))
        .isBeforeOrEqualTo(java.time.Instant.parse(results.path("finished").asText()));
  }

  @Test
  void testEveryFileOfARunWithTrialsValidates() throws Exception {
    Path out = dir.resolve("trials");
    ClarqEvaluator.run(RunConfig.builder().taskSets(ClarqEvaluatorTest.taskSets())
        .seeker(new ClarqEvaluatorTest.CountingSeeker(2)).provider(new ClarqEvaluatorTest.InOrderProvider())
        .output(out).concurrency(2).trials(3).build());
    assertThat(WrittenFileSchemas.checkedFiles(out)).containsExactly(
        "results.json -> clarq-run-results.schema.json", "run-config.json -> run-config.schema.json",
        "sessions.jsonl -> sessions-line.schema.json", "transcripts.jsonl -> transcript-line.schema.json");
    assertThat(WrittenFileSchemas.validateTree(out)).isEmpty();
    // what the schemas gained: the trial of each later line, the figures across trials
    assertThat(Files.readAllLines(out.resolve("transcripts.jsonl"))).anyMatch(l -> l.contains("\"trial\":3"));
    ObjectNode results = (ObjectNode) JSON.readTree(out.resolve("results.json").toFile());
    assertThat(results.path("trials").path("count").asInt()).isEqualTo(3);
    String schema = "clarq-run-results.schema.json";
    ObjectNode typo = results.deepCopy();
    ((ObjectNode) typo.path("trials").path("overall")).put("pass_hats", 1);
    assertThat(WrittenFileSchemas.schemas().validate(schema, typo)).isNotEmpty();
    ObjectNode oneTrial = results.deepCopy();
    ((ObjectNode) oneTrial.path("trials")).put("count", 1);
    assertThat(WrittenFileSchemas.schemas().validate(schema, oneTrial))
        .containsExactly("$.trials.count: 1 is below the minimum 2");
    ObjectNode line = (ObjectNode) JSON.readTree(Files.readAllLines(out.resolve("transcripts.jsonl")).get(0));
    line.put("trial", 1);   // trial 1 is written without the field
    assertThat(WrittenFileSchemas.schemas().validate("transcript-line.schema.json", line)).isNotEmpty();
  }

  @Test
  void testTheSchemasRefuseWhatMustNotBeInAResultsFile() throws Exception {
    Path out = run();
    ObjectNode results = (ObjectNode) JSON.readTree(out.resolve("results.json").toFile());
    String schema = "clarq-run-results.schema.json";
    ObjectNode withSecret = results.deepCopy();
    ((ObjectNode) withSecret.path("models").path("provider")).putArray("servers").add("http://u:key@10.0.0.5/v1");
    assertThat(WrittenFileSchemas.schemas().validate(schema, withSecret))
        .containsExactly("$.models.provider.servers[0]: \"http://u:key@10.0.0.5/v1\" does not match the pattern "
            + "^https?://[^/@?#\\s]+(/[^@?#\\s]*)?$");
    ObjectNode noRevision = results.deepCopy();
    ((ObjectNode) noRevision.path("clarq")).remove("revision");
    assertThat(WrittenFileSchemas.schemas().validate(schema, noRevision))
        .containsExactly("$.clarq: required property \"revision\" is missing");
    ObjectNode oldCount = results.deepCopy();
    oldCount.put("finished", 8);
    assertThat(WrittenFileSchemas.schemas().validate(schema, oldCount)).containsExactly("$.finished: expected string, got integer 8");
    ObjectNode unknown = results.deepCopy();
    unknown.put("succes", 1);
    assertThat(WrittenFileSchemas.schemas().validate(schema, unknown))
        .containsExactly("$.succes: property \"succes\" is not allowed (additionalProperties false)");
  }

  @Test
  void testTheResultsSchemaIsTheOneOfTheBenchmarkTheFileNames() throws Exception {
    Path out = run();
    ObjectNode results = (ObjectNode) JSON.readTree(out.resolve("results.json").toFile());
    Path other = dir.resolve("other");
    Files.createDirectories(other);
    for (String[] b : new String[][] {{"toa", "toa-results.schema.json"},
        {"cq-generate", "cq-generate-results.schema.json"}, {"cq-judge", "cq-judge-results.schema.json"}}) {
      results.put("benchmark", b[0]);
      Files.writeString(other.resolve("results.json"), results.toString());
      assertThat(WrittenFileSchemas.schemaOf(other.resolve("results.json"))).contains(b[1]);
      // a ClarQ-LLM file naming another benchmark is checked against that benchmark's schema, and fails it
      assertThat(WrittenFileSchemas.validateTree(other)).contains(other.resolve("results.json")
          + ": $.format: expected \"clarq-" + b[0] + "-results\", got \"clarq-run-results\"");
    }
    results.put("benchmark", "leaderboard");
    Files.writeString(other.resolve("results.json"), results.toString());
    assertThat(WrittenFileSchemas.validateTree(other)).containsExactly(other.resolve("results.json")
        + ": no schema for this file (benchmark \"leaderboard\"): add one to docs/schemas and a line to "
        + "WrittenFileSchemas.TABLE");
  }

  @Test
  void testAFileWithNoSchemaIsAnError() throws Exception {
    Files.writeString(dir.resolve("scoreboard.json"), "{}");
    assertThat(WrittenFileSchemas.validateTree(dir)).singleElement().asString()
        .endsWith("scoreboard.json: no schema for this file: add one to docs/schemas and a line to "
            + "WrittenFileSchemas.TABLE");
  }

  @Test
  void testTheReleasedVerdictFileHasOurVerdictLayout() {
    // the reference code's own judge cache, which our verdict files extend: every line fits the schema
    Path released = SharedData.require("clarq-llm/judge-verdicts.jsonl");
    assertThat(WrittenFileSchemas.schemas().validateFile("judge-verdicts-line.schema.json", released)).isEmpty();
  }
}
