package io.clarq.datasets.clariq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClarificationNeedRunReaderTest {
  @TempDir Path dir;

  private Path file(String content) throws Exception {
    Path f = dir.resolve("cn_run");
    Files.writeString(f, content);
    return f;
  }

  private String strictError(String content) throws Exception {
    Path f = file(content);
    try {
      ClarificationNeedRunReader.read(f);
    } catch (RuntimeException e) {
      return e.getMessage().replace(f.toString(), "F");
    }
    throw new AssertionError("no error for " + content);
  }

  @Test
  void testStrictErrorsNameTheLine() throws Exception {
    String want = "expected \"<topic_id> <label>\" with a label 1-4, got ";
    assertThat(strictError("topic_id label\n8 2\n")).isEqualTo("run file F, line 1: " + want + "a header line");
    assertThat(strictError("8 2\n 18 3\n")).isEqualTo("run file F, line 2: " + want + "a line starting with a space");
    assertThat(strictError("8 2\n18 5\n")).isEqualTo("run file F, line 2: " + want + "label 5 (outside 1-4)");
    assertThat(strictError("8 0\n")).isEqualTo("run file F, line 1: " + want + "label 0 (outside 1-4)");
    assertThat(strictError("8\t2\n")).isEqualTo("run file F, line 1: " + want + "a tab: fields are separated by a single space");
    assertThat(strictError("8 two\n")).isEqualTo("run file F, line 1: " + want + "label \"two\" (not an integer)");
    assertThat(strictError("")).isEqualTo("run file F: the file is empty: expected \"<topic_id> <label>\" with a label 1-4");
  }

  @Test
  void testRepeatedTopicWithTheSameLabelIsKeptAndWithAnotherRefused() throws Exception {
    ClarificationNeedRun run = ClarificationNeedRunReader.read(file("8 2\n18 3\n\n8 2\n"));
    assertThat(run.labels()).containsEntry(8, 2).containsEntry(18, 3).hasSize(2);
    assertThat(run.lines()).containsEntry(8, 4);
    assertThat(strictError("8 2\n18 3\n\n8 4\n"))
        .isEqualTo("run file F, line 4: topic 8 is labelled 4 here and 2 on line 1; keep one label per topic");
    // the official tool keeps the last label: lenient reading does too, and says so
    ClarificationNeedRun official = ClarificationNeedRunReader.readAsOfficialTool(file("8 2\n18 3\n\n8 4\n"));
    assertThat(official.labels()).containsEntry(8, 4);
    assertThat(official.warnings()).containsExactly("topic 8 is listed twice with different labels (2 on line 1, 4"
        + " on line 4): the official tool keeps the last, 4");
  }

  @Test
  void testOfficialReadingOfBadFiles() throws Exception {
    // a header line: pandas keys every topic by text, nothing matches
    ClarificationNeedRun header = ClarificationNeedRunReader.readAsOfficialTool(file("topic_id label\n8 2\n"));
    assertThat(header.labels()).isEmpty();
    assertThat(header.warnings()).singleElement().asString().contains("header line");
    // leading spaces: the topic column is empty
    assertThat(ClarificationNeedRunReader.readAsOfficialTool(file(" 8 2\n 18 3\n")).labels()).isEmpty();
    // labels outside 1-4 are kept as classes
    assertThat(ClarificationNeedRunReader.readAsOfficialTool(file("8 7\n18 2.0\n")).labels())
        .containsEntry(8, 7).containsEntry(18, 2);
    // crashes of the official tool stay errors
    assertThatThrownBy(() -> ClarificationNeedRunReader.readAsOfficialTool(file("8 two\n")))
        .hasMessageContaining("line 1: label \"two\" is not a number; the official tool fails here too");
    assertThatThrownBy(() -> ClarificationNeedRunReader.readAsOfficialTool(file("8\t2\n")))
        .hasMessageContaining("the official tool fails with KeyError: 1");
    assertThatThrownBy(() -> ClarificationNeedRunReader.readAsOfficialTool(file("")))
        .hasMessageContaining("the file is empty");
  }
}
