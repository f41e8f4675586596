package io.clarq.core.testing;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.clarqllm.provider.FixedReplies;
import io.clarq.core.clarqllm.provider.llm.SmallTasks;
import io.clarq.core.clarqllm.seeker.SeekerTurn;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.dialogue.Utterance;
import java.util.List;
import org.junit.jupiter.api.Test;

/** SeekerView catches each way a runner could hand a seeker more than the protocol allows. */
class SeekerViewTest {
  private final ClarqTask task = SmallTasks.english();
  private final Utterance opening = Utterance.provider(FixedReplies.opening(Language.ENGLISH));
  private final Utterance ask = Utterance.seeker("How do I collect rubies?");
  private final Utterance root = Utterance.provider("Jax: " + SmallTasks.ROOT_EN);
  private final Utterance mine = Utterance.provider("Jax: " + SmallTasks.MINE_EN);

  private SeekerTurn turn(String key, List<Utterance> history) {
    return new SeekerTurn(key, Language.ENGLISH, task.briefing(), history);
  }

  @Test
  void testAcceptsTheProtocolsView() {
    List<Utterance> dialogue = List.of(opening, ask, root, Utterance.seeker("Goodbye"));
    assertThatCode(() -> SeekerView.assertSeesOnlyTheProtocol(task,
        List.of(turn("dialogue-7", List.of(opening)), turn("dialogue-7", List.of(opening, ask, root))), dialogue))
        .doesNotThrowAnyException();
  }

  @Test
  void testCatchesAKeyNamingTheTask() {
    assertThatThrownBy(() -> SeekerView.assertSeesOnlyTheProtocol(task, List.of(turn("en 1.0", List.of(opening))),
        List.of(opening))).hasMessageContaining("names task 1.0");
  }

  @Test
  void testCatchesAPurposeOrAnUnsaidGoldLine() {
    Utterance purpose = Utterance.provider("Jax: " + task.tree().goldNodes().get(0).purpose().orElseThrow());
    assertThatThrownBy(() -> SeekerView.assertSeesOnlyTheProtocol(task,
        List.of(turn("k", List.of(opening, ask, purpose))), List.of(opening, ask, purpose)))
        .hasMessageContaining("purpose of node 1");
    Utterance leak = Utterance.seeker("I was told: " + SmallTasks.FOG_EN);
    assertThatThrownBy(() -> SeekerView.assertSeesOnlyTheProtocol(task,
        List.of(turn("k", List.of(opening, leak, mine))), List.of(opening, leak, mine)))
        .hasMessageContaining("node 1.1, not yet said");
  }

  @Test
  void testCatchesAHistoryThatIsNotTheDialogue() {
    assertThatThrownBy(() -> SeekerView.assertSeesOnlyTheProtocol(task, List.of(turn("k", List.of(opening, ask, mine))),
        List.of(opening, ask, root))).hasMessageContaining("the dialogue so far");
  }
}
