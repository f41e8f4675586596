package io.clarq.core.clarqllm.transcript;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.clarqllm.provider.ReplyKind;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.Split;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.dialogue.Dialogue;
import io.clarq.core.dialogue.EndReason;
import io.clarq.core.llm.TokenUsage;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class DialogueRecordTest {
  private static final Dialogue DIALOGUE =
      Dialogue.ofLines(List.of("Jax: what can help you?", "How?", "Jax: Go.", "Goodbye"), EndReason.GOODBYE);

  private static DialogueRecord.Builder builder() {
    return DialogueRecord.builder(TaskId.parse("27.1"), Language.ENGLISH, "seeker", "provider").dialogue(DIALOGUE);
  }

  @Test
  void testDefaultsAndDerivedValues() {
    DialogueRecord r = builder().build();
    assertThat(r.finished()).isTrue();
    assertThat(r.split()).isEqualTo(Split.DEV);
    assertThat(r.turns()).isEmpty();
    assertThat(r.totalUsage()).isEqualTo(TokenUsage.ZERO);
    assertThat(r.error()).isEmpty();
  }

  @Test
  void testAllUnknownTurnsAreNoTurns() {
    DialogueRecord r = builder().turns(List.of(TurnRecord.unknown(), TurnRecord.unknown(), TurnRecord.unknown(),
        TurnRecord.unknown())).build();
    assertThat(r.turns()).isEmpty();
  }

  @Test
  void testValidation() {
    assertThatThrownBy(() -> builder().turns(List.of(TurnRecord.seeker(Duration.ZERO, TokenUsage.ZERO, 1))).build())
        .hasMessage("illegal dialogue record for task 27.1: 1 turn records for 4 utterances; give one per utterance"
            + " or none");
    TurnRecord providerInfo = new TurnRecord(Optional.empty(), Optional.empty(), OptionalInt.empty(),
        Optional.of(ReplyKind.RESPONSE_I), Optional.empty(), List.of(NodeId.ROOT));
    assertThatThrownBy(() -> builder().turns(List.of(TurnRecord.unknown(), providerInfo, TurnRecord.unknown(),
        TurnRecord.unknown())).build())
        .hasMessageContaining("turn 1 is the seeker's but has a reply kind, intent or nodes");
    assertThatThrownBy(() -> builder().failed(" ").build()).hasMessageContaining("a failed dialogue needs an error");
    assertThatThrownBy(() -> builder().dialogue(Dialogue.ofLines(List.of("Jax: hi"), EndReason.UNKNOWN)).build())
        .hasMessageContaining("a finished dialogue needs at least one seeker line");
    assertThatThrownBy(() -> builder().wallTime(Duration.ofMillis(-1)).build()).hasMessageContaining("is negative");
    assertThatThrownBy(() -> DialogueRecord.builder(TaskId.parse("1.1"), Language.ENGLISH, " ", "p").build())
        .hasMessageContaining("names must not be blank");
    assertThat(builder().dialogue(Dialogue.ofLines(List.of("Jax: hi"), EndReason.UNKNOWN)).failed("HTTP 503")
        .build().finished()).isFalse();
  }

  @Test
  void testTurnRecordValidation() {
    assertThatThrownBy(() -> new TurnRecord(Optional.of(Duration.ofMillis(-5)), Optional.empty(), OptionalInt.empty(),
        Optional.empty(), Optional.empty(), List.of())).hasMessageContaining("latency PT-0.005S is negative");
    assertThatThrownBy(() -> new TurnRecord(Optional.empty(), Optional.empty(), OptionalInt.of(-1),
        Optional.empty(), Optional.empty(), List.of())).hasMessageContaining("llmCalls -1 is negative");
    assertThatThrownBy(() -> new TurnRecord(Optional.empty(), Optional.empty(), OptionalInt.empty(),
        Optional.of(ReplyKind.RESPONSE_II), Optional.empty(), List.of(NodeId.ROOT)))
        .hasMessageContaining("Response II gives no node, got [0]");
    assertThat(TurnRecord.unknown().isUnknown()).isTrue();
  }
}
