package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.testing.SharedData;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code clarq provider-audit} end to end on a published run: JSON fields, explanation, dump, bad arguments. */
class ProviderAuditCommandTest {
  private static final String RUN = "l2l_GPT-4o_seeker_vs_GPT-4o_provider.Chat.En";

  @TempDir Path tmp;

  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int audit(String... args) {
    CommandLine cl = ClarqCommand.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    String[] all = new String[args.length + 5];
    all[0] = "provider-audit";
    all[1] = "--tasks";
    all[2] = SharedData.require("clarq-llm/tasks").toString();
    all[3] = "--transcripts";
    all[4] = SharedData.require("clarq-llm/transcripts/" + RUN + ".json").toString();
    System.arraycopy(args, 0, all, 5, args.length);
    return cl.execute(all);
  }

  @Test
  void testJsonHasTurnsAndAgreementOverallAndPerRun() throws Exception {
    Path dump = tmp.resolve("turns.jsonl");
    assertThat(audit("--types", "1-2", "--json", "--dump", dump.toString())).as(err.toString()).isZero();
    JsonNode json = new ObjectMapper().readTree(out.toString());
    int turns = json.get("turns").asInt();
    assertThat(turns).isPositive();
    assertThat(json.get("decision_agreement").asDouble()).isBetween(0.0, 1.0);
    assertThat(json.get("exact_agreement").asDouble()).isLessThanOrEqualTo(json.get("decision_agreement").asDouble());
    JsonNode run = json.get("runs").get(RUN);
    assertThat(run.get("turns").asInt()).isEqualTo(turns);
    assertThat(run.get("baselines").get("always_response_ii").get("exact_agreement").asDouble()).isPositive();
    assertThat(json.get("types").fieldNames()).toIterable().containsExactly("type 1", "type 2");
    assertThat(Files.readAllLines(dump)).hasSize(turns)
        .allSatisfy(l -> assertThat(l).contains("\"explanation\":").contains("\"recorded_nodes\":"));
  }

  @Test
  void testExplainShowsTheRecordedAndAuditedReplyAndScores() {
    assertThat(audit("--types", "3", "--explain", "3.2/2")).as(err.toString()).isZero();
    assertThat(out.toString())
        .contains("run " + RUN + ", task 3.2, turn 2")
        .contains("available: [1, 2]")
        .contains("recorded:  [1] Jax: To enter the building")
        .containsPattern("why: .*scores 1=0\\.\\d{3} 2=0\\.\\d{3}");
  }

  @Test
  void testTrialsPrintTheProviderNoiseAndSendEachTrialsSeed() throws Exception {
    // the offline provider is deterministic: the same turns never flip
    assertThat(audit("--types", "1", "--trials", "3")).as(err.toString()).isZero();
    assertThat(out.toString()).contains("provider noise: the same").contains("in 3 trials (seeds 8848-8850)")
        .containsPattern("Response I vs II +0 +0\\.0000");
    try (io.clarq.core.testing.FakeOpenAiServer server = io.clarq.core.testing.FakeOpenAiServer.start(
        new io.clarq.core.clarqllm.provider.llm.SimulatedClarqModel(java.time.Duration.ZERO)::reply)) {
      assertThat(audit("--types", "1", "--trials", "2", "--provider", server.baseUrl().toString()))
          .as(err.toString()).isZero();
      assertThat(server.requests().stream().map(r -> r.json().path("seed").asLong()).distinct().sorted().toList())
          .containsExactly(8848L, 8849L);
    }
    assertThat(audit("--types", "1", "--trials", "0")).isEqualTo(2);
    assertThat(err.toString()).contains("--trials 0: must be 1-100");
  }

  @Test
  void testBadTypesAndUnknownTurnAreReported() {
    assertThat(audit("--types", "0-40")).isEqualTo(2);
    assertThat(err.toString()).contains("--types 0-40: \"0-40\" is not a task type or range of types within 1-31");
    assertThat(audit("--types", "3", "--explain", "4.0/2")).isEqualTo(1);
    assertThat(err.toString()).contains("--explain 4.0/2: no audited turn 4.0/2");
  }
}
