package io.clarq.eval.suite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.testing.JsonSchemas;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The suite file: the built-in suite reads, validates against docs/schemas/suite.schema.json and has the entries the
 * issue names; its rehearsal plays every role offline and leaves TOA out; errors name the file, the entry and the
 * field; suite.json round-trips and refuses another suite, agent or shard.
 */
class SuiteFileTest {
  @TempDir Path dir;

  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void testBuiltInSuite() throws Exception {
    SuiteFile s = SuiteFile.builtIn();
    assertThat(s.name()).isEqualTo("clarq-default");
    assertThat(s.entries()).extracting(SuiteEntry::id).containsExactly("clarq-llm-en", "clarq-llm-zh",
        "mediq-craft-md", "mediq-dev", "toa-flm-dev", "cq-fkw-dev");
    assertThat(s.entry("clarq-llm-zh").orElseThrow().roles()).containsEntry("provider", "openai:gpt-4o")
        .containsEntry("judge", "openai:gpt-4o");
    assertThat(s.entry("mediq-dev").orElseThrow().sampleSize()).contains(100);
    assertThat(s.entry("mediq-dev").orElseThrow().modelSpecs())
        .containsExactly(Map.entry("patient", "openai:meta-llama/Llama-3.1-8B-Instruct"));
    assertThat(s.entry("cq-fkw-dev").orElseThrow().cqJudge()).contains("openai:gpt-4o");
    JsonSchemas schemas = JsonSchemas.in(JsonSchemas.projectSchemas());
    try (var in = SuiteFile.class.getResourceAsStream(SuiteFile.BUILT_IN)) {
      assertThat(schemas.validate("suite.schema.json", JSON.readTree(in))).isEmpty();
    }
    assertThat(schemas.validate("suite.schema.json", s.toJson())).isEmpty();
    // what the suite writes reads back as the same suite
    assertThat(SuiteFile.parse(s.toJson().toString(), "again", null)).isEqualTo(s);
  }

  @Test
  void testRehearsalPlaysEveryRoleOfflineAndLeavesTheToaOut() {
    SuiteFile.Rehearsal r = SuiteFile.builtIn().rehearsal();
    assertThat(r.suite().entries()).extracting(SuiteEntry::id).containsExactly("clarq-llm-en", "clarq-llm-zh",
        "mediq-craft-md", "mediq-dev", "cq-fkw-dev");
    assertThat(r.suite().entries()).allSatisfy(e -> assertThat(e.modelSpecs()).isEmpty());
    assertThat(r.suite().entry("clarq-llm-en").orElseThrow().roles())
        .containsExactly(Map.entry("provider", "offline"), Map.entry("judge", "offline"));
    assertThat(r.leftOut()).containsExactly(Map.entry("toa-flm-dev", "toa has no model-free primary"));
    // CQ has no model-free judge: the rehearsal keeps the entry as a generation run
    assertThat(r.suite().entry("cq-fkw-dev").orElseThrow().roles()).isEmpty();
    assertThat(r.suite().entry("cq-fkw-dev").orElseThrow().cqJudge()).isEmpty();
    assertThat(JsonSchemas.in(JsonSchemas.projectSchemas()).validate("suite.schema.json", r.suite().toJson()))
        .isEmpty();
  }

