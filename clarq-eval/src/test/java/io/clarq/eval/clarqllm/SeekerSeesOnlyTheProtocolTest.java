package io.clarq.eval.clarqllm;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clarqllm.seeker.EndDetection;
import io.clarq.core.clarqllm.seeker.rule.RuleBasedSeeker;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.core.testing.ContractTasks;
import io.clarq.core.testing.SeekerView;
import io.clarq.retrieval.clarqllm.OfflineProvider;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The dialogue loop hands a seeker only what docs/protocol/clarq-llm.md §3 allows: the briefing, the language, the
 * dialogue so far, and a key that names no task; never a task id, a purpose, or a gold line the provider has not
 * said.
 */
class SeekerSeesOnlyTheProtocolTest {
  @Test
  void testEveryTurnHandedToTheSeekerHoldsOnlyWhatTheProtocolAllows() {
    SeekerView.Recording seeker = SeekerView.recording(new RuleBasedSeeker());
    DialogueLoop loop = new DialogueLoop(seeker, new OfflineProvider(), EndDetection.REFERENCE,
        RunConfig.REFERENCE_MAX_SEEKER_TURNS, false);
    Set<String> keys = new HashSet<>();
    for (ClarqTask task : ContractTasks.all()) {
      DialogueRecord played = loop.play(task);
      assertThat(played.error()).isEmpty();
      SeekerView.assertSeesOnlyTheProtocol(task, seeker.turnsOf(task), played.dialogue().utterances());
      keys.add(seeker.turnsOf(task).get(0).dialogueKey());
      // the provider gave at least one gold line, so the check above saw the history grow past the opening
      assertThat(played.dialogue().utterances()).hasSizeGreaterThan(3);
    }
    assertThat(keys).as("a key per dialogue").hasSize(ContractTasks.all().size());
  }
}
