package io.clarq.eval.mediq;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.mediq.MediqCase;
import io.clarq.core.mediq.OverlapExpert;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.mediq.MediqDataset;
import io.clarq.datasets.mediq.MediqSplit;
import io.clarq.eval.kernel.ItemListener;
import io.clarq.eval.kernel.RunKernel;
import io.clarq.eval.kernel.Shard;
import io.clarq.retrieval.mediq.OfflinePatient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MediqRunTest {
  @TempDir Path dir;

  private static List<MediqItem> items() {
    Path data = SharedData.require("mediq/data");
    List<MediqItem> items = new ArrayList<>();
    for (MediqSplit s : MediqSplit.values()) {
      List<MediqCase> cases = MediqDataset.load(data, s);
      cases.subList(0, 12).forEach(c -> items.add(new MediqItem(s.key(), c)));
    }
    return items;
  }

  private static MediqBenchmark benchmark() {
    return new MediqBenchmark(new OverlapExpert(3), new OfflinePatient("cannot", 2), 30,
        Map.of("expert", "overlap", "patient", "offline"));
  }

  @Test
  void testAModelFreeRunWritesItsFiguresAndResumesAndMergesToTheSameBytes() throws Exception {
    List<MediqItem> items = items();
    Path one = dir.resolve("one");
    MediqBenchmark.Result r = RunKernel.run(benchmark(), items, new RunKernel.Plan(one, Shard.ALL, 2, "t"),
        new ItemListener<>() {});
    assertThat(r.overall().cases()).isEqualTo(24);
    assertThat(r.byDataset()).containsOnlyKeys("craft_md", "dev_good");
    assertThat(r.overall().averageTurns()).isEqualTo(4.0);   // three questions and the answer, every case
    assertThat(r.overall().timeouts()).isZero();
    JsonNode results = new ObjectMapper().readTree(one.resolve("results.json").toFile());
    assertThat(results.path("figures").path("overall").path("cases").asInt()).isEqualTo(24);
    assertThat(results.path("figures").path("overall").path("accuracy_low").asDouble())
        .isLessThanOrEqualTo(results.path("figures").path("overall").path("accuracy").asDouble());
    assertThat(Files.readString(one.resolve("summary.md"))).contains("| craft_md | 12 |", "| all | 24 |",
        "Accuracy of the intermediate choices by turn", " 4: ");
    assertThat(r.overall().byTurn()).hasSize(4).allMatch(t -> t.cases() == 24);
    assertThat(r.overall().byTurn().get(3).correct()).isEqualTo(r.overall().correct());   // the last is the answer
    assertThat(results.path("figures").path("overall").path("intermediate_accuracy_by_turn")).hasSize(4);
    byte[] log = Files.readAllBytes(one.resolve(MediqRecord.LOG));

    // killed after some cases: the log cut, then resumed
    String[] lines = new String(log, java.nio.charset.StandardCharsets.UTF_8).split("\n");
    Path resumed = dir.resolve("resumed");
    Files.createDirectories(resumed);
    Files.copy(one.resolve(io.clarq.eval.kernel.RunSettings.FILE), resumed.resolve(io.clarq.eval.kernel.RunSettings.FILE));
    Files.writeString(resumed.resolve(MediqRecord.LOG), String.join("\n", java.util.Arrays.copyOf(lines, 5)) + "\n"
        + lines[5].substring(0, 20));
    RunKernel.run(benchmark(), items, new RunKernel.Plan(resumed, Shard.ALL, 1, "t"), new ItemListener<>() {});
    assertThat(Files.readAllBytes(resumed.resolve(MediqRecord.LOG))).isEqualTo(log);

    // two shards, merged
    List<Path> shards = List.of(dir.resolve("s1"), dir.resolve("s2"));
    RunKernel.run(benchmark(), items, new RunKernel.Plan(shards.get(0), Shard.parse("1/2"), 1, "t"),
        new ItemListener<>() {});
    RunKernel.run(benchmark(), items, new RunKernel.Plan(shards.get(1), Shard.parse("2/2"), 1, "t"),
        new ItemListener<>() {});
    Path merged = dir.resolve("merged");
    MediqBenchmark.Result m = RunKernel.merge(benchmark(), items, shards, merged).result().orElseThrow();
    assertThat(Files.readAllBytes(merged.resolve(MediqRecord.LOG))).isEqualTo(log);
    assertThat(m.overall()).isEqualTo(r.overall());
  }

  @Test
  void testARecordReadsBackAsWritten() throws Exception {
    MediqItem item = items().get(0);
    MediqRecord rec = new MediqRecord(item.dataset(), MediqInterview.play(item.mediqCase(), new OverlapExpert(2),
        new OfflinePatient("cannot", 2), 1));
    assertThat(rec.outcome().timeout()).isTrue();              // the cap of 1 forced the answer
    assertThat(rec.outcome().forced()).isTrue();
    assertThat(MediqRecord.fromLine(rec.toLine(), "x").toLine()).isEqualTo(rec.toLine());
  }
}
