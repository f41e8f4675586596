package io.clarq.eval;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.asking.AskingAgent;
import io.clarq.core.asking.llm.LlmAskingAgent;
import io.clarq.core.clarqllm.judge.offline.OfflineJudge;
import io.clarq.core.clarqllm.metrics.ClarqSummary;
import io.clarq.core.clarqllm.seeker.AskingSeeker;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.core.cq.AskingQuestionGenerator;
import io.clarq.core.cq.CqExample;
import io.clarq.core.cq.CqGeneration;
import io.clarq.core.cq.FacetRequest;
import io.clarq.core.dialogue.EndReason;
import io.clarq.core.llm.openai.OpenAiClient;
import io.clarq.core.mediq.AskingExpert;
import io.clarq.core.mediq.MediqCase;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.RecordedRequest;
import io.clarq.core.testing.ScriptedLlmClient;
import io.clarq.core.toa.AskingAsker;
import io.clarq.core.toa.ToaOutcome;
import io.clarq.core.toa.flm.FlmExample;
import io.clarq.core.toa.flm.HotpotExample;
import io.clarq.core.toa.flm.Paragraph;
import io.clarq.core.toa.flm.SupportingFact;
import io.clarq.core.toa.llm.LlmPrimaryModel;
import io.clarq.datasets.clarqllm.demo.DemoTasks;
import io.clarq.eval.clarqllm.ClarqEvaluator;
import io.clarq.eval.clarqllm.RunConfig;
import io.clarq.eval.clarqllm.RunResult;
import io.clarq.eval.cq.CqGenerationRun;
import io.clarq.eval.kernel.ItemListener;
import io.clarq.eval.kernel.RunKernel;
import io.clarq.eval.kernel.Shard;
import io.clarq.eval.mediq.MediqBenchmark;
import io.clarq.eval.mediq.MediqItem;
import io.clarq.eval.toa.ToaPipeline;
import io.clarq.retrieval.clarqllm.OfflineProvider;
import io.clarq.retrieval.mediq.OfflinePatient;
import io.clarq.retrieval.toa.Bm25Oracle;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.example.TwoQuestions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One class implementing the asking-agent SPI ({@link TwoQuestions}, the one the README shows) runs unchanged on
 * ClarQ-LLM (demo tasks, offline provider), MediQ (offline patient), TOA (offline oracle) and CQ generation, through
 * each benchmark's adapter; so does the built-in LLM agent against a loopback OpenAI server.
 */
class OneAgentEverywhereTest {
  @TempDir Path dir;

  private static MediqCase mediqCase(int id, String answer) {
    Map<String, String> options = new LinkedHashMap<>();
    options.put("A", "Gastroesophageal reflux");
    options.put("B", "Stable angina");
    options.put("C", "Pneumonia");
    options.put("D", "Panic disorder");
    return new MediqCase(id, "What is the most likely diagnosis?",
        List.of("A 52-year-old man has burning chest pain.", "The pain comes after large meals.",
            "He has no fever.", "Antacids relieve it."),
        options, answer, options.get(answer),
        List.of("The pain is burning.", "The pain comes after large meals.", "Antacids relieve the pain."),
        Optional.empty());
  }

  private static List<MediqItem> mediqItems() {
    return List.of(new MediqItem("craft_md", mediqCase(0, "A")), new MediqItem("craft_md", mediqCase(1, "B")));
  }

  private static FlmExample toaExample() {
    return FlmExample.mask(new HotpotExample("e1", "Where was the director of Jaws born?", "Cincinnati", "bridge",
        "hard", List.of(new SupportingFact("Jaws", 0), new SupportingFact("Steven Spielberg", 0)),
        List.of(new Paragraph("Jaws", List.of("Jaws is a film directed by Steven Spielberg.")),
            new Paragraph("Steven Spielberg", List.of("Spielberg was born in Cincinnati.")),
            new Paragraph("Ohio", List.of("Ohio is a state.")))), 1);
  }

  private static List<CqExample> cqExamples() {
    return List.of(
        new CqExample(new FacetRequest("0", "t1", "cass county missouri", "homes for sale"),
            "are you looking for homes for sale in cass county?"),
        new CqExample(new FacetRequest("1", "t2", "jaguar", "car prices"), "do you want the price of a jaguar car?"));
  }

  /** What each benchmark gave one agent. */
  private record Played(RunResult clarq, MediqBenchmark.Result mediq, ToaOutcome toa, List<CqGeneration> cq) {}

