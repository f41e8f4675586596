package io.clarq.datasets.clarqllm.verdict;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.clarqllm.judge.JudgeQuestion;
import io.clarq.core.clarqllm.judge.Verdict;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.testing.SharedData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VerdictFileTest {
  @TempDir Path tmp;

  @Test
  void testPublishedVerdictsRoundTripByteForByte() throws IOException {
    Path file = SharedData.require("clarq-llm/judge-verdicts.jsonl");
    List<VerdictRecord> records = VerdictFile.read(file);
    assertThat(records).hasSize(560);
    assertThat(records.stream().filter(VerdictRecord::match).count()).isEqualTo(11);
    assertThat(records.stream().filter(r -> r.language() == Language.CHINESE).count()).isEqualTo(233);
    List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    for (int i = 0; i < lines.size(); i++) {
      assertThat(VerdictFile.toLine(records.get(i))).as("line %d", i + 1).isEqualTo(lines.get(i));
    }
  }

  @Test
  void testAppendThenRead() {
    Path file = tmp.resolve("verdicts.jsonl");
    JudgeQuestion q = new JudgeQuestion(Language.ENGLISH, "use the \"red\" key", "which key\tnote",
        List.of("any key\nworks", "\u0001odd"));
    try (VerdictWriter w = VerdictWriter.open(file)) {
      w.append(VerdictRecord.of(q, Verdict.of(true, "the key is named")));
    }
    List<VerdictRecord> read = VerdictFile.read(file);
    assertThat(read).hasSize(1);
    assertThat(read.get(0).question()).isEqualTo(q);
    assertThat(read.get(0).verdict()).isEqualTo(Verdict.of(true, "the key is named"));
    assertThat(VerdictFile.toLine(read.get(0))).isEqualTo("{\"language\": \"en\", \"gold\": \"use the \\\"red\\\" key\","
        + " \"purpose\": \"which key\\tnote\", \"generated\": [\"any key\\nworks\", \"\\u0001odd\"], \"match\": true,"
        + " \"analysis\": \"the key is named\"}");
    assertThatThrownBy(() -> VerdictRecord.of(q, Verdict.unparsed("???")))
        .hasMessageContaining("an unparsed verdict has no match to record");
  }

  @Test
  void testAMatchReadByTruthinessKeepsItsRawValue() throws IOException {
    Path file = tmp.resolve("v.jsonl");
    JudgeQuestion q = new JudgeQuestion(Language.ENGLISH, "gold", "why", List.of("said"));
    VerdictRecord r = VerdictRecord.of(q, io.clarq.core.clarqllm.judge.Verdict.byTruthiness(true, "perhaps", "\"maybe\""));
    assertThat(VerdictFile.toLine(r)).isEqualTo("{\"language\": \"en\", \"gold\": \"gold\", \"purpose\": \"why\","
        + " \"generated\": [\"said\"], \"match\": true, \"match_raw\": \"\\\"maybe\\\"\", \"analysis\": \"perhaps\"}");
    Files.writeString(file, VerdictFile.toLine(r) + "\n");
    VerdictRecord back = VerdictFile.read(file).get(0);
    assertThat(back).isEqualTo(r);
    assertThat(back.verdict().readByTruthiness()).isTrue();
    assertThat(back.verdict().raw()).isEqualTo("\"maybe\"");
    // a plain verdict keeps the released layout, without match_raw
    assertThat(VerdictFile.toLine(VerdictRecord.of(q, io.clarq.core.clarqllm.judge.Verdict.of(true, "a"))))
        .doesNotContain("match_raw");
  }

  @Test
  void testNonUtf8ByteIsAnErrorNamingTheLine() throws IOException {
    // a Latin-1 byte in a gold line would decode to a replacement character, and that gold would silently stop
    // matching its verdict: refused instead
    Path file = tmp.resolve("v.jsonl");
    String good = VerdictFile.toLine(new VerdictRecord(Language.ENGLISH, "the cafe", "why", List.of("said"), true, "a"));
    byte[] first = (good + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8);
    byte[] second = (good.replace("cafe", "caf\u00e9") + "\n").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
    byte[] all = java.util.Arrays.copyOf(first, first.length + second.length);
    System.arraycopy(second, 0, all, first.length, second.length);
    Files.write(file, all);
    assertThatThrownBy(() -> VerdictFile.read(file)).hasMessageStartingWith("cannot read " + file + ", line 2: not"
        + " UTF-8 (byte 0xE9 at byte ").hasMessageEndingWith("of the line); save the file as UTF-8");
  }

  @Test
  void testMalformedLinesNameTheLine() throws IOException {
    Path file = tmp.resolve("v.jsonl");
    String good = VerdictFile.toLine(new VerdictRecord(Language.CHINESE, "金", "用途", List.of("银"), false, "不"));
    Files.writeString(file, good + "\n" + good.replace("\"match\": false", "\"match\": \"no\"") + "\n");
    assertThatThrownBy(() -> VerdictFile.read(file))
        .hasMessageContaining("v.jsonl, line 2: match: missing or not true/false");
    Files.writeString(file, good + "\n" + good.replace("\"zh\"", "\"fr\"") + "\n");
    assertThatThrownBy(() -> VerdictFile.read(file)).hasMessageContaining("v.jsonl, line 2: unknown language \"fr\"");
    Files.writeString(file, good + "\n" + good.substring(0, 30));
    assertThat(VerdictFile.read(file)).hasSize(1);
  }

  @Test
  void testContradictoryVerdictsForOneQuestionAreRefusedNamingBothLines() throws IOException {
    Path file = tmp.resolve("v.jsonl");
    String yes = VerdictFile.toLine(new VerdictRecord(Language.ENGLISH, "gold", "why", List.of("said"), true, "a"));
    String no = VerdictFile.toLine(new VerdictRecord(Language.ENGLISH, "gold", "why", List.of("said"), false, "b"));
    String other = VerdictFile.toLine(new VerdictRecord(Language.ENGLISH, "other", "why", List.of("said"), false, ""));
    Files.writeString(file, yes + "\n" + other + "\n" + yes.replace("\"a\"", "\"same answer\"") + "\n");
    assertThat(VerdictFile.read(file)).hasSize(3);
    Files.writeString(file, yes + "\n" + other + "\n" + no + "\n");
    assertThatThrownBy(() -> VerdictFile.read(file)).hasMessage("verdict file " + file + ": lines 1 and 3 give "
        + "contradictory verdicts (match true and false) for one question (en, gold \"gold\"); keep one of them");
  }
}
