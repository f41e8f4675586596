package io.clarq.eval.cq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.cq.CqExample;
import io.clarq.core.cq.CqGeneration;
import io.clarq.core.cq.FacetRequest;
import io.clarq.core.cq.GeneratedQuestion;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.fkw.FkwDataset;
import io.clarq.datasets.fkw.FkwSplit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TemplateQuestionGeneratorTest {
  @Test
  void testFillsTheFormWithFacetWordsAndTheRequestSubject() {
    GeneratedQuestion q = new TemplateQuestionGenerator()
        .generate(new FacetRequest("0", "1", "Tell me about Obama family tree.", "barack"));
    assertThat(q.question()).isEqualTo("are you looking for barack of obama family tree?");
    assertThat(q.generator()).isEqualTo("template:looking-for");
    assertThat(q.ranking()).isEqualTo(GeneratedQuestion.Ranking.SINGLE);
    assertThat(q.facetSatisfied()).isTrue();
    assertThat(q.choice().attempts()).isEqualTo(1);
  }

  @Test
  void testFormsAndRequestOpenings() {
    FacetRequest r = new FacetRequest("1", "2", "I\u2019m looking for information on Hoboken.", "map Map");
    assertThat(new TemplateQuestionGenerator(TemplateQuestionGenerator.Form.WANT_TO_KNOW).generate(r).question())
        .isEqualTo("do you want to know about map of hoboken?");
    assertThat(RequestTopic.of("How can I adopt a dog")).isEqualTo("adopt a dog");
    assertThat(RequestTopic.of("Tell me about.")).isEqualTo("tell me about");
    assertThat(RequestTopic.of("TV on computer")).isEqualTo("tv on computer");
    assertThat(TemplateQuestionGenerator.Form.parse("would-like")).isEqualTo(TemplateQuestionGenerator.Form.WOULD_LIKE);
    assertThatThrownBy(() -> TemplateQuestionGenerator.Form.parse("polite"))
        .hasMessageStartingWith("unknown template form \"polite\": expected one of [looking-for, interested-in");
  }

  @Test
  void testRunsOnAllDevRowsDeterministicallyAndKeepsEveryFacetWord() throws Exception {
    List<CqExample> dev = FkwDataset.load(SharedData.require("clariq-fkw"), FkwSplit.DEV);
    List<CqGeneration> sunk = new ArrayList<>();
    List<CqGeneration> first = CqGenerationRun.run(dev, new TemplateQuestionGenerator(), List.of(), 1, sunk::add);
    List<CqGeneration> second = CqGenerationRun.run(dev, new TemplateQuestionGenerator(), List.of(), 3, g -> {});
    assertThat(first).hasSize(425).isEqualTo(second).containsExactlyInAnyOrderElementsOf(sunk);
    assertThat(first).allSatisfy(g -> assertThat(g.generated().facetSatisfied()).isTrue());
    assertThat(first.get(0).generated().question())
        .isEqualTo("are you looking for list homes sale of cass county missouri?");
  }

  @Test
  void testResumeSkipsFinishedExamples() throws Exception {
    List<CqExample> dev = FkwDataset.load(SharedData.require("clariq-fkw"), FkwSplit.DEV).subList(0, 5);
    List<CqGeneration> done = CqGenerationRun.run(dev.subList(0, 2), new TemplateQuestionGenerator(), List.of(), 1,
        g -> {});
    List<CqGeneration> sunk = new ArrayList<>();
    List<CqGeneration> all = CqGenerationRun.run(dev, new TemplateQuestionGenerator(), done, 1, sunk::add);
    assertThat(all).hasSize(5);
    assertThat(sunk).extracting(g -> g.example().id()).containsExactly(dev.get(2).id(), dev.get(3).id(),
        dev.get(4).id());
  }
}
