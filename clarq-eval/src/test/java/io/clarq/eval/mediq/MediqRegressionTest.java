package io.clarq.eval.mediq;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.testing.Regressions;
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

/**
 * MediQ's regression file ({@code regressions/mediq.json}, quoted in docs/mediq.md): clarq's scoring of the reference
 * benchmark's output lines gives the figures the reference runs' captures counted, for every run of both tables; and
 * the file holds exactly the traces' own counts, so it cannot drift from its source.
 */
class MediqRegressionTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void testClarqScoresTheReferenceOutputsAsTheRegressionFileSays(@TempDir Path dir) throws IOException {
    Path traces = SharedData.require("mediq/reference-traces");
    Regressions file = Regressions.of("mediq");
    assertThat(file.tables()).containsExactly("craft_md", "dev_good");
    int runs = 0;
    for (String table : file.tables()) {
      Regressions r = file.table(table);
      for (String run : r.runs()) {
        Trace t = Trace.read(traces.resolve(table + "__" + run + ".jsonl.gz"));
        Path out = dir.resolve(table + "__" + run + ".out.jsonl");
        Files.write(out, t.outputLines(), StandardCharsets.UTF_8);
        MediqFigures fig = MediqFigures.of(MediqOutputFile.read(out, t.maxQuestions()));
        String what = table + " " + run;
        assertThat(fig.cases()).as(what).isEqualTo(r.whole(run, "cases"));
        assertThat(fig.correct()).as(what).isEqualTo(r.whole(run, "correct"));
        assertThat(fig.timeouts()).as(what).isEqualTo(r.whole(run, "timeouts"));
        assertThat(Math.round(fig.averageTurns() * fig.cases())).as(what).isEqualTo(r.whole(run, "turns"));
        assertThat(Math.round(fig.averageQuestions() * fig.cases())).as(what).isEqualTo(r.whole(run, "questions"));
        r.assertFigure(run, "accuracy", fig.accuracy().value());
        r.assertFigure(run, "timeout_rate", fig.timeoutRate());
        r.assertFigure(run, "avg_turns", fig.averageTurns());
        // every case reaches turn 1; the last turn's intermediate choice is the final letter
        assertThat(fig.byTurn().get(0).cases()).as(what).isEqualTo(fig.cases());
        assertThat(fig.byTurn().stream().mapToInt(MediqFigures.TurnAccuracy::cases).sum()).as(what)
            .isEqualTo(r.whole(run, "turns"));
        runs++;
      }
    }
    assertThat(runs).isEqualTo(MediqConformance.traceFiles(traces).size()).isEqualTo(80);
  }

  @Test
  void testTheRegressionFileHoldsTheTracesOwnCounts() throws IOException {
    Path traces = SharedData.require("mediq/reference-traces");
    Regressions file = Regressions.of("mediq");
    for (Path f : MediqConformance.traceFiles(traces)) {
      String name = f.getFileName().toString().replace(".jsonl.gz", "");
      String table = name.substring(0, name.indexOf("__"));
      String run = name.substring(table.length() + 2);
      Regressions r = file.table(table);
      assertThat(r.runs()).as(name).contains(run);
      JsonNode stats = Trace.read(f).splitStats();
      int cases = stats.path("cases").asInt();
      assertThat(r.whole(run, "cases")).as(name).isEqualTo(cases);
      assertThat(r.whole(run, "correct")).as(name).isEqualTo(stats.path("correct").asLong());
      assertThat(r.whole(run, "timeouts")).as(name).isEqualTo(stats.path("timeouts").asLong());
      assertThat(r.whole(run, "turns")).as(name).isEqualTo(stats.path("sum_turns(len(intermediate_choices))").asLong());
      assertThat(r.whole(run, "questions")).as(name).isEqualTo(stats.path("sum_num_questions").asLong());
      r.assertFigure(run, "accuracy", stats.path("correct").asDouble() / cases);
      r.assertFigure(run, "timeout_rate", stats.path("timeouts").asDouble() / cases);
      r.assertFigure(run, "avg_turns", stats.path("sum_turns(len(intermediate_choices))").asDouble() / cases);
    }
  }

  /** What a trace file says about its run: the output lines, the question cap and the capture's counts. */
  private record Trace(List<String> outputLines, int maxQuestions, JsonNode splitStats) {
    static Trace read(Path f) throws IOException {
      List<String> lines = new ArrayList<>();
      JsonNode stats = null;
      int maxQuestions = -1;
      try (BufferedReader in = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(f)),
          StandardCharsets.UTF_8))) {
        String line;
        while ((line = in.readLine()) != null) {
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
      assertThat(stats).as(f + " has a run_summary").isNotNull();
      assertThat(maxQuestions).as(f + " names --max_questions").isPositive();
      return new Trace(lines, maxQuestions, stats);
    }
  }
}
