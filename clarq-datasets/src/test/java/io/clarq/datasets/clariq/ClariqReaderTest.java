package io.clarq.datasets.clariq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.clariq.ClarifyingQuestion;
import io.clarq.core.clariq.ClariqSplit;
import io.clarq.core.clariq.ClariqTopics;
import io.clarq.core.clariq.HumanConversation;
import io.clarq.core.clariq.QuestionBank;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.trec.FileFormatException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClariqReaderTest {
  private static ClariqDataDir data() {
    return new ClariqDataDir(SharedData.require("clariq"));
  }

  @Test
  void testSplitFingerprints() {
    ClariqTopics train = data().topics(ClariqSplit.TRAIN);
    assertThat(train.rows()).hasSize(9176);
    assertThat(train.topics()).hasSize(187);
    assertThat(train.facetCount()).isEqualTo(638);
    assertThat(train.rows().get(0).facet().id()).isEqualTo("F0001");
    assertThat(train.rows().get(9175).questionId()).isEqualTo("Q01867");

    ClariqTopics dev = data().topics(ClariqSplit.DEV);
    assertThat(dev.rows()).hasSize(2313);
    assertThat(dev.topics()).hasSize(50);
    assertThat(dev.facetCount()).isEqualTo(163);
    assertThat(dev.topics().get(0).id()).isEqualTo(101);
    assertThat(dev.topicsById().firstKey()).isEqualTo(8);
    assertThat(dev.topicsById().lastKey()).isEqualTo(293);

    ClariqTopics test = data().topics(ClariqSplit.TEST);
    assertThat(test.rows()).hasSize(4499);
    assertThat(test.topics()).hasSize(61);
    assertThat(test.facetCount()).isEqualTo(269);
    assertThat(data().testRequests()).hasSize(61)
        .first().satisfies(r -> assertThat(r.text()).isEqualTo("I would like to know more about raspberry pi"));
  }

  @Test
  void testTextIsPreservedExactly() {
    // dev.tsv has \"" inside a quoted field: a backslash stays, the doubled quote is one quote
    assertThat(data().topics(ClariqSplit.DEV).topic(133).orElseThrow().description())
        .isEqualTo("Who said \\\"all men are created equal\\\"?");
    assertThat(data().topics(ClariqSplit.TRAIN).topic(1).orElseThrow().description())
        .startsWith("Find information on President Barack Obama\\'s family history");
    assertThat(data().topics(ClariqSplit.TRAIN).rows().get(0).facet().description())
        .isEqualTo("Find the TIME magazine photo essay \"Barack Obama's Family Tree\".");
  }

  @Test
  void testQuestionBankFingerprint() {
    QuestionBank bank = data().questionBank();
    assertThat(bank.size()).isEqualTo(3941);
    assertThat(bank.questions().get(0)).isEqualTo(new ClarifyingQuestion("Q00001", ""));
    assertThat(bank.questions().get(0).isNoQuestion()).isTrue();
    assertThat(bank.questions().get(3940).id()).isEqualTo("Q03941");
    assertThat(bank.questions().stream().filter(q -> q.text().endsWith(" "))).hasSize(9);
    assertThat(bank.byId("Q00060").orElseThrow().text())
        .isEqualTo("are you halloween activities for a middle school teacher or a student ");
    assertThat(bank.byText("").orElseThrow().id()).isEqualTo("Q00001");
  }

  @Test
  void testHumanMultiTurnFingerprint() {
    List<HumanConversation> conversations = data().humanConversations();
    assertThat(conversations).hasSize(499);
    assertThat(conversations.get(0).index()).isZero();
    assertThat(conversations.get(0).topicId()).isEqualTo(237);
    assertThat(conversations.get(0).facetId()).isEqualTo("F0549");
    assertThat(conversations.get(498).index()).isEqualTo(498);
    assertThat(conversations.stream().mapToInt(c -> c.turns().size()).sum()).isEqualTo(499 * 3);
  }

  @Test
  void testQrelsFingerprint() {
    var dev = data().qrels(ClariqSplit.DEV);
    assertThat(dev.topics()).hasSize(163);
    assertThat(dev.size()).isEqualTo(35373);
    assertThat(dev.of("F0010")).containsEntry("clueweb09-en0007-71-07471", 0);
  }

  @Test
  void testBadHeaderAndFieldCountNameTheLine(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("bank.tsv");
    Files.writeString(f, "id\tquestion\nQ1\thello\n");
    assertThatThrownBy(() -> ClariqReader.readQuestionBank(f)).isInstanceOf(FileFormatException.class)
        .hasMessage("question bank " + f + ", line 1: expected header [question_id, question], got [id, question]");
    Files.writeString(f, "question_id\tquestion\nQ1\thello\nQ2\n");
    assertThatThrownBy(() -> ClariqReader.readQuestionBank(f))
        .hasMessage("question bank " + f + ", line 3: expected 2 tab-separated fields, got 1");
    Files.writeString(f, "question_id\tquestion\nQ1\t\"a\nb\"\nQ1\tc\n");
    assertThatThrownBy(() -> ClariqReader.readQuestionBank(f))
        .hasMessage("question bank " + f + ": question id Q1 appears twice in the question bank");
  }

  @Test
  void testMalformedQuotingNamesFileAndLine(@TempDir Path dir) throws Exception {
    Path f = dir.resolve("bank.tsv");
    Files.writeString(f, "question_id\tquestion\nQ1\thello\nQ2\t\"unclosed\" text\nQ3\tbye\n");
    assertThatThrownBy(() -> ClariqReader.readQuestionBank(f)).isInstanceOf(FileFormatException.class)
        .hasMessageStartingWith("question bank " + f + ", line 3: malformed quoting");
    Files.writeString(f, "question_id\tquestion\nQ1\thello\nQ2\t\"never closed\nQ3\tbye\n");
    assertThatThrownBy(() -> ClariqReader.readQuestionBank(f)).isInstanceOf(FileFormatException.class)
        .hasMessageStartingWith("question bank " + f + ", line 3: malformed quoting");
  }

  @Test
  void testHeaderOnlyAndNonUtf8FilesAreNamed(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp)
      throws java.io.IOException {
    java.nio.file.Path bank = tmp.resolve("question_bank.tsv");
    java.nio.file.Files.writeString(bank, "question_id\tquestion\n");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> ClariqReader.readQuestionBank(bank))
        .hasMessage("question bank " + bank + ": no rows after the header; expected at least one");
    java.nio.file.Files.write(bank, "question_id\tquestion\nQ00002\tcaf\u00e9?\n"
        .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> ClariqReader.readQuestionBank(bank))
        .hasMessage("question bank " + bank + ", line 2: not UTF-8 (byte 0xE9 at byte 11 of the line); save the file"
            + " as UTF-8");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> ClariqReader.readQuestionBank(tmp))
        .hasMessage("question bank " + tmp + ": is a directory, expected a file");
  }
}
