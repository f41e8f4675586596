package io.clarq.eval.clariq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.clariq.ClariqSplit;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.trec.FileFormatException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every bad-input case of docs/protocol/clariq.md: an error naming the line, or with --lenient the official result. */
class ClariqEvaluatorBadInputTest {
  @TempDir Path dir;

  private Path run(String content) throws Exception {
    Path f = dir.resolve("dev_run.txt");
    Files.writeString(f, content);
    return f;
  }

  private static String bm25Lines() throws Exception {
    return Files.readAllLines(SharedData.require("clariq/sample_runs/dev_bm25")).stream().limit(60)
        .collect(Collectors.joining("\n", "", "\n"));
  }

  private ClariqReport eval(ClariqTask task, Path file, boolean lenient) {
    return ClariqEvaluator.evaluate(SharedData.require("clariq"), task, ClariqSplit.DEV, file, lenient, null);
  }

  private String error(ClariqTask task, String content) throws Exception {
    Path f = run(content);
    try {
      eval(task, f, false);
    } catch (FileFormatException e) {
      return e.getMessage().replace(f.toString(), "dev_run.txt");
    }
    throw new AssertionError("accepted: " + content);
  }

  @Test
  void testHeaderLine() throws Exception {
    String header = "topic_id Q0 question_id rank score run_id\n";
    assertThat(error(ClariqTask.QUESTION_RELEVANCE, header + bm25Lines())).isEqualTo("run file dev_run.txt, line 1: "
        + "expected \"<topic_id> 0 <question_id> <rank> <score> <run_id>\", got a header line");
    assertThat(eval(ClariqTask.QUESTION_RELEVANCE, run(header + bm25Lines()), true).officialLines())
        .containsExactly("Recall5: 0.0", "Recall10: 0.0", "Recall20: 0.0", "Recall30: 0.0");
    assertThat(error(ClariqTask.CLARIFICATION_NEED, "topic_id label\n8 2\n"))
        .isEqualTo("run file dev_run.txt, line 1: expected \"<topic_id> <label>\" with a label 1-4, got a header line");
    assertThat(eval(ClariqTask.CLARIFICATION_NEED, run("topic_id label\n8 2\n"), true).officialLines())
        .containsExactly("Precision:  0.0", "Recall:  0.0", "F1: 0.0");
  }

  @Test
  void testLeadingSpace() throws Exception {
    String shifted = bm25Lines().lines().map(l -> " " + l).collect(Collectors.joining("\n"));
    assertThat(error(ClariqTask.QUESTION_RELEVANCE, shifted)).isEqualTo("run file dev_run.txt, line 1: "
        + "expected \"<topic_id> 0 <question_id> <rank> <score> <run_id>\", got a line starting with a space");
    assertThat(eval(ClariqTask.QUESTION_RELEVANCE, run(shifted), true).means().values()).containsOnly(0.0);
    assertThat(error(ClariqTask.CLARIFICATION_NEED, " 8 2\n 18 2\n")).isEqualTo("run file dev_run.txt, line 1: "
        + "expected \"<topic_id> <label>\" with a label 1-4, got a line starting with a space");
    assertThat(eval(ClariqTask.CLARIFICATION_NEED, run(" 8 2\n 18 2\n"), true).means().values()).containsOnly(0.0);
  }

  @Test
  void testLabelsOutsideOneToFour() throws Exception {
    assertThat(error(ClariqTask.CLARIFICATION_NEED, "8 2\n18 5\n")).isEqualTo("run file dev_run.txt, line 2: "
        + "expected \"<topic_id> <label>\" with a label 1-4, got label 5 (outside 1-4)");
    // official: label 0 for every topic is never right
    StringBuilder zeros = new StringBuilder();
    for (int t : new io.clarq.datasets.clariq.ClariqDataDir(SharedData.require("clariq")).topics(ClariqSplit.DEV)
        .topicsById().keySet()) {
      zeros.append(t).append(" 0\n");
    }
    assertThat(eval(ClariqTask.CLARIFICATION_NEED, run(zeros.toString()), true).officialLines())
        .containsExactly("Precision:  0.0", "Recall:  0.0", "F1: 0.0");
  }

  @Test
  void testTabs() throws Exception {
    String tabbed = bm25Lines().replace(' ', '\t');
    assertThat(error(ClariqTask.QUESTION_RELEVANCE, tabbed)).isEqualTo("run file dev_run.txt, line 1: "
        + "expected \"<topic_id> 0 <question_id> <rank> <score> <run_id>\", got a tab: fields are separated by single spaces");
    assertThatThrownBy(() -> eval(ClariqTask.QUESTION_RELEVANCE, run(tabbed), true))
        .hasMessageContaining("line 1: has 1 column(s) split at single spaces; the official tool fails with KeyError: 4");
    assertThat(error(ClariqTask.CLARIFICATION_NEED, "8\t2\n")).isEqualTo("run file dev_run.txt, line 1: "
        + "expected \"<topic_id> <label>\" with a label 1-4, got a tab: fields are separated by a single space");
  }