  @Test
  void testErrorsNameTheFileTheEntryAndTheField() throws Exception {
    assertThat(error("{\"suite\": \"s\", \"entries\": [{\"id\": \"a\", \"benchmark\": \"clarq-llm\", \"split\":"
        + " \"test\", \"language\": \"en\", \"roles\": {\"provider\": \"offline\"}}, {\"id\": \"b\", \"benchmark\":"
        + " \"toa\", \"split\": \"dev\", \"seed\": 1, \"roles\": {\"oracle\": \"offline\"}}]}"))
        .matches("suite .*bad\\.json, entry 2 \\(\"b\"\\): no role \"primary\" in \"roles\": give a model spec");
    assertThat(error("{\"suite\": \"s\", \"entries\": [{\"id\": \"a\", \"benchmark\": \"cq\", \"split\": \"dev\","
        + " \"trials\": 3}]}")).endsWith("entry 1 (\"a\"): \"trials\" is not taken by cq (trials must be 1)");
    assertThat(error("{\"suite\": \"s\", \"entries\": [{\"id\": \"a\", \"benchmark\": \"cq\", \"split\": \"dev\","
        + " \"roles\": {\"judge\": \"offline\"}}]}")).endsWith("entry 1 (\"a\"): role judge \"offline\": CQ has no"
        + " model-free judge; give a model spec (openai:MODEL, with --base-url for any OpenAI-compatible server) or"
        + " leave the judge out");
    assertThat(error("{\"suite\": \"s\", \"entries\": [{\"id\": \"a\", \"benchmark\": \"mediq\", \"split\":"
        + " \"craft_md\", \"roles\": {\"patient\": \"openai:gpt-4o\"}}]}")).endsWith("entry 1 (\"a\"): role patient"
        + " \"openai:gpt-4o\": expected offline, random, or instruct|fact-select|direct:MODEL-SPEC (e.g."
        + " fact-select:openai:gpt-4o)");
    assertThat(error("{\"suite\": \"s\", \"entries\": [{\"id\": \"a\", \"benchmark\": \"cq\", \"split\": \"dev\"},"
        + " {\"id\": \"a\", \"benchmark\": \"cq\", \"split\": \"train\"}]}"))
        .endsWith("bad.json: suite s: entry id \"a\" appears twice (each entry names its own folder)");
    assertThat(error("{\"suite\": \"s\", \"entries\": [{\"id\": \"a\", \"benchmark\": \"clarq-llm\", \"split\":"
        + " \"test\", \"roles\": {\"provider\": \"offline\"}}]}")).endsWith("entry 1 (\"a\"): no \"language\": give"
        + " en, zh or both");
    assertThat(error("{\"suite\": \"s\", \"entries\": [{\"id\": \"a\", \"benchmark\": \"cq\", \"split\": \"dev\","
        + " \"sample\": 3}]}")).contains("entry 1 (\"a\"): unknown field \"sample\"");
    assertThat(error("{\"suite\": \"s\", \"entries\": [{\"id\": \"A b\", \"benchmark\": \"cq\", \"split\":"
        + " \"dev\"}]}")).contains("entry 1 (\"A b\"): illegal entry id \"A b\"");
    assertThat(error("{\"suite\": \"s\", \"entries\": [{\"id\": \"a\", \"benchmark\": \"toa\", \"split\": \"dev\","
        + " \"seed\": 1, \"roles\": {\"oracle\": \"offline\", \"primary\": \"offline\"}}]}"))
        .endsWith("role primary \"offline\": TOA has no model-free primary model; give a model spec");
    assertThat(error("{\"suite\": \"s\", \"entries\": [{\"id\": \"suite.json\", \"benchmark\": \"cq\", \"split\":"
        + " \"dev\"}]}")).contains("entry 1 (\"suite.json\"): illegal entry id \"suite.json\": the suite's folder holds"
        + " a file of that name");
    assertThat(error("{\"suite\": \"s\", \"entries\": [")).contains("bad.json: not JSON");
  }

  private String error(String text) throws Exception {
    Path f = dir.resolve("bad.json");
    Files.writeString(f, text);
    try {
      SuiteFile.read(f);
    } catch (IllegalArgumentException e) {
      return e.getMessage();
    }
    throw new AssertionError("no error for " + text);
  }

  @Test
  void testRelativeDataIsResolvedAgainstTheFile() throws Exception {
    Path f = dir.resolve("sub").resolve("s.json");
    Files.createDirectories(f.getParent());
    Files.writeString(f, "{\"suite\": \"s\", \"entries\": [{\"id\": \"a\", \"benchmark\": \"cq\", \"split\": \"dev\","
        + " \"sample_size\": 2, \"data\": \"../fkw\"}]}");
    assertThat(SuiteFile.read(f).entries().get(0).data()).contains(dir.resolve("fkw").toAbsolutePath().normalize());
  }

  @Test
  void testSuiteRunRoundTripsAndRefusesAnotherRun() {
    SuiteFile.Rehearsal r = SuiteFile.builtIn().rehearsal();
    SuiteRun run = new SuiteRun(r.suite(), "class:x.Y", true, "1/2", r.leftOut());
    run.write(dir);
    assertThat(JsonSchemas.in(JsonSchemas.projectSchemas()).validateFile("suite-run.schema.json",
        dir.resolve(SuiteRun.FILE))).isEmpty();
    SuiteRun back = SuiteRun.read(dir).orElseThrow();
    assertThat(back).isEqualTo(run);
    assertThat(run.refusal(back)).isEmpty();
    assertThat(new SuiteRun(r.suite(), "class:x.Z", true, "1/2", r.leftOut()).refusal(back))
        .contains("it ran the agent class:x.Y, not class:x.Z");
    assertThat(new SuiteRun(r.suite(), "class:x.Y", true, "2/2", r.leftOut()).refusal(back))
        .contains("it ran shard 1/2, not 2/2");
    SuiteFile other = new SuiteFile("clarq-default-rehearsal", "", List.of(r.suite().entries().get(0)));
    assertThat(new SuiteRun(other, "class:x.Y", true, "1/2", Map.of()).refusal(back)).isPresent();
    assertThat(SuiteRun.read(dir.resolve("none"))).isEmpty();
  }
}
