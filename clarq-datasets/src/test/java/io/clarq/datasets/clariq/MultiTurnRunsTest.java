package io.clarq.datasets.clariq;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.testing.SharedData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MultiTurnRunsTest {
  @Test
  void testWriteThenReadKeepsTextExactly(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("mt_run");
    List<MultiTurnRunRow> rows = List.of(
        new MultiTurnRunRow(0, "4-0", "are you looking for a world atlas ", 1, 2.5, "clarq"),
        new MultiTurnRunRow(0, "4-1", "", 1, 0.0, "clarq"),
        new MultiTurnRunRow(0, "4-2", "do you mean \"the wall\"", 1, 1.0, "clarq"));
    MultiTurnRuns.write(f, rows);
    assertThat(Files.readAllLines(f)).containsExactly(
        "4-0 0 \"are you looking for a world atlas \" 1 2.5 clarq",
        "4-1 0 \"\" 1 0.0 clarq",
        "4-2 0 \"do you mean \"\"the wall\"\"\" 1 1.0 clarq");
    assertThat(MultiTurnRuns.read(f)).extracting(MultiTurnRunRow::question)
        .containsExactly("are you looking for a world atlas ", "", "do you mean \"the wall\"");
    assertThat(MultiTurnRuns.read(f).get(1).line()).isEqualTo(2);
  }

  @Test
  void testReadsOfficialSampleRun() {
    List<MultiTurnRunRow> rows = MultiTurnRuns.read(SharedData.require("clariq/sample_runs/dev_bm25_multi_turn"));
    assertThat(rows).hasSize(15345);
    assertThat(rows.get(0)).isEqualTo(
        new MultiTurnRunRow(1, "968", "do you want to know the cost of an appraisal", 0, 5, "bm25_multi_turn"));
  }
}