  private Played playEverywhere(AskingAgent agent, String out) throws Exception {
    RunResult clarq = ClarqEvaluator.run(RunConfig.builder()
        .taskSets(DemoTasks.all()).languages(DemoTasks.languages())
        .seeker(new AskingSeeker(agent)).provider(new OfflineProvider()).judge(new OfflineJudge())
        .output(dir.resolve(out).resolve("clarq-llm")).build());
    MediqBenchmark.Result mediq = RunKernel.run(new MediqBenchmark(new AskingExpert(agent, 30),
        new OfflinePatient("The patient cannot answer this question.", 2), 30, Map.of("expert", "agent")),
        mediqItems(), new RunKernel.Plan(dir.resolve(out).resolve("mediq"), Shard.ALL, 1, "t"),
        new ItemListener<>() {});
    ScriptedLlmClient primary = new ScriptedLlmClient(r -> r.messages().get(0).content().contains("born in Cincinnati")
        ? "Cincinnati" : "Los Angeles");
    ToaOutcome toa = new ToaPipeline(new AskingAsker(agent), new Bm25Oracle(), LlmPrimaryModel.builder(primary).build())
        .run(toaExample());
    List<CqGeneration> cq = CqGenerationRun.run(cqExamples(), new AskingQuestionGenerator(agent),
        Map.of("split", "test"), true, new RunKernel.Plan(dir.resolve(out).resolve("cq"), Shard.ALL, 1, "t"),
        new ItemListener<>() {}).generations();
    return new Played(clarq, mediq, toa, cq);
  }

  @Test
  void testOneAgentClassRunsUnchangedOnAllFourBenchmarks() throws Exception {
    Played p = playEverywhere(new TwoQuestions(), "two");

    assertThat(p.clarq().complete()).isTrue();
    assertThat(p.clarq().finished()).hasSize(20).allSatisfy(d -> {
      assertThat(d.dialogue().endReason()).isEqualTo(EndReason.GOODBYE);
      assertThat(d.dialogue().seekerLines()).hasSize(3);
      assertThat(d.dialogue().seekerLines().get(0)).startsWith("What should I know first? You are a ");
    });
    for (Language l : DemoTasks.languages()) {
      ClarqSummary s = p.clarq().summaries().get(l);
      assertThat(s.dialogues()).isEqualTo(10);
      assertThat(s.success()).isBetween(0.0, 1.0);
    }
    assertThat(p.clarq().finished()).extracting(DialogueRecord::seeker).containsOnly("two-questions");

    assertThat(p.mediq().overall().cases()).isEqualTo(2);
    assertThat(p.mediq().overall().averageTurns()).isEqualTo(3.0);   // two questions and the answer
    assertThat(p.mediq().overall().correct()).isEqualTo(1);           // it always answers A; case 0's answer is A
    assertThat(p.mediq().overall().timeouts()).isZero();

    assertThat(p.toa().question()).startsWith("What should I know first? Someone must answer the question \"Where"
        + " was the director of Jaws born?\"");
    assertThat(p.toa().completeAnswer()).isEqualTo("Cincinnati");

    assertThat(p.cq()).hasSize(2).allSatisfy(g -> {
      assertThat(g.generated().generator()).isEqualTo("agent:two-questions");
      assertThat(g.generated().question()).startsWith("What should I know first? A search engine user typed:");
    });
    assertThat(p.cq().get(0).generated().facetSatisfied()).isTrue();   // the statement names the facet
  }

  /** Asks once, then answers A or ends, as the turn allows: a model that follows the built-in agent's format. */
  private static FakeReply model(RecordedRequest r) {
    String turn = r.lastUserMessage();
    boolean asked = turn.contains("\nasker: ") || turn.contains(":\nasker: ");
    if (asked && turn.contains("\"action\": \"answer\"")) {
      return FakeReply.text("{\"action\": \"answer\", \"text\": \"A\"}");
    }
    if (asked && turn.contains("\"action\": \"end\"")) {
      return FakeReply.text("{\"action\": \"end\", \"text\": \"Thank you, that is everything.\"}");
    }
    return FakeReply.text("{\"action\": \"ask\", \"text\": \"Where was Spielberg born, and what is needed?\"}");
  }

  @Test
  void testTheBuiltInLlmAgentRunsOnAllFourAgainstALoopbackServer() throws Exception {
    try (FakeOpenAiServer server = FakeOpenAiServer.start(OneAgentEverywhereTest::model);
        OpenAiClient client = OpenAiClient.builder().baseUrl(server.baseUrl()).model("gpt-4o-mini").build()) {
      Played p = playEverywhere(LlmAskingAgent.builder(client).build(), "llm");
      assertThat(p.clarq().finished()).hasSize(20).allSatisfy(d -> {
        assertThat(d.dialogue().seekerLines()).containsExactly("Where was Spielberg born, and what is needed?",
            d.language() == Language.CHINESE ? "Thank you, that is everything. 再见。"
                : "Thank you, that is everything. Goodbye.");
        assertThat(d.seeker()).isEqualTo("llm:gpt-4o-mini");
      });
      assertThat(p.mediq().overall().averageTurns()).isEqualTo(2.0);
      assertThat(p.toa().question()).isEqualTo("Where was Spielberg born, and what is needed?");
      assertThat(p.toa().maskedFactReturned()).isTrue();
      assertThat(p.toa().recoveredAnswer()).isEqualTo("Cincinnati");
      assertThat(p.cq()).allSatisfy(g -> assertThat(g.generated().question())
          .isEqualTo("Where was Spielberg born, and what is needed?"));
      // 20 dialogues x 2 turns, 2 cases x 2 turns, 1 TOA question, 2 CQ questions
      assertThat(server.callCount()).isEqualTo(40 + 4 + 1 + 2);
      assertThat(server.requests()).allSatisfy(r -> assertThat(r.messages().get(0).content())
          .startsWith("You are an agent who asks good questions"));
    }
  }
}
