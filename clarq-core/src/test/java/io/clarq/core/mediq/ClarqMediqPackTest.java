package io.clarq.core.mediq;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.llm.ChatMessage;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.prompt.PackBehaviour;
import io.clarq.core.prompt.PackLayout;
import io.clarq.core.prompt.PromptPack;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** clarq's own MediQ pack loads, has every template of the layout, and drives the reference expert and patient. */
class ClarqMediqPackTest {
  private static final MediqCase CASE = new MediqCase(7, "Which finding best explains the rash?",
      List.of("A 30-year-old woman has an itchy rash on both elbows", "It began two weeks ago"),
      Map.of("A", "Psoriasis", "B", "Eczema", "C", "Scabies", "D", "Tinea"), "A", "Psoriasis",
      List.of("The rash is itchy.", "The rash is on both elbows."), Optional.empty());

  @Test
  void testThePackLoadsWithEveryTemplateAndFixedUtterance() {
    PromptPack pack = PromptPack.builtIn(PackLayout.MEDIQ);
    assertThat(pack.layout()).isEqualTo(PackLayout.MEDIQ);
    assertThat(pack.behaviour()).isEqualTo(PackBehaviour.CLARQ);
    assertThat(pack.id()).startsWith("clarq-mediq@");
    assertThat(pack.comparableWithPaper()).isFalse();
    for (String t : PackLayout.MEDIQ.templates()) {
      assertThat(pack.template(t).text()).as(t).isNotBlank();
      assertThat(pack.template(t).placeholders()).as(t).isEqualTo(PackLayout.MEDIQ.placeholders(t));
    }
    for (String f : List.of("question_word", "answer_word", "cannot_answer")) {
      assertThat(pack.fixed(f, Language.ENGLISH)).as(f).isNotBlank();
    }
  }

  @Test
  void testTheCutOffExpertAndFactSelectPatientSpeakFromThePack() throws Exception {
    PromptPack pack = PromptPack.builtIn(PackLayout.MEDIQ);
    List<List<ChatMessage>> sent = new ArrayList<>();
    List<String> replies = new ArrayList<>(List.of("0.35", "B", "Where else is the rash?",
        "1. The rash is itchy.\n2. The rash is on both elbows.", "2. The rash is on both elbows."));
    LlmClient model = request -> {
      sent.add(request.messages());
      return ChatResponse.ofText(replies.remove(0));
    };
    MediqModels models = MediqModels.of(model.withModel("m"));
    Expert expert = new ReferenceExpert(ExpertSettings.reference(ExpertStrategy.NUMCUTOFF), pack, models);
    Inquiry inquiry = new Inquiry(CASE.question(), CASE.options());
    ExpertTurn turn = expert.respond(inquiry, new PatientState(CASE.context().get(0), List.of()));
    assertThat(turn.asks()).isTrue();   // 0.35 is under the cut-off 0.8
    assertThat(turn.confidence()).isEqualTo(0.35);
    assertThat(turn.question()).contains("Where else is the rash?");
    assertThat(turn.letter()).contains("B");
    String firstCase = sent.get(0).get(1).content();
    assertThat(sent.get(0).get(0).content()).isEqualTo(pack.template("expert/system").text());
    assertThat(firstCase).contains(CASE.context().get(0)).contains(CASE.question())
        .contains("A: Psoriasis, B: Eczema, C: Scabies, D: Tinea").contains(pack.template("expert/numcutoff").text())
        .doesNotContain("{");

    Patient.Consultation c = new ReferencePatient(PatientKind.FACT_SELECT, pack, models, "m", false).start(CASE);
    String answer = c.respond("Where else is the rash?", List.of());
    assertThat(answer).isEqualTo("2. The rash is on both elbows.");
    String decompose = sent.get(3).get(sent.get(3).size() - 1).content();
    assertThat(decompose).contains(CASE.context().get(0)).doesNotContain("{context}");
    String select = sent.get(4).get(sent.get(4).size() - 1).content();
    assertThat(select).contains("1. The rash is itchy.").contains("Where else is the rash?")
        .doesNotContain("{facts}").doesNotContain("{question}");
    assertThat(replies).isEmpty();
  }
}
