package io.clarq.eval.clarqllm;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.clarqllm.transcript.TranscriptReader;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kill anywhere: the 260 English test tasks against the loopback server with 20% injected faults, a child JVM
 * SIGKILLed at seeded random moments and resumed each time, then a replay-only rerun from the cache. A longer variant:
 * {@link KillAnywhere#main}.
 */
class LoopbackRunTest {
  @TempDir Path dir;

  @Test
  void testKilledAnywhereWithFaultsEveryDialogueOnceNothingFailedAndReplayIsByteIdentical() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    KillAnywhere.Outcome o = new KillAnywhere(tasks, dir).run(3, 0.2, 7L, 8);

    // each child held the directory: a second writer was refused, naming the child's process
    assertThat(o.lockRefusals()).hasSize(3);
    for (int i = 0; i < 3; i++) {
      assertThat(o.lockRefusals().get(i)).contains("another run is writing to it (process " + o.childPids().get(i));
    }
    // faults were served, and none of them alone failed a dialogue, before or after any kill
    assertThat(o.faults()).isGreaterThan(500);
    assertThat(o.failedAtKill()).containsOnly(0);
    assertThat(o.recordsAtKill()).isSorted();
    assertThat(o.resumed().failed()).isEmpty();
    assertThat(o.resumed().resumed()).isEqualTo(o.recordsAtKill().get(2));
    // every dialogue exactly once
    List<DialogueRecord> records = TranscriptReader.read(o.resumed().transcript()).records();
    assertThat(records).hasSize(260);
    assertThat(records.stream().map(DialogueRecord::taskId).distinct()).hasSize(260);
    assertThat(o.resumed().summaries().get(Language.ENGLISH).dialogues()).isEqualTo(260);
    // the cache alone reproduces the run byte for byte, without one server call
    assertThat(o.serverCallsDuringReplay()).isZero();
    assertThat(o.replayed().failed()).isEmpty();
    assertThat(o.replayTranscript()).isEqualTo(o.transcript());
  }
}
