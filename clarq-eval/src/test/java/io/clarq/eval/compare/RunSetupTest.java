package io.clarq.eval.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a run's files say about its setup, and how two setups differ. */
class RunSetupTest {
  @TempDir Path tmp;

  private Path run(String name, String settings, String judge, String deviations) throws Exception {
    Path dir = tmp.resolve(name);
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("results.json"), "{\"format\": \"clarq-run-results/1\", \"settings\": {" + settings
        + "}, \"judge\": \"" + judge + "\"" + (deviations == null ? "" : ", \"deviations\": " + deviations) + "}");
    return dir;
  }

  @Test
  void testThePackIsLabelledTheReferencePackOnlyByItsDigest() throws Exception {
    RunSetup reference = RunSetup.ofRunDirectory(run("r", "\"prompts\": \"reference@b757d3724a74df85 (reference"
        + " behaviour)\"", "offline", "[]"));
    RunSetup edited = RunSetup.ofRunDirectory(run("e", "\"prompts\": \"reference-prompts@0123456789abcdef (reference"
        + " behaviour)\"", "offline", "[]"));
    RunSetup own = RunSetup.ofRunDirectory(run("c", "\"prompts\": \"clarq@0123456789abcdef (clarq behaviour)\"",
        "offline", "[]"));
    assertThat(reference.values().get("prompts")).isEqualTo("reference@b757d3724a74df85 (reference behaviour), the"
        + " reference pack");
    assertThat(edited.values().get("prompts")).isEqualTo("reference-prompts@0123456789abcdef (reference behaviour),"
        + " MODIFIED: not the reference pack");
    assertThat(own.values().get("prompts")).isEqualTo("clarq@0123456789abcdef (clarq behaviour)");
    assertThat(reference.differences(edited)).extracting(RunSetup.Difference::setting).contains("prompts");
  }

  @Test
  void testEveryDifferingSettingIsNamedWithBothValues() throws Exception {
    RunSetup a = RunSetup.ofRunDirectory(run("a", "\"provider\": \"llm:gpt-4o\", \"provider_model\":"
        + " \"openai:gpt-4o\", \"prompts\": \"clarq (clarq behaviour)\"", "offline", "[]"));
    RunSetup b = RunSetup.ofRunDirectory(run("b", "\"provider\": \"offline\", \"prompts\": \"clarq (clarq"
        + " behaviour)\"", "offline", "[{\"model\": \"openai:o3\", \"name\": \"temperature omitted\", \"reason\":"
        + " \"the model refuses 0\"}]"));
    assertThat(a.differences(a)).isEmpty();
    List<RunSetup.Difference> d = a.differences(b);
    assertThat(d).extracting(RunSetup.Difference::setting).containsExactly("provider", "provider_model",
        "deviations");
    assertThat(d.get(0).describe("A a", "B b")).isEqualTo("provider: A a \"llm:gpt-4o\", B b \"offline\"");
    assertThat(d.get(1).b()).isEqualTo("no model (offline)");
    assertThat(d.get(2)).isEqualTo(new RunSetup.Difference("deviations", "none",
        "openai:o3: temperature omitted (the model refuses 0)"));
  }

  @Test
  void testWhatIsNotRecordedNeverCountsAsTheSame() throws Exception {
    RunSetup old = RunSetup.ofRunDirectory(run("old", "\"provider\": \"offline\"", "offline", null));
    assertThat(old.values().get("prompts")).isEqualTo(RunSetup.NOT_RECORDED);
    assertThat(old.differences(old)).extracting(RunSetup.Difference::setting).containsExactly("prompts",
        "deviations");
    Path bare = tmp.resolve("t.jsonl");
    Files.writeString(bare, "");
    RunSetup file = RunSetup.ofTranscript(bare, false, "none");
    assertThat(file.values().get("judge")).isEqualTo("none");
    assertThat(file.differences(file)).extracting(RunSetup.Difference::setting).containsExactly("provider",
        "provider_model", "prompts", "deviations");
  }

  @Test
  void testPublishedRunsAreThePapersProviderOrItsMultiInfoVariant() {
    RunSetup plain = RunSetup.ofTranscript(Path.of("l2l_GPT-4o_seeker_vs_GPT-4o_provider.Chat.En.json"), true, "j");
    RunSetup comp = RunSetup.ofTranscript(Path.of("l2l_GPT-4o_seeker_vs_GPT-4o_provider.Comp.En.json"), true, "j");
    RunSetup multi = RunSetup.ofTranscript(Path.of("l2l_GPT-4o_seeker_vs_GPT-4o_multi_info_provider.Comp.En.json"),
        true, "j");
    assertThat(plain.differences(comp)).isEmpty();
    assertThat(plain.differences(multi)).extracting(RunSetup.Difference::setting).containsExactly("provider");
  }

  /** The seeker's model names the run on the pages; it is never a setup difference (it is what is compared). */
  @Test
  void testTheSeekerModelNamesTheRunAndIsNotCompared() throws Exception {
    RunSetup llm = RunSetup.ofRunDirectory(run("llm", "\"seeker\": \"llm\", \"seeker_model\": \"openai:gpt-4o-mini\","
        + " \"provider\": \"offline\"", "offline", "[]"));
    RunSetup rule = RunSetup.ofRunDirectory(run("rule", "\"seeker\": \"rule-based\", \"provider\": \"offline\"",
        "offline", "[]"));
    RunSetup old = RunSetup.ofRunDirectory(run("old", "\"provider\": \"offline\"", "offline", "[]"));
    assertThat(llm.seekerModel()).isEqualTo("openai:gpt-4o-mini");
    assertThat(rule.seekerModel()).isEqualTo("no model (rule-based)");
    assertThat(old.seekerLabel()).isEmpty();
    assertThat(llm.differences(rule)).extracting(RunSetup.Difference::setting).doesNotContain("seeker_model")
        .containsExactly("prompts");
    assertThat(llm.modelsText()).isEqualTo("seeker openai:gpt-4o-mini, provider no model (offline), judge offline");
    assertThat(RunSetup.ofTranscript(tmp.resolve("t.jsonl"), false, "none").modelsText()).isEqualTo("judge none");
    RunSetup published = RunSetup.ofTranscript(Path.of("l2l_GPT-4o_seeker_vs_GPT-4o_provider.Chat.En.json"), true,
        "j");
    assertThat(published.seekerModel()).isEqualTo("gpt-4o");
    assertThat(published.modelsText()).isEqualTo("seeker gpt-4o, provider gpt-4o (published ClarQ-LLM run), judge j");
  }

  @Test
  void testAnUnreadableResultsFileIsNamed() throws Exception {
    Path dir = tmp.resolve("broken");
    Files.createDirectories(dir);
    Files.writeString(dir.resolve("results.json"), "{not json");
    assertThatThrownBy(() -> RunSetup.ofRunDirectory(dir)).hasMessageContaining(dir.resolve("results.json")
        .toString()).hasMessageContaining("not valid JSON, line 1, column 2: Unexpected character ('n'")
        .hasMessageNotContaining("Source:");
  }
}
