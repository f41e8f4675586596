package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.testing.SharedData;
import io.clarq.datasets.cq.CqGenerationFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class CqCommandTest extends CqCommandHarness {
  @Test
  void testGenerateTemplateWritesQuestionsAndPrintsBothScoreSets() {
    Path data = SharedData.require("clariq-fkw");
    Path run = dir.resolve("dev");
    assertThat(run("cq", "generate", "--data", data.toString(), "--split", "dev", "--generator", "template",
        "--limit", "4", "--out", run.toString())).isEqualTo(0);
    assertThat(CqGenerationFile.read(run.resolve("generations.jsonl"))).hasSize(4);
    assertThat(run.resolve("results.json")).content().contains("\"benchmark\" : \"cq-generate\"");
    assertThat(run.resolve("summary.md")).exists();
    assertThat(run.resolve("report.html")).content().contains("are you looking for");
    assertThat(out.toString()).contains("4 questions written", "with template words", "without template words");
  }

  @Test
  void testGenerateResumesByItselfAndRefusesOtherSettings() throws Exception {
    Path data = SharedData.require("clariq-fkw");
    Path runDir = dir.resolve("dev");
    Path file = runDir.resolve("generations.jsonl");
    Path settings = runDir.resolve("run-config.json");
    assertThat(run("cq", "generate", "--data", data.toString(), "--limit", "2", "--out", runDir.toString()))
        .isEqualTo(0);
    assertThat(Files.readString(settings)).contains("\"generator\" : \"template:looking-for\"")
        .contains("\"split\" : \"dev\"");
    List<String> firstTwo = Files.readAllLines(file);
    // the same command with a larger --limit keeps the two questions and generates the third only
    assertThat(run("cq", "generate", "--data", data.toString(), "--limit", "3", "--json", "--out",
        runDir.toString())).isEqualTo(0);
    assertThat(err.toString()).contains("cq generate: resumed " + runDir + ", 2 questions kept\n")
        .contains("cq generate: rows: 3/3\n").doesNotContain("rows: 1/3").doesNotContain("rows: 2/3");
    assertThat(Files.readAllLines(file)).hasSize(3).startsWith(firstTwo.toArray(String[]::new));
    assertThat(out.toString()).contains("{\"questions\":3,\"facet_satisfied\":3,\"overlap\":[{\"bleu_tokenizer\":"
        + "\"13a\",\"rouge_tokenizer\":\"rouge-score\",").contains("{\"bleu_tokenizer\":\"clarq\",\"rouge_tokenizer\":"
        + "\"clarq\",");
    // --resume, the old flag, is still accepted and changes nothing
    assertThat(run("cq", "generate", "--data", data.toString(), "--limit", "3", "--resume", "--out",
        runDir.toString())).isEqualTo(0);
    assertThat(CqGenerationFile.read(file)).hasSize(3);
    // another generator or split is refused, naming the file and the setting with both values; nothing is lost
    assertThat(run("cq", "generate", "--data", data.toString(), "--limit", "3", "--generator", "template:facet-only",
        "--out", runDir.toString())).isEqualTo(1);
    assertThat(err.toString()).contains("cannot resume into " + runDir + ": it holds a run with a different "
        + "generator (was \"template:looking-for\", now \"template:facet-only\")");
    assertThat(run("cq", "generate", "--data", data.toString(), "--split", "train", "--out", runDir.toString()))
        .isEqualTo(1);
    assertThat(err.toString()).contains("a different split (was \"dev\", now \"train\")");
    assertThat(Files.readAllLines(file)).hasSize(3);
  }

  @Test
  void testGenerateShardsMergeIntoWhatOneRunWritesAndASecondWriterIsRefused() throws Exception {
    String data = SharedData.require("clariq-fkw").toString();
    assertThat(run("cq", "generate", "--data", data, "--limit", "7", "--out", dir.resolve("whole").toString()))
        .isEqualTo(0);
    for (int i = 1; i <= 3; i++) {
      assertThat(run("cq", "generate", "--data", data, "--limit", "7", "--shard", i + "/3", "--out",
          dir.resolve("shard-{shard}").toString())).as(err.toString()).isEqualTo(0);
    }
    assertThat(CqGenerationFile.read(dir.resolve("shard-2").resolve("generations.jsonl"))).hasSize(2);
    assertThat(run("cq", "merge", dir.resolve("shard-1").toString(), dir.resolve("shard-2").toString(),
        dir.resolve("shard-3").toString(), "--data", data, "--limit", "7", "--out", dir.resolve("merged").toString()))
        .as(err.toString()).isEqualTo(0);
    assertThat(out.toString()).contains("7 questions merged into " + dir.resolve("merged"));
    assertThat(Files.readAllBytes(dir.resolve("merged").resolve("generations.jsonl")))
        .isEqualTo(Files.readAllBytes(dir.resolve("whole").resolve("generations.jsonl")));
    // the settings as one run's; the shards merged recorded beside them
    io.clarq.eval.kernel.RunSettings merged = io.clarq.eval.kernel.RunSettings.read(dir.resolve("merged")).orElseThrow();
    assertThat(merged.values()).isEqualTo(io.clarq.eval.kernel.RunSettings.read(dir.resolve("whole")).orElseThrow()
        .values());
    assertThat(merged.recorded()).containsKey("merged_from");
    // the same merge again: nothing done; into a directory holding a run, or of too few shards: refused
    byte[] results = Files.readAllBytes(dir.resolve("merged").resolve("results.json"));
    assertThat(run("cq", "merge", dir.resolve("shard-1").toString(), dir.resolve("shard-2").toString(),
        dir.resolve("shard-3").toString(), "--data", data, "--limit", "7", "--out", dir.resolve("merged").toString()))
        .as(err.toString()).isEqualTo(0);
    assertThat(err.toString()).contains("already holds this merge of the 3 shards");
    assertThat(Files.readAllBytes(dir.resolve("merged").resolve("results.json"))).isEqualTo(results);
    assertThat(run("cq", "merge", dir.resolve("shard-1").toString(), dir.resolve("shard-2").toString(),
        dir.resolve("shard-3").toString(), "--data", data, "--limit", "7", "--out", dir.resolve("whole").toString()))
        .isEqualTo(1);
    assertThat(err.toString()).contains("cannot merge into " + dir.resolve("whole") + ": it already holds a run");
    assertThat(run("cq", "merge", dir.resolve("shard-1").toString(), "--data", data, "--limit", "7", "--out",
        dir.resolve("m2").toString())).isEqualTo(2);
    assertThat(err.toString()).contains("is shard 1/3, but 1 directories were given");
    // one writer per directory
    try (io.clarq.core.files.OutputLock lock = io.clarq.eval.kernel.RunKernel.lock(dir.resolve("locked"))) {
      assertThat(run("cq", "generate", "--data", data, "--limit", "2", "--out", dir.resolve("locked").toString()))
          .isEqualTo(1);
      assertThat(err.toString()).contains("run.lock");
    }
  }

  @Test
  void testBadArgumentsExitTwoAndFailuresExitOne() {
    assertThat(run("cq", "generate", "--data", "x", "--split", "test", "--out", "y")).isEqualTo(2);
    assertThat(err.toString()).contains("unknown ClariQ-FKw split \"test\"");
    assertThat(run("cq", "generate", "--data", "x", "--generator", "bogus", "--out", "y")).isEqualTo(2);
    assertThat(err.toString()).contains("unknown LLM scheme 'bogus'");
    assertThat(run("cq", "generate", "--data", dir.resolve("none").toString(), "--out",
        dir.resolve("o.jsonl").toString())).isEqualTo(1);
    assertThat(err.toString()).contains("ClariQ-FKw dev split not found");
  }

  @Test
  void testRunWritesAMultiTurnRunForEveryDevFacet() {
    Path clariq = SharedData.require("clariq");
    Path file = dir.resolve("dev.run");
    assertThat(run("cq", "run", "--clariq", clariq.toString(), "--split", "dev", "--tag", "tpl", "--out",
        file.toString())).isEqualTo(0);
    assertThat(io.clarq.datasets.clariq.MultiTurnRuns.read(file)).hasSize(163)
        .allSatisfy(r -> assertThat(r.tag()).isEqualTo("tpl"));
    assertThat(out.toString()).contains("163 run lines for 50 contexts (163 facets, template:looking-for)");
    assertThat(run("cq", "run", "--clariq", clariq.toString(), "--contexts", "human", "--out",
        dir.resolve("x").toString())).isEqualTo(1);
    assertThat(err.toString()).contains("they are on test topics: use --split test");
    assertThat(run("cq", "run", "--clariq", clariq.toString(), "--answer", "maybe", "--out", "x")).isEqualTo(2);
    assertThat(err.toString()).contains("expected human, none or oracle-facet (an upper bound");
  }

  @Test
  void testHelp() {
    assertThat(run("cq", "generate", "--help")).isEqualTo(0);
    assertThat(out.toString()).contains("--generator");
  }
}
