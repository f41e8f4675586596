package io.clarq.eval.mediq;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.testing.SharedData;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The reference runs' own figures (the traces' split_stats and the benchmark's printed totals) from its output. */
class MediqOutputFileTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void testFiguresOfTheReferenceOutputsAreTheReferenceRunsOwn(@TempDir Path dir) throws IOException {
    Path traces = SharedData.require("mediq/reference-traces");
    List<Path> files = MediqConformance.traceFiles(traces);
    assertThat(files).hasSize(80);
    for (Path f : files) {
      List<String> lines = new ArrayList<>();
      JsonNode stats = null;
      int maxQuestions = 30;
      try (BufferedReader r = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(f)),
          StandardCharsets.UTF_8))) {
        String line;
        while ((line = r.readLine()) != null) {
          JsonNode o = JSON.readTree(line);
          switch (o.path("type").asText()) {
            case "header" -> {
              List<String> argv = new ArrayList<>();
              o.path("benchmark_argv").forEach(a -> argv.add(a.asText()));
              maxQuestions = Integer.parseInt(argv.get(argv.indexOf("--max_questions") + 1));
            }
            case "output" -> lines.add(o.path("line").asText());
            case "run_summary" -> stats = o.path("split_stats");
            default -> { }
          }
        }
      }
      Path out = dir.resolve(f.getFileName() + ".out.jsonl");
      Files.write(out, lines, StandardCharsets.UTF_8);
      MediqFigures fig = MediqFigures.of(MediqOutputFile.read(out, maxQuestions));
      assertThat(fig.cases()).as(f.toString()).isEqualTo(stats.path("cases").asInt());
      assertThat(fig.correct()).as(f.toString()).isEqualTo(stats.path("correct").asInt());
      assertThat(fig.timeouts()).as(f.toString()).isEqualTo(stats.path("timeouts").asInt());
      assertThat(Math.round(fig.averageTurns() * fig.cases())).as(f.toString())
          .isEqualTo(stats.path("sum_turns(len(intermediate_choices))").asLong());
      assertThat(Math.round(fig.averageQuestions() * fig.cases())).as(f.toString())
          .isEqualTo(stats.path("sum_num_questions").asLong());
      // every case reaches turn 1; the last turn's intermediate choice is the final letter
      assertThat(fig.byTurn().get(0).cases()).isEqualTo(fig.cases());
      assertThat(fig.byTurn().stream().mapToInt(MediqFigures.TurnAccuracy::cases).sum())
          .isEqualTo(stats.path("sum_turns(len(intermediate_choices))").asInt());
    }
  }
}
