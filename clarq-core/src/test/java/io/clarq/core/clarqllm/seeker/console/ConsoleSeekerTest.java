package io.clarq.core.clarqllm.seeker.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.clarqllm.provider.llm.SmallTasks;
import io.clarq.core.clarqllm.seeker.SeekerTurn;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.dialogue.Utterance;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConsoleSeekerTest {
  @Test
  void testReadsLinesShowsBriefingOnceAndEndsAtEndOfInput() {
    ClarqTask task = SmallTasks.english();
    StringWriter out = new StringWriter();
    ConsoleSeeker seeker = new ConsoleSeeker(new StringReader("  How do I get rubies?  \n"), new PrintWriter(out));
    SeekerTurn first = new SeekerTurn("dialogue-1", task.language(), task.briefing(),
        List.of(Utterance.provider("Jax: what can help you?")));
    assertThat(seeker.next(first)).isEqualTo("How do I get rubies?");
    assertThat(out.toString()).contains("collect rubies", "Jax: what can help you?\nYou: ").doesNotContain("1.0");
    SeekerTurn second = new SeekerTurn("dialogue-1", task.language(), task.briefing(), List.of(
        Utterance.provider("Jax: what can help you?"), Utterance.seeker("How?"), Utterance.provider("Jax: Dig.")));
    int before = out.toString().length();
    // end of input abandons the dialogue: never the person typing "Goodbye"
    assertThatThrownBy(() -> seeker.next(second)).isInstanceOf(ConsoleSeeker.Abandoned.class)
        .hasMessage("abandoned: the person playing the seeker closed the input before saying goodbye; the dialogue is"
            + " not scored");
    assertThat(out.toString().substring(before)).doesNotContain("collect rubies").contains("Jax: Dig.");
  }
}
