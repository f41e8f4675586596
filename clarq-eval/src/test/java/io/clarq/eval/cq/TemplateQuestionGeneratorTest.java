package io.clarq.eval.cq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.cq.CqExample;
import io.clarq.core.cq.CqGeneration;
import io.clarq.core.cq.FacetRequest;
import io.clarq.core.cq.GeneratedQuestion;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.cq.FkwDataset;
import io.clarq.datasets.cq.FkwSplit;
import io.clarq.eval.kernel.ItemListener;
import io.clarq.eval.kernel.Progress;
import io.clarq.eval.kernel.RunKernel;
import io.clarq.eval.kernel.Shard;
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

  @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir;

  private CqGenerationRun.Result run(List<CqExample> examples, io.clarq.core.cq.QuestionGenerator generator,
      String out, int threads, List<CqGeneration> sunk) throws InterruptedException {
    return CqGenerationRun.run(examples, generator, java.util.Map.of("split", "dev"), true,
        new RunKernel.Plan(dir.resolve(out), Shard.ALL, threads, "clarq-cq-test"), new ItemListener<>() {
          @Override
          public void itemDone(CqExample item, CqGeneration record, Progress progress) {
            sunk.add(record);
          }
        });
  }

  @Test
  void testRunsOnAllDevRowsDeterministicallyAndKeepsEveryFacetWord() throws Exception {
    List<CqExample> dev = FkwDataset.load(SharedData.require("clariq-fkw"), FkwSplit.DEV);
    List<CqGeneration> sunk = new ArrayList<>();
    List<CqGeneration> first = run(dev, new TemplateQuestionGenerator(), "one", 1, sunk).generations();
    List<CqGeneration> second = run(dev, new TemplateQuestionGenerator(), "three", 3, new ArrayList<>())
        .generations();
    assertThat(first).hasSize(425).isEqualTo(second).containsExactlyInAnyOrderElementsOf(sunk);
    assertThat(first).allSatisfy(g -> assertThat(g.generated().facetSatisfied()).isTrue());
    assertThat(first.get(0).generated().question())
        .isEqualTo("are you looking for list homes sale of cass county missouri?");
    assertThat(java.nio.file.Files.readAllBytes(dir.resolve("one").resolve(CqGenerationRun.LOG)))
        .isEqualTo(java.nio.file.Files.readAllBytes(dir.resolve("three").resolve(CqGenerationRun.LOG)));
    assertThat(dir.resolve("one").resolve("results.json")).content()
        .contains("\"benchmark\" : \"cq-generate\"", "\"corpus_bleu4\"");
  }

  @Test
  void testAFailedRunKeepsWhatFinishedAndAResumeMakesTheRest() throws Exception {
    List<CqExample> dev = FkwDataset.load(SharedData.require("clariq-fkw"), FkwSplit.DEV).subList(0, 5);
    TemplateQuestionGenerator template = new TemplateQuestionGenerator();
    io.clarq.core.cq.QuestionGenerator failing = new io.clarq.core.cq.QuestionGenerator() {
      @Override
      public io.clarq.core.cq.GeneratedQuestion generate(io.clarq.core.cq.FacetRequest request)
          throws io.clarq.core.llm.LlmException {
        if (request.id().equals(dev.get(2).id())) {
          throw new io.clarq.core.llm.LlmException("server down");
        }
        return template.generate(request);
      }

      @Override
      public String name() {
        return template.name();
      }
    };
    assertThatThrownBy(() -> run(dev, failing, "r", 1, new ArrayList<>()))
        .isInstanceOf(io.clarq.eval.kernel.RunStopped.class)
        .hasMessageContaining("example " + dev.get(2).id() + " (topic ").hasMessageContaining("server down");
    List<CqGeneration> sunk = new ArrayList<>();
    CqGenerationRun.Result all = run(dev, template, "r", 1, sunk);
    assertThat(all.generations()).hasSize(5);
    assertThat(all.resumed()).isEqualTo(2);
    assertThat(sunk).extracting(g -> g.example().id()).containsExactly(dev.get(2).id(), dev.get(3).id(),
        dev.get(4).id());
    assertThatThrownBy(() -> CqGenerationRun.run(dev, template, java.util.Map.of("split", "train"), true,
        new RunKernel.Plan(dir.resolve("r"), Shard.ALL, 1, "clarq-cq-test"), new ItemListener<>() {}))
        .hasMessageContaining("a different split (was \"dev\", now \"train\")");
  }
}
