package io.clarq.eval.mediq;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.mediq.Expert;
import io.clarq.core.mediq.MediqCase;
import io.clarq.core.mediq.OverlapExpert;
import io.clarq.core.mediq.Patient;
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

/**
 * A MediQ run of two trials on the kernel: the model-free expert asks 1 question in trial 1 and 3 in trial 2, so the
 * trials can differ; the figures across trials are worked out from the records, and a sharded run merges to the same
 * log and figures.
 */
class MediqTrialsTest {
  @TempDir Path dir;

  private static List<MediqItem> items() {
    Path data = SharedData.require("mediq/data");
    List<MediqItem> items = new ArrayList<>();
    List<MediqCase> cases = MediqDataset.load(data, MediqSplit.CRAFT_MD).subList(0, 8);
    for (int t = 1; t <= 2; t++) {
      for (MediqCase c : cases) {
        items.add(new MediqItem("craft_md", c, t));
      }
    }
    return items;
  }

  private static MediqBenchmark benchmark() {
    List<Expert> experts = List.of(new OverlapExpert(1), new OverlapExpert(3));
    List<Patient> patients = List.of(new OfflinePatient("cannot", 2), new OfflinePatient("cannot", 2));
    return new MediqBenchmark(experts, patients, 30, Map.of("expert", "overlap(1|3)"), List::of);
  }

  @Test
  void testTwoTrialsGiveTheirAccuraciesAndPassHatKAndMergeToTheSameBytes() throws Exception {
    List<MediqItem> items = items();
    Path one = dir.resolve("one");
    MediqBenchmark.Result r = RunKernel.run(benchmark(), items, new RunKernel.Plan(one, Shard.ALL, 2, "t"),
        new ItemListener<>() {});
    assertThat(r.overall().cases()).isEqualTo(8);   // the headline is trial 1
    int[] right = new int[8];
    int[] perTrial = new int[2];
    for (String line : Files.readAllLines(one.resolve(MediqRecord.LOG))) {
      MediqRecord rec = MediqRecord.fromLine(line, "log");
      int i = items().stream().filter(x -> x.trial() == 1).map(x -> x.mediqCase().id()).toList()
          .indexOf(rec.outcome().caseId());
      if (rec.outcome().correct()) {
        right[i]++;
        perTrial[rec.trial() - 1]++;
      }
      assertThat(rec.outcome().questions()).hasSize(rec.trial() == 1 ? 1 : 3);
    }
    double passHat2 = 0;
    double flipped = 0;
    for (int c : right) {
      passHat2 += c == 2 ? 1.0 / 8 : 0;
      flipped += c == 1 ? 1.0 / 8 : 0;
    }
    JsonNode all = new ObjectMapper().readTree(one.resolve("results.json").toFile()).path("figures").path("trials")
        .path("overall");
    assertThat(all.path("cases").asInt()).isEqualTo(8);
    assertThat(all.path("accuracy_per_trial").get(0).asDouble()).isEqualTo(perTrial[0] / 8.0);
    assertThat(all.path("accuracy_per_trial").get(1).asDouble()).isEqualTo(perTrial[1] / 8.0);
    assertThat(all.path("pass_hat_k").get(0).asDouble()).isEqualTo((perTrial[0] + perTrial[1]) / 16.0);
    assertThat(all.path("pass_hat_k").get(1).asDouble()).isEqualTo(passHat2);
    assertThat(all.path("flipped").asDouble()).isEqualTo(flipped);

    List<Path> shards = List.of(dir.resolve("s1"), dir.resolve("s2"));
    RunKernel.run(benchmark(), items, new RunKernel.Plan(shards.get(0), Shard.parse("1/2"), 1, "t"),
        new ItemListener<>() {});
    RunKernel.run(benchmark(), items, new RunKernel.Plan(shards.get(1), Shard.parse("2/2"), 1, "t"),
        new ItemListener<>() {});
    Path merged = dir.resolve("merged");
    RunKernel.merge(benchmark(), items, shards, merged);
    assertThat(Files.readAllLines(merged.resolve(MediqRecord.LOG))).containsExactlyInAnyOrderElementsOf(
        Files.readAllLines(one.resolve(MediqRecord.LOG)));
    JsonNode mergedAll = new ObjectMapper().readTree(merged.resolve("results.json").toFile()).path("figures")
        .path("trials").path("overall");
    assertThat(mergedAll).isEqualTo(all);
  }
}
