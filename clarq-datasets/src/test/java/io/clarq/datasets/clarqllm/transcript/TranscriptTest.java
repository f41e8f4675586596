package io.clarq.datasets.clarqllm.transcript;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.clarqllm.provider.Intent;
import io.clarq.core.clarqllm.provider.ProviderReply;
import io.clarq.core.clarqllm.provider.ReplyKind;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.core.clarqllm.transcript.TurnRecord;
import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.dialogue.Dialogue;
import io.clarq.core.dialogue.EndReason;
import io.clarq.core.llm.TokenUsage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TranscriptTest {
  @TempDir Path tmp;

  static DialogueRecord full(int index) {
    Dialogue d = Dialogue.ofLines(List.of("Jax: what can help you?", "How do I dig gold?\nQuickly?",
        "Jax: Go to the mine.", "Which mine? \u2028 \"north\"", "Jax: The mine is north.", "Goodbye"),
        EndReason.GOODBYE);
    ProviderReply r1 = new ProviderReply("Jax: Go to the mine.", ReplyKind.RESPONSE_I,
        Optional.of(Intent.WHOLE_TASK), List.of(NodeId.ROOT), 0, "");
    ProviderReply r2 = new ProviderReply("Jax: The mine is north.", ReplyKind.RESPONSE_I,
        Optional.of(Intent.ANSWERABLE_DETAIL), List.of(NodeId.parse("1.1")), 7, "");
    List<TurnRecord> turns = List.of(TurnRecord.unknown(),
        TurnRecord.seeker(Duration.ofMillis(812), new TokenUsage(300, 20), 1),
        TurnRecord.provider(r1, Duration.ofMillis(5), TokenUsage.ZERO),
        TurnRecord.seeker(Duration.ofMillis(640), new TokenUsage(350, 12), 1),
        // 3,000 of the 4,000 prompt tokens read from the provider's prompt cache
        TurnRecord.provider(r2, Duration.ofMillis(2300), new TokenUsage(4000, 90, 0, 3000, 0)),
        TurnRecord.seeker(Duration.ofMillis(300), new TokenUsage(400, 3), 1));
    return DialogueRecord.builder(new TaskId(3, index), Language.ENGLISH, "llm:gpt-4o", "offline")
        .dialogue(d).turns(turns).startedAt(Instant.parse("2024-06-01T10:15:30.123Z"))
        .wallTime(Duration.ofMillis(4100)).attribute("seeker_mode", "chat").build();
  }

  static DialogueRecord failed() {
    return DialogueRecord.builder(TaskId.parse("27.9"), Language.CHINESE, "llm:gpt-4o", "llm:gpt-4o")
        .dialogue(Dialogue.ofLines(List.of("Jax: 有什么可以帮助你？"), EndReason.UNKNOWN))
        .failed("seeker model unreachable: HTTP 503").build();
  }

  @Test
  void testRoundTrip() {
    Path file = tmp.resolve("out/run.jsonl");
    try (TranscriptWriter w = TranscriptWriter.open(file)) {
      w.append(full(2));
      w.append(failed());
      w.append(DialogueRecord.finished(TaskId.parse("1.0"), Language.ENGLISH, "s", "p",
          Dialogue.ofLines(List.of("Jax: hi", "Goodbye"), EndReason.TURN_CAP)));
      assertThat(w.written()).isEqualTo(3);
    }
    TranscriptFile read = TranscriptReader.read(file);
    assertThat(read.tornLine()).isEmpty();
    assertThat(read.records()).containsExactly(full(2), failed(), DialogueRecord.finished(TaskId.parse("1.0"),
        Language.ENGLISH, "s", "p", Dialogue.ofLines(List.of("Jax: hi", "Goodbye"), EndReason.TURN_CAP)));
    assertThat(read.entries()).extracting(TranscriptFile.Entry::line).containsExactly(1, 2, 3);
    assertThat(read.records().get(0).totalUsage()).isEqualTo(new TokenUsage(5050, 125, 0, 3000, 0));
    assertThat(read.records().get(0).totalLlmCalls()).isEqualTo(10);
  }

  @Test
  void testLineFormat() {
    String line = DialogueRecordJson.toLine(full(2));
    assertThat(line).doesNotContain("\n")
        .startsWith("{\"format\":\"clarq-transcript/1\",\"task\":\"3.2\",\"language\":\"en\",\"split\":\"test\"")
        .contains("\"status\":\"finished\"", "\"end_reason\":\"goodbye\"", "\"wall_ms\":4100",
            "\"reply_kind\":\"response_i\"", "\"intent\":2", "\"nodes\":[\"1.1\"]", "\"prompt_tokens\":4000",
            "\"cached_input_tokens\":3000");
    assertThat(line).doesNotContain("cache_write_tokens");
    assertThat(DialogueRecordJson.toLine(failed()))
        .contains("\"status\":\"failed\"", "\"error\":\"seeker model unreachable: HTTP 503\"");
  }

  @Test
  void testTornLastLineIsReportedAndEarlierLinesKept() throws IOException {
    Path file = tmp.resolve("run.jsonl");
    try (TranscriptWriter w = TranscriptWriter.open(file)) {
      for (int i = 0; i < 3; i++) {
        w.append(full(i));
      }
    }
    byte[] next = DialogueRecordJson.toLine(failed()).getBytes(StandardCharsets.UTF_8);
    // cut inside a multi-byte character: the reader must not choke on broken UTF-8 either
    int cut = DialogueRecordJson.toLine(failed()).substring(0, DialogueRecordJson.toLine(failed()).indexOf("有"))
        .getBytes(StandardCharsets.UTF_8).length + 1;
    Files.write(file, Arrays.copyOf(next, cut), StandardOpenOption.APPEND);

    TranscriptFile read = TranscriptReader.read(file);
    assertThat(read.records()).containsExactly(full(0), full(1), full(2));
    assertThat(read.tornLine()).hasValueSatisfying(t -> {
      assertThat(t.line()).isEqualTo(4);
      assertThat(t.start()).startsWith("{\"format\":\"clarq-transcript/1\",\"task\":\"27.9\"");
    });

    try (TranscriptWriter w = TranscriptWriter.open(file)) {
      w.append(full(3));
    }
    TranscriptFile repaired = TranscriptReader.read(file);
    assertThat(repaired.tornLine()).isEmpty();
    assertThat(repaired.records()).containsExactly(full(0), full(1), full(2), full(3));
  }

  @Test
  void testConcurrentAppendsKeepLinesWhole() throws Exception {
    Path file = tmp.resolve("run.jsonl");
    try (TranscriptWriter w = TranscriptWriter.open(file)) {
      List<Thread> threads = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        int tt = t;
        threads.add(new Thread(() -> {
          for (int i = 0; i < 10; i++) {
            w.append(i % 2 == 0 ? full(tt) : failed());
          }
        }, "transcript-test-" + t));
      }
      threads.forEach(Thread::start);
      for (Thread t : threads) {
        t.join();
      }
    }
    TranscriptFile read = TranscriptReader.read(file);
    assertThat(read.records()).hasSize(40);
    assertThat(read.tornLine()).isEmpty();
  }

  @Test
  void testBadMiddleLineNamesTheLine() throws IOException {
    Path file = tmp.resolve("run.jsonl");
    Files.writeString(file, DialogueRecordJson.toLine(full(0)) + "\n{\"format\": oops}\n"
        + DialogueRecordJson.toLine(full(1)) + "\n");
    assertThatThrownBy(() -> TranscriptReader.read(file))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("run.jsonl, line 2: not valid JSON");
  }

  @Test
  void testInvalidRecordsNameTheProblem() {
    String good = DialogueRecordJson.toLine(full(0));
    assertThatThrownBy(() -> DialogueRecordJson.fromLine(good.replace("\"finished\"", "\"done\""), "f, line 9"))
        .hasMessageContaining("f, line 9: status \"done\" is not one of [finished, failed]");
    assertThatThrownBy(() -> DialogueRecordJson.fromLine(good.replace("clarq-transcript/1", "clarq-transcript/9"),
        "f, line 9")).hasMessageContaining("f, line 9: format is \"clarq-transcript/9\"; this reader reads clarq-transcript/1");
    assertThatThrownBy(() -> DialogueRecordJson.fromLine(good.replace("\"task\":\"3.0\"", "\"task\":\"33.0\""),
        "f, line 9")).hasMessageContaining("f, line 9: illegal task type 33: must be 1-31");
    assertThatThrownBy(() -> DialogueRecordJson.fromLine(good.replace("\"split\":\"test\"", "\"split\":\"dev\""),
        "f, line 9")).hasMessageContaining("f, line 9: split \"dev\" does not match task 3.0");
    assertThatThrownBy(() -> DialogueRecordJson.fromLine(good.replace("\"speaker\":\"seeker\"", "\"speaker\":\"provider\""),
        "f, line 9")).hasMessageContaining("f, line 9: illegal dialogue: utterance 1 is by the provider");
    assertThatThrownBy(() -> DialogueRecordJson.fromLine(good.replace("\"nodes\":[\"1.1\"]", "\"nodes\":[\"1.a\"]"),
        "f, line 9")).hasMessageContaining("f, line 9: illegal node id \"1.a\"");
    assertThatThrownBy(() -> DialogueRecordJson.fromLine("[1, 2]", "f, line 9"))
        .hasMessageContaining("f, line 9: expected a JSON object (one dialogue record)");
  }
}