  @Test
  void testFourColumnRankingRun() throws Exception {
    assertThat(error(ClariqTask.QUESTION_RELEVANCE, "101 Q01811 1 30\n")).isEqualTo("run file dev_run.txt, line 1: "
        + "expected \"<topic_id> 0 <question_id> <rank> <score> <run_id>\", got 4 fields");
    assertThatThrownBy(() -> eval(ClariqTask.QUESTION_RELEVANCE, run("101 Q01811 1 30\n"), true))
        .hasMessageContaining("has 4 column(s) split at single spaces; the official tool fails with KeyError: 4");
  }

  @Test
  void testEmptyFile() throws Exception {
    assertThat(error(ClariqTask.QUESTION_RELEVANCE, "")).isEqualTo("run file dev_run.txt: the file is empty: "
        + "expected lines \"<topic_id> 0 <question_id> <rank> <score> <run_id>\"");
    assertThat(error(ClariqTask.CLARIFICATION_NEED, "")).isEqualTo("run file dev_run.txt: the file is empty: "
        + "expected \"<topic_id> <label>\" with a label 1-4");
    assertThatThrownBy(() -> eval(ClariqTask.CLARIFICATION_NEED, run(""), true))
        .hasMessageContaining("the file is empty (the official tool fails here too)");
  }

  @Test
  void testTextLabels() throws Exception {
    assertThat(error(ClariqTask.CLARIFICATION_NEED, "8 two\n")).isEqualTo("run file dev_run.txt, line 1: "
        + "expected \"<topic_id> <label>\" with a label 1-4, got label \"two\" (not an integer)");
    assertThatThrownBy(() -> eval(ClariqTask.CLARIFICATION_NEED, run("8 2\n18 two\n"), true))
        .hasMessageContaining("line 2: label \"two\" is not a number; the official tool fails here too");
  }

  @Test
  void testUnknownTopicIds() throws Exception {
    assertThat(error(ClariqTask.QUESTION_RELEVANCE, bm25Lines() + "999 0 Q00001 0 1 x\n"))
        .isEqualTo("run file dev_run.txt, line 61: topic 999 is not a topic of the gold file");
    assertThat(error(ClariqTask.CLARIFICATION_NEED, "8 2\n999 3\n"))
        .isEqualTo("run file dev_run.txt, line 2: topic 999 is not a topic of the gold file");
    ClariqReport lenient = eval(ClariqTask.QUESTION_RELEVANCE, run(bm25Lines() + "999 0 Q00001 0 1 x\n"), true);
    assertThat(lenient.means()).isEqualTo(
        eval(ClariqTask.QUESTION_RELEVANCE, run(bm25Lines()), false).means());
    assertThat(lenient.warnings()).singleElement().asString().startsWith("1 run line(s) name topics outside");
  }

  @Test
  void testQuestionIdOutsideTheBank() throws Exception {
    String lines = "101 0 Q00697 1 2 r\n101 0 Q99999 2 1 r\n";
    assertThat(error(ClariqTask.QUESTION_RELEVANCE, lines)).startsWith("run file dev_run.txt, line 2: question id"
        + " \"Q99999\" is not in the question bank (").endsWith("question_bank.tsv); cite questions by their bank ids");
    // leniently it is scored as the official tool scores it, and the warning counts it
    ClariqReport lenient = eval(ClariqTask.QUESTION_RELEVANCE, run(lines), true);
    assertThat(lenient.warnings()).containsExactly("1 run line(s) cite question ids not in the question bank (first:"
        + " Q99999 on line 2): scored as never relevant, as the official tool does");
  }

  @Test
  void testRunWithoutItsRunIdColumn() throws Exception {
    // the official tool reads columns 0, 2 and 4 only: scored alike, with a counted warning
    String tagged = bm25Lines();
    String untagged = tagged.lines().map(l -> l.substring(0, l.lastIndexOf(' ')) + "\n")
        .collect(java.util.stream.Collectors.joining());
    ClariqReport r = eval(ClariqTask.QUESTION_RELEVANCE, run(untagged), false);
    assertThat(r.means()).isEqualTo(eval(ClariqTask.QUESTION_RELEVANCE, run(tagged), false).means());
    assertThat(r.warnings()).containsExactly(tagged.lines().count() + " run line(s) have 5 fields, no run tag (first:"
        + " line 1): scored from the topic, item and score columns, as the official tool does");
    assertThat(error(ClariqTask.QUESTION_RELEVANCE, "101 0 Q00697 1 2\n101 0 Q00698 2 1 r\n")).isEqualTo("run file"
        + " dev_run.txt, line 2: has 6 fields, but the run's first line has 5 (no run tag): give every line its run tag"
        + " or none; the official tool fails on it (pandas: Expected 5 fields)");
  }
}
