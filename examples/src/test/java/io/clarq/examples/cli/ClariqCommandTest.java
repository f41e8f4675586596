package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.testing.Regressions;
import io.clarq.core.testing.SharedData;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ClariqCommandTest {
  @TempDir Path dir;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    CommandLine cl = ClarqCommand.commandLine();
    cl.setOut(new PrintWriter(out));
    cl.setErr(new PrintWriter(err));
    return cl.execute(args);
  }

  @Test
  void testEvalPrintsTheOfficialLinesAndPerTopicFile() throws Exception {
    Path data = SharedData.require("clariq");
    Path perTopic = dir.resolve("per_topic.json");
    int code = run("clariq", "eval", "--task", "question_relevance", "--split", "dev", "--data", data.toString(),
        "--run", data.resolve("sample_runs/dev_bm25").toString(), "--per-topic", perTopic.toString());
    assertThat(code).isZero();
    // the official tool's lines (regressions/clariq.json)
    Regressions official = Regressions.of("clariq").table("question_relevance_dev");
    assertThat(out.toString().lines())
        .containsExactlyElementsOf(official.metrics().stream().map(m -> m + ": " + official.printed("dev_bm25", m))
            .toList());
    assertThat(Files.readString(perTopic))
        .isEqualTo(Files.readString(data.resolve("sample_runs/dev_bm25_question_relevance.eval")).strip());
  }

  @Test
  void testMalformedRunFailsWithTheLineAndLenientGivesOfficialResult() throws Exception {
    Path data = SharedData.require("clariq");
    Path bad = dir.resolve("cn_run");
    Files.writeString(bad, "topic_id label\n8 2\n");
    String[] args = {"clariq", "eval", "--task", "clarification_need", "--data", data.toString(), "--run", bad.toString()};
    assertThat(run(args)).isEqualTo(1);
    assertThat(err.toString()).isEqualTo("clarq clariq eval: run file " + bad
        + ", line 1: expected \"<topic_id> <label>\" with a label 1-4, got a header line" + System.lineSeparator());
    err.getBuffer().setLength(0);
    String[] lenient = java.util.stream.Stream.concat(List.of(args).stream(), java.util.stream.Stream.of("--lenient"))
        .toArray(String[]::new);
    assertThat(run(lenient)).isZero();
    assertThat(out.toString().lines()).containsExactly("Precision:  0.0", "Recall:  0.0", "F1: 0.0");
    assertThat(err.toString()).startsWith("clarq clariq eval: warning: the topic column holds text");
  }

  @Test
  void testF1FormulaPrPrintsWhatScikitLearn12Printed() throws Exception {
    Path data = SharedData.require("clariq");
    Path all2 = dir.resolve("cn_test_all2");
    StringBuilder sb = new StringBuilder();
    for (String line : Files.readAllLines(data.resolve("test_with_labels.tsv")).subList(1, 4500)) {
      sb.append(line, 0, line.indexOf('\t')).append(" 2\n");
    }
    Files.writeString(all2, sb.toString());
    String[] args = {"clariq", "eval", "--task", "clarification_need", "--split", "test", "--data", data.toString(),
        "--run", all2.toString()};
    assertThat(run(args)).isZero();
    // docs/protocol/clariq.md, "Which F formula": scikit-learn >= 1.3 vs < 1.3 on test, every topic 2
    Regressions sklearn = Regressions.of("clariq").table("clarification_need_test_all2");
    String precision = "Precision:  " + sklearn.printed("const2", "Precision");
    String recall = "Recall:  " + sklearn.printed("const2", "Recall");
    assertThat(out.toString().lines())
        .containsExactly(precision, recall, "F1: " + sklearn.printed("const2", "F1 (counts)"));
    out.getBuffer().setLength(0);
    String[] pr = java.util.stream.Stream.concat(List.of(args).stream(), java.util.stream.Stream.of("--f1-formula", "pr"))
        .toArray(String[]::new);
    assertThat(run(pr)).isZero();
    assertThat(out.toString().lines())
        .containsExactly(precision, recall, "F1: " + sklearn.printed("const2", "F1 (P and R)"));
    assertThat(run("clariq", "eval", "--task", "clarification_need", "--data", "x", "--run", "y", "--f1-formula", "f"))
        .isEqualTo(2);
    assertThat(err.toString()).contains("unknown F1 formula \"f\"");
  }

  @Test
  void testSynthesizeCountsAndFeedsMultiTurn() throws Exception {
    Path data = SharedData.require("clariq");
    Path conversations = dir.resolve("dev_synthetic.jsonl");
    assertThat(run("clariq", "synthesize", "--split", "dev", "--turns", "2", "--data", data.toString(),
        "--out", conversations.toString())).isZero();
    // counted independently with Python (see SyntheticConversationsJsonlTest)
    assertThat(out.toString().lines()).containsExactly("dev 2 turns: 26,900", "dev total: 26,900");
    Path two = dir.resolve("two.jsonl");
    Files.write(two, Files.readAllLines(conversations).subList(0, 2));
    Path mt = dir.resolve("mt_synthetic");
    assertThat(run("clariq", "multi-turn", "--data", data.toString(), "--conversations", two.toString(),
        "--out", mt.toString())).isZero();
    assertThat(Files.readAllLines(mt)).extracting(l -> l.substring(0, l.indexOf(' '))).containsExactly(
        "dev-F0010-Q00697-Q03272-0", "dev-F0010-Q00697-Q03272-1", "dev-F0010-Q00697-Q03272-2",
        "dev-F0010-Q00697-Q03282-0", "dev-F0010-Q00697-Q03282-1", "dev-F0010-Q00697-Q03282-2");
  }

  @Test
  void testBadArgumentsExitTwo() {
    assertThat(run("clariq", "eval", "--task", "relevance", "--data", "x", "--run", "y")).isEqualTo(2);
    assertThat(err.toString()).contains("unknown ClariQ task \"relevance\"");
    assertThat(run("clariq", "eval", "--task", "clarification_need", "--data", "x", "--run", "y", "--per-topic", "z"))
        .isEqualTo(2);
    assertThat(run("clariq", "rank", "--help")).isZero();
    assertThat(out.toString()).contains("--k1", "--include-no-question");
  }

  @Test
  void testRankNeedAndMultiTurnWriteRuns() throws Exception {
    Path data = SharedData.require("clariq");
    Path rankRun = dir.resolve("dev_rank");
    assertThat(run("clariq", "rank", "--split", "dev", "--data", data.toString(), "--out", rankRun.toString())).isZero();
    assertThat(Files.readAllLines(rankRun)).hasSize(50 * 30).first().asString().matches("101 0 Q\\d{5} 1 30 clarq_bm25_rm3");
    // progress on stderr, one line per twentieth of the topics (50: every second one)
    assertThat(err.toString()).contains("clariq rank: topics: 2/50\n").contains("clariq rank: topics: 50/50\n");
    Path needRun = dir.resolve("cn_test");
    assertThat(run("clariq", "need", "--split", "test", "--data", data.toString(), "--out", needRun.toString())).isZero();
    assertThat(Files.readAllLines(needRun)).hasSize(61).allMatch(l -> l.matches("\\d+ [1-4]"));
    Path mt = dir.resolve("mt_run");
    assertThat(run("clariq", "multi-turn", "--data", data.toString(), "--out", mt.toString())).isZero();
    List<String> lines = Files.readAllLines(mt);
    assertThat(lines).hasSize(499 * 4);
    assertThat(lines).filteredOn(l -> l.startsWith("0-3 ")).containsExactly("0-3 0 \"\" 1 0.0 clarq_multi_turn");
    assertThat(lines).filteredOn(l -> l.startsWith("0-0 ")).singleElement().asString().doesNotContain("\"\"");
  }

  @Test
  void testRetrievalEvalOnCacm() throws Exception {
    Path cacm = SharedData.require("cacm");
    assertThat(run("retrieval", "eval", "--collection", "cacm", "--data", cacm.toString(), "--model", "bm25", "--json"))
        .isZero();
    Regressions.of("cacm").assertFigure("bm25", "map",
        new com.fasterxml.jackson.databind.ObjectMapper().readTree(out.toString()).get("map").asDouble());
    assertThat(out.toString()).startsWith("{\"run\": \"bm25\", \"topics\": 52, \"map\": ")
        .contains("\"documents\": 3204, \"topics_read\": 64}").contains("\"NDCG3\": ", "\"MRR100\": ");
    out.getBuffer().setLength(0);
    assertThat(run("retrieval", "eval", "--collection", "cacm", "--data", cacm.toString(), "--model", "bm25")).isZero();
    String text = out.toString();
    // trec_eval's measures, then ClariQ's under the official names, NDCG3 first; ClariQ's MAP is trec_eval's map
    java.util.regex.Matcher map = java.util.regex.Pattern.compile("(?m)^map +\\tall\\t(\\S+)$").matcher(text);
    assertThat(map.find()).as(text).isTrue();
    assertThat(text).contains("MAP            \tall\t" + map.group(1));
    assertThat(text.indexOf("recip_rank")).isLessThan(text.indexOf("NDCG3"));
    assertThat(text.indexOf("NDCG3")).isLessThan(text.indexOf("NDCG1 "));
    assertThat(text).contains("NDCG5", "NDCG10", "NDCG20", "P1 ", "P3 ", "P20", "MRR100");
    assertThat(run("retrieval", "eval", "--collection", "robust04", "--data", cacm.toString())).isEqualTo(2);
  }
}
