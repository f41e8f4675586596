package io.clarq.eval.toa;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.testing.ScriptedLlmClient;
import io.clarq.core.toa.Asker;
import io.clarq.core.toa.OracleAnswer;
import io.clarq.core.toa.RepeaterAsker;
import io.clarq.core.toa.ToaOutcome;
import io.clarq.core.toa.flm.FlmExample;
import io.clarq.core.toa.flm.HotpotExample;
import io.clarq.core.toa.flm.IncompleteTask;
import io.clarq.core.toa.flm.Paragraph;
import io.clarq.core.toa.flm.SupportingFact;
import io.clarq.core.toa.llm.LlmPrimaryModel;
import io.clarq.retrieval.toa.Bm25Oracle;
import java.util.List;
import org.junit.jupiter.api.Test;

class ToaPipelineTest {
  static FlmExample example() {
    return FlmExample.mask(new HotpotExample("e1", "Where was the director of Jaws born?", "Cincinnati", "bridge",
        "hard", List.of(new SupportingFact("Jaws", 0), new SupportingFact("Steven Spielberg", 0)),
        List.of(new Paragraph("Jaws", List.of("Jaws is a film directed by Steven Spielberg.")),
            new Paragraph("Steven Spielberg", List.of("Spielberg was born in Cincinnati.")),
            new Paragraph("Ohio", List.of("Ohio is a state.")))), 1);
  }

  /** Answers from the prompt: Cincinnati when the birth sentence is there, else a guess. */
  private static ScriptedLlmClient primary() {
    return new ScriptedLlmClient(r -> r.messages().get(0).content().contains("born in Cincinnati")
        ? "Cincinnati" : "Los Angeles");
  }

  @Test
  void testOneExampleThroughAllThree() throws Exception {
    ScriptedLlmClient m1 = primary();
    Asker asker = new Asker() {
      @Override
      public String ask(IncompleteTask task) {
        assertThat(task.context()).doesNotContain("Cincinnati");
        return "Where was Spielberg born?";
      }

      @Override
      public String describe() {
        return "fixed";
      }
    };
    ToaOutcome o = new ToaPipeline(asker, new Bm25Oracle(), LlmPrimaryModel.builder(m1).build()).run(example());
    assertThat(o.completeAnswer()).isEqualTo("Cincinnati");
    assertThat(o.incompleteAnswer()).isEqualTo("Los Angeles");
    assertThat(o.recoveredAnswer()).isEqualTo("Cincinnati");
    assertThat(o.maskedFactReturned()).isTrue();
    assertThat(o.f1RecoveryOfExample()).hasValue(1.0);
    assertThat(m1.requests()).hasSize(3);
    assertThat(m1.requests().get(2).messages().get(0).content())
        .startsWith("Context:\nJaws: Jaws is a film directed by Steven Spielberg.\n\n"
            + "Steven Spielberg: Spielberg was born in Cincinnati.\n\nQuestion: ");
  }

  @Test
  void testNoOracleAnswerMeansXrIsXi() throws Exception {
    ScriptedLlmClient m1 = primary();
    Asker silent = new Asker() {
      @Override
      public String ask(IncompleteTask task) {
        return "";
      }

      @Override
      public String describe() {
        return "silent";
      }
    };
    ToaOutcome o = new ToaPipeline(silent, new Bm25Oracle(), LlmPrimaryModel.builder(m1).build()).run(example());
    assertThat(o.oracleAnswer().status()).isEqualTo(OracleAnswer.Status.NO_MATCH);
    assertThat(o.recoveredAnswer()).isEqualTo(o.incompleteAnswer());
    assertThat(o.f1RecoveryOfExample()).hasValue(0.0);
    assertThat(m1.requests()).hasSize(2);
  }

  @Test
  void testRepeaterAsksTheTaskQuestion() throws Exception {
    ToaOutcome o = new ToaPipeline(new RepeaterAsker(), new Bm25Oracle(), LlmPrimaryModel.builder(primary()).build())
        .run(example());
    assertThat(o.question()).isEqualTo("Where was the director of Jaws born?");
  }
}
