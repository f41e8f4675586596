package io.clarq.datasets.trec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.testing.SharedData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TrecRunReaderTest {
  @TempDir Path dir;

  private Path file(String content) throws Exception {
    Path f = dir.resolve("dev_run.txt");
    Files.writeString(f, content);
    return f;
  }

  private String strictError(String content) throws Exception {
    Path f = file(content);
    try {
      TrecRunReader.read(f, TrecRunReader.QUESTION_RUN);
    } catch (FileFormatException e) {
      return e.getMessage().replace(f.toString(), "dev_run.txt");
    }
    throw new AssertionError("no error for " + content);
  }

  @Test
  void testStrictErrorsNameTheLine() throws Exception {
    String want = "expected \"<topic_id> 0 <question_id> <rank> <score> <run_id>\", got ";
    assertThat(strictError("topic_id Q0 question_id rank score run_id\n101 0 Q1 1 2 r\n"))
        .isEqualTo("run file dev_run.txt, line 1: " + want + "a header line");
    assertThat(strictError("101 0 Q1 1 2 r\n 101 0 Q2 2 1 r\n"))
        .isEqualTo("run file dev_run.txt, line 2: " + want + "a line starting with a space");
    assertThat(strictError("101\t0\tQ1\t1\t2\tr\n"))
        .isEqualTo("run file dev_run.txt, line 1: " + want + "a tab: fields are separated by single spaces");
    assertThat(strictError("101 0 Q1 2\n")).isEqualTo("run file dev_run.txt, line 1: " + want + "4 fields");
    assertThat(strictError("\n")).isEqualTo("run file dev_run.txt: the file is empty: expected lines "
        + "\"<topic_id> 0 <question_id> <rank> <score> <run_id>\"");
    assertThat(strictError("101 0 Q1 1 high r\n"))
        .isEqualTo("run file dev_run.txt, line 1: " + want + "score \"high\" (not a finite number)");
    assertThat(strictError("101 0 Q1 1 2 r x\n")).isEqualTo("run file dev_run.txt, line 1: " + want + "7 fields");
    assertThat(strictError("101 0 Q1 1 2 r\n   \n"))
        .isEqualTo("run file dev_run.txt, line 2: " + want + "a line of only spaces");
    assertThat(strictError("topic Q0 question rank score\n"))
        .isEqualTo("run file dev_run.txt, line 1: " + want + "a header line");
  }

  @Test
  void testStrictReadingAcceptsWhatChangesNoScore() throws Exception {
    List<RunRow> expected = List.of(new RunRow(1, "101", "Q1", 1, 2, "r"), new RunRow(2, "101", "Q2", 2, 1.5, "r"));
    assertThat(TrecRunReader.read(file("101 0 Q1 1 2 r \n101 0 Q2 2 1.5 r\t \n"), TrecRunReader.QUESTION_RUN).rows())
        .isEqualTo(expected);
    assertThat(TrecRunReader.read(file("101 0 Q1 1 2 r\r\n101 0 Q2 2 1.5 r\r\n"), TrecRunReader.QUESTION_RUN).rows())
        .isEqualTo(expected);
    // without its run-id column a line is read as the official tool reads it (columns 0, 2 and 4), and counted
    RunFile untagged = TrecRunReader.read(file("101 0 Q1 1 2\n101 0 Q2 2 1.5 \n"), TrecRunReader.QUESTION_RUN);
    assertThat(untagged.rows()).containsExactly(new RunRow(1, "101", "Q1", 1, 2, ""),
        new RunRow(2, "101", "Q2", 2, 1.5, ""));
    assertThat(untagged.warnings()).containsExactly("2 run line(s) have 5 fields, no run tag (first: line 1): scored"
        + " from the topic, item and score columns, as the official tool does");
    RunFile someUntagged = TrecRunReader.read(file("101 0 Q1 1 2 r\n101 0 Q2 2 1.5\n"), TrecRunReader.QUESTION_RUN);
    assertThat(someUntagged.rows()).extracting(RunRow::tag).containsExactly("r", "");
    assertThat(someUntagged.warnings()).singleElement().asString().startsWith("1 run line(s) have 5 fields, no run"
        + " tag (first: line 2)");
    // pandas takes the column count from the first line: a tag after an untagged first line is its ParserError
    assertThat(strictError("101 0 Q1 1 2\n101 0 Q2 2 1.5 r\n")).isEqualTo("run file dev_run.txt, line 2: has 6"
        + " fields, but the run's first line has 5 (no run tag): give every line its run tag or none; the official"
        + " tool fails on it (pandas: Expected 5 fields)");
    RunFile lenient = TrecRunReader.readAsOfficialTool(file("101 0 Q1 1 2\n101 0 Q2 2 1.5\n"));
    assertThat(lenient.rows()).extracting(RunRow::item).containsExactly("Q1", "Q2");
    assertThat(lenient.warnings()).isEqualTo(untagged.warnings());
  }

  @Test
  void testOfficialReadingOfBadFiles() throws Exception {
    RunFile header = TrecRunReader.readAsOfficialTool(file("topic_id Q0 question_id rank score run_id\n101 0 Q1 1 2 r\n"));
    assertThat(header.rows()).isEmpty();
    assertThat(header.warnings()).singleElement().asString().contains("a header line?");
    RunFile leading = TrecRunReader.readAsOfficialTool(file(" 101 0 Q1 1 2 r\n 101 0 Q2 2 1 r\n"));
    assertThat(leading.rows()).isEmpty();
    assertThatThrownBy(() -> TrecRunReader.readAsOfficialTool(file("101\t0\tQ1\t1\t2\tr\n")))
        .hasMessageContaining("KeyError: 4");
    assertThatThrownBy(() -> TrecRunReader.readAsOfficialTool(file("101 0 Q1 2\n")))
        .hasMessageContaining("KeyError: 4");
    assertThatThrownBy(() -> TrecRunReader.readAsOfficialTool(file(""))).hasMessageContaining("the file is empty");
    RunFile floats = TrecRunReader.readAsOfficialTool(file("101.0 0 Q1 1 2.5 r\n"));
    assertThat(floats.rows()).singleElement().satisfies(r -> {
      assertThat(r.topic()).isEqualTo("101");
      assertThat(r.score()).isEqualTo(2.5);
    });
  }

  @Test
  void testReadsOfficialSampleRunAndWritesItBack() throws Exception {
    RunFile run = TrecRunReader.read(SharedData.require("clariq/sample_runs/dev_bm25"), TrecRunReader.QUESTION_RUN);
    assertThat(run.rows()).hasSize(1508);
    assertThat(run.rows().get(0)).isEqualTo(new RunRow(1, "101", "Q01811", 0, 30, "bm25"));
    Path out = dir.resolve("copy");
    TrecRunWriter.write(out, run.rows().subList(0, 2), "0", s -> Integer.toString((int) s));
    assertThat(Files.readAllLines(out)).containsExactly("101 0 Q01811 0 30 bm25", "101 0 Q01055 1 29 bm25");
    TrecRunWriter.write(out, List.of(new RunRow(0, "1", "CACM-0001", 1, 3.14159265, "x")), "Q0",
        TrecRunWriter.SIX_DECIMALS);
    assertThat(Files.readString(out)).isEqualTo("1 Q0 CACM-0001 1 3.141593 x\n");
    assertThat(Files.list(dir)).extracting(p -> p.getFileName().toString()).containsExactly("copy");
  }
}
