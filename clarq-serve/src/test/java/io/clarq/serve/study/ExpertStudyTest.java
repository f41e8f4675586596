package io.clarq.serve.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.mediq.OverlapExpert;
import io.clarq.core.stats.Bootstrap;
import io.clarq.eval.compare.OutcomeComparison;
import io.clarq.eval.compare.OutcomeRun;
import io.clarq.eval.compare.OutcomeRuns;
import io.clarq.eval.kernel.ItemListener;
import io.clarq.eval.kernel.RunKernel;
import io.clarq.eval.kernel.Shard;
import io.clarq.eval.mediq.MediqBenchmark;
import io.clarq.eval.mediq.MediqFigures;
import io.clarq.eval.mediq.MediqItem;
import io.clarq.eval.mediq.MediqOutcome;
import io.clarq.eval.mediq.MediqRecord;
import io.clarq.retrieval.mediq.OfflinePatient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A MediQ human-expert study on small case files in MediQ's format (written here, in our own words): MediQ's question
 * cap and end, every move on disk before it is shown, a killed server resumed, and an export that MediQ's readers
 * score and that pairs with a model's run.
 */
class ExpertStudyTest {
  static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path dir;

  static StudySpec spec(Path data, int participants, int each, int maxQuestions) throws Exception {
    return MediqCases.spec(data, participants, each, maxQuestions);
  }

  @Test
  void testSpecNamesCasesAndRefusesWhatDoesNotBelong() throws Exception {
    Path data = MediqCases.data(dir);
    StudySpec s = spec(data, 1, 3, 2);
    assertThat(s.itemCount()).isEqualTo(3);
    assertThat(s.cases().orElseThrow().patient()).isEqualTo("offline");
    assertThat(StudySpec.parse(s.toJson(), null)).isEqualTo(s);
    assertThatThrownBy(() -> StudySpec.parse(JSON.readTree("{\"name\":\"x\",\"mode\":\"human-expert\","
        + "\"participants\":1,\"per_participant\":1,\"cases\":{\"source\":\"d\",\"ids\":[\"craft/1\"]}}"), null))
        .hasMessageContaining("craft/1").hasMessageContaining("unknown MediQ data set");
    assertThatThrownBy(() -> StudySpec.parse(JSON.readTree("{\"name\":\"x\",\"mode\":\"human-expert\","
        + "\"participants\":1,\"per_participant\":1,\"cases\":{\"source\":\"d\",\"ids\":[\"craft_md/1\"]},"
        + "\"patient\":\"gpt-4o\"}"), null)).hasMessageContaining("illegal patient \"gpt-4o\"");
    assertThatThrownBy(() -> StudySpec.parse(JSON.readTree("{\"name\":\"x\",\"mode\":\"rating\",\"participants\":1,"
        + "\"per_participant\":1,\"items\":[{\"id\":\"a\",\"reference\":\"r\",\"question\":\"q\"}],\"cases\":"
        + "{\"source\":\"d\",\"ids\":[\"craft_md/1\"]}}"), null)).hasMessageContaining("belong to a human-expert");
    assertThat(StudySpec.parse(JSON.readTree("{\"name\":\"x\",\"mode\":\"human-expert\",\"participants\":1,"
        + "\"per_participant\":1,\"cases\":{\"source\":\"d\",\"ids\":[\"craft_md/1\"]},\"patient\":"
        + "\"fact-select:openai:gpt-4o\"}"), null).cases().orElseThrow().patientModel()).contains("openai:gpt-4o");
    assertThatThrownBy(() -> Study.create(StudySpec.parse(JSON.readTree("{\"name\":\"x\",\"mode\":\"human-expert\","
        + "\"participants\":1,\"per_participant\":1,\"cases\":{\"source\":" + JSON.writeValueAsString(data.toString())
        + ",\"ids\":[\"craft_md/7\"]}}"), null), dir.resolve("x"))).hasMessageContaining("case craft_md/7 is not in");
  }

  @Test
  void testTheExpertSeesOnlyWhatMediqGivesAndTheCapAndEndAreMediqs() throws Exception {
    try (Study study = Study.create(spec(MediqCases.data(dir), 1, 3, 2), dir.resolve("clinic"))) {
      ExpertSessions play = new ExpertSessions(study);
      List<StudyStore.Session> mine = study.store().sessions(1);
      StudyStore.Session first = mine.get(0);
      ExpertSessions.ExpertView v = play.view(first);
      assertThat(v.initialInfo()).isEqualTo("A 20-year-old visits the clinic with a fever and a cough.");
      assertThat(v.inquiry().options()).containsEntry("B", "Pneumonia");
      assertThat(v.questionsLeft()).isEqualTo(2);
      assertThat(study.store().session(first.id()).state()).isEqualTo("open");
      v = play.ask(first, "When did the symptoms begin?", Optional.of("A"), Optional.of(2500L));
      assertThat(v.exchanges()).hasSize(1);
      assertThat(v.exchanges().get(0).answer()).contains("The symptoms began 2 days ago.");
      // both the question (with its intermediate choice) and the answer are stored
      List<StudyStore.Turn> turns = study.store().turns(first.id());
      assertThat(turns).extracting(StudyStore.Turn::speaker).containsExactly("EXPERT", "PATIENT");
      assertThat(turns.get(0).intent()).contains("A");
      assertThat(turns.get(0).millis()).contains(2500L);
      play.ask(first, "Any blood tests?", Optional.empty(), Optional.empty());
      assertThatThrownBy(() -> play.ask(first, "One more?", Optional.empty(), Optional.empty()))
          .hasMessageContaining("2 questions MediQ allows");
      assertThatThrownBy(() -> play.answer(first, "E", Optional.empty())).hasMessageContaining("choose one of");
      v = play.answer(first, "B", Optional.of(900L));
      assertThat(v.finished()).isTrue();
      assertThat(v.letter()).contains("B");
      assertThat(v.endReason()).contains(ExpertSessions.QUESTION_CAP);
      assertThatThrownBy(() -> play.answer(first, "C", Optional.empty())).hasMessageContaining("has ended");
      // the second case is answered at once: no question, the end is the answer
      v = play.answer(mine.get(1), "C", Optional.empty());
      assertThat(v.finished()).isTrue();
      assertThat(v.endReason()).contains(ExpertSessions.ANSWERED);
      assertThat(v.exchanges()).isEmpty();
    }
  }

  @Test
  void testEveryMoveIsOnDiskBeforeItIsShownAndAKilledServerResumes() throws Exception {
    Path folder = dir.resolve("clinic");
    Study study = Study.create(spec(MediqCases.data(dir), 1, 3, 5), folder);
    ExpertSessions play = new ExpertSessions(study);
    StudyStore.Session first = study.store().sessions(1).get(0);
    ExpertSessions.ExpertView v = play.ask(first, "How old are you?", Optional.empty(), Optional.empty());
    v = play.ask(first, "What did the blood test show?", Optional.of("B"), Optional.empty());
    // the files as they are now, the connection still open: what a killed process leaves behind
    Path crashed = dir.resolve("crashed");
    copyTree(folder, crashed);
    assertThat(crashed.resolve(StudyStore.FILE + "-wal")).exists();
    try (Study reopened = Study.open(crashed)) {
      ExpertSessions resumed = new ExpertSessions(reopened);
      StudyStore.Session s = reopened.store().sessions(1).get(0);
      assertThat(s.state()).isEqualTo("open");
      ExpertSessions.ExpertView again = resumed.view(s);
      assertThat(again.exchanges()).isEqualTo(v.exchanges());
      assertThat(again.questionsLeft()).isEqualTo(3);
      // a question stored without its answer (killed in between) is answered on the next call
      reopened.store().addTurn(s.id(), new StudyStore.Turn(4, "EXPERT", "Do you have a cough?", Optional.of("ASK"),
          Optional.empty(), List.of(), Optional.empty(), "2026-11-28T20:00:00Z"));
      ExpertSessions.ExpertView caught = resumed.view(s);
      assertThat(caught.exchanges()).hasSize(3);
      assertThat(caught.exchanges().get(2).answer()).contains("a fever and a cough");
      assertThat(resumed.answer(s, "B", Optional.empty()).finished()).isTrue();
    }
    study.close();
  }

  @Test
  void testTheExportIsAMediqRunThatMediqsReadersScoreAndThatPairsWithAModelRun() throws Exception {
    Path data = MediqCases.data(dir);
    try (Study study = Study.create(spec(data, 2, 3, 3), dir.resolve("clinic"))) {
      ExpertSessions play = new ExpertSessions(study);
      // p01: right on craft_md/0 after two questions, right on craft_md/2 at once, wrong on dev_good/11
      Map<String, String> letters = new LinkedHashMap<>();
      for (StudyStore.Participant p : study.store().participants()) {
        for (StudyStore.Session s : study.store().sessions(p.id())) {
          boolean right = p.label().equals("p01") ? !s.item().equals("dev_good/11") : s.item().equals("craft_md/0");
          if (s.item().equals("craft_md/0")) {
            play.ask(s, "When did it start?", Optional.of("A"), Optional.of(3000L));
            play.ask(s, "What did the blood test show?", Optional.empty(), Optional.of(4000L));
          }
          play.answer(s, right ? "B" : "D", Optional.of(1500L));
          letters.put(p.label() + " " + s.item(), right ? "B" : "D");
        }
      }
      List<Path> written = StudyExport.export(study, dir.resolve("out"));
      assertThat(written).extracting(p -> p.getFileName().toString()).containsExactly("clinic-p01", "clinic-p02");
      Path run = written.get(0);
      // what mediq's own readers read: the item log's records, the figures, and the per-item outcomes
      List<MediqOutcome> outcomes = new ArrayList<>();
      List<String> datasets = new ArrayList<>();
      for (String line : Files.readAllLines(run.resolve(MediqRecord.LOG))) {
        MediqRecord r = MediqRecord.fromLine(line, run.toString());
        outcomes.add(r.outcome());
        datasets.add(r.dataset());
      }
      assertThat(datasets).containsExactlyInAnyOrder("craft_md", "craft_md", "dev_good");
      MediqFigures f = MediqFigures.of(outcomes);
      assertThat(f.cases()).isEqualTo(3);
      assertThat(f.accuracy().value()).isCloseTo(2.0 / 3, within(1e-12));
      MediqOutcome asked = outcomes.stream().filter(o -> o.caseId() == 0).findFirst().orElseThrow();
      assertThat(asked.questions()).containsExactly(Optional.of("When did it start?"),
          Optional.of("What did the blood test show?"));
      assertThat(asked.intermediateChoices()).containsExactly(Optional.of("A"), Optional.empty(), Optional.of("B"));
      assertThat(asked.answers().get(1)).contains("raised white cell count");
      JsonNode results = JSON.readTree(run.resolve("results.json").toFile());
      assertThat(results.path("benchmark").asText()).isEqualTo("mediq");
      assertThat(results.at("/figures/overall/accuracy").isMissingNode()).isFalse();
      assertThat(results.at("/settings/expert").asText()).isEqualTo("human:clinic/p01");
      assertThat(Files.readString(run.resolve("summary.md"))).contains("# MediQ run");
      JsonNode participant = JSON.readTree(run.resolve(StudyExport.PARTICIPANT).toFile());
      assertThat(participant.at("/consultations/craft_md~10/expert_seconds").toString()).isEqualTo("[3.0,4.0,1.5]");
      OutcomeRun human = OutcomeRuns.load(run);
      assertThat(human.benchmark()).isEqualTo("mediq");
      assertThat(human.compared()).containsEntry("craft_md:0", 1.0).containsEntry("craft_md:2", 1.0)
          .containsEntry("dev_good:11", 0.0);
      assertThat(OutcomeRuns.load(written.get(1)).compared()).containsEntry("craft_md:0", 1.0)
          .containsEntry("craft_md:2", 0.0);
      // a model-free expert's run on the same cases and patient, as `clarq mediq run` writes it, pairs with it
      Path model = dir.resolve("overlap");
      List<MediqItem> items = List.of(new MediqItem("craft_md", study.mediqCase("craft_md/0")),
          new MediqItem("craft_md", study.mediqCase("craft_md/2")),
          new MediqItem("dev_good", study.mediqCase("dev_good/11")));
      Map<String, String> settings = new LinkedHashMap<>();
      settings.put("cannot_answer", "clarq");
      settings.put("expert", "overlap(questions=3)");
      settings.put("patient", "offline-bm25(k1=1.2,b=0.75,max_facts=2)");
      RunKernel.run(new MediqBenchmark(new OverlapExpert(3), new OfflinePatient("The record says nothing about that.",
          2), 3, settings), items, new RunKernel.Plan(model, Shard.ALL, 1, "test"), new ItemListener<>() {});
      OutcomeComparison c = OutcomeComparison.of(List.of(human, OutcomeRuns.load(model)), new Bootstrap(200, 1),
          false);
      assertThat(c.pairs()).hasSize(1);
      // exporting again replaces the export's own folders
      assertThat(StudyExport.export(study, dir.resolve("out"))).hasSize(2);
    }
  }

  @Test
  void testAnLlmPatientAnswersFromTheModelAndAFailureKeepsTheQuestion() throws Exception {
    try (io.clarq.core.testing.FakeOpenAiServer server = io.clarq.core.testing.FakeOpenAiServer.start(
        r -> io.clarq.core.testing.FakeReply.text("It started three days ago, doctor."))) {
      ObjectNode json = MediqCases.spec(MediqCases.data(dir), 1, 1, 5).toJson();
      json.put("patient", "instruct:" + server.baseUrl());
      try (Study study = Study.create(StudySpec.parse(json, null), dir.resolve("llm"))) {
        assertThat(study.patientSettings().get("patient")).startsWith("InstructPatient(");
        ExpertSessions play = new ExpertSessions(study);
        StudyStore.Session s = study.store().sessions(1).get(0);
        ExpertSessions.ExpertView v = play.ask(s, "When did it start?", Optional.empty(), Optional.empty());
        assertThat(v.exchanges().get(0).answer()).isEqualTo("It started three days ago, doctor.");
        // the patient's prompt holds the record and the question; the expert's view never did
        String sent = server.requests().get(0).body();
        assertThat(sent).contains("When did it start?").contains("raised white cell count");
        server.respondWith(r -> io.clarq.core.testing.FakeReply.error(400, "bad_request", "no"));
        v = play.ask(s, "Any cough?", Optional.empty(), Optional.empty());
        assertThat(v.patientError()).isPresent();
        assertThat(v.pendingQuestion()).contains("Any cough?");
        assertThatThrownBy(() -> play.answer(s, "B", Optional.empty())).hasMessageContaining("not answered");
        server.respondWith(r -> io.clarq.core.testing.FakeReply.text("Yes, a dry cough."));
        v = play.view(s);
        assertThat(v.pendingQuestion()).isEmpty();
        assertThat(v.exchanges()).extracting(io.clarq.core.mediq.Exchange::answer)
            .containsExactly("It started three days ago, doctor.", "Yes, a dry cough.");
        assertThat(play.answer(s, "B", Optional.empty()).finished()).isTrue();
      }
    }
  }

  @Test
  void testTheExampleSpecAndAWrittenStudyFitTheSchema() throws Exception {
    io.clarq.core.testing.JsonSchemas schemas = io.clarq.core.testing.JsonSchemas.in(
        io.clarq.core.testing.JsonSchemas.projectSchemas());
    Path example = schemas.folder().getParent().resolve("examples").resolve("study-mediq.json");
    assertThat(schemas.validateFile("study-spec.schema.json", example)).isEmpty();
    StudySpec parsed = StudySpec.read(example);
    assertThat(parsed.cases().orElseThrow().source()).isEqualTo(ExpertCases.FETCHED);
    // the same spec on the test's case files (the example's ids are in them)
    ObjectNode json = parsed.toJson();
    ((ObjectNode) json.get("cases")).put("source", MediqCases.data(dir).toString());
    try (Study study = Study.create(StudySpec.parse(json, null), dir.resolve(parsed.name()))) {
      assertThat(schemas.validateFile("study-spec.schema.json", study.folder().resolve(Study.SPEC))).isEmpty();
      assertThat(study.itemIds()).containsExactly("craft_md/0", "craft_md/2", "dev_good/10", "dev_good/11");
      assertThat(Files.readAllLines(study.folder().resolve("cases").resolve("all_dev_good.jsonl"))).hasSize(2);
    }
  }

  static void copyTree(Path from, Path to) throws Exception {
    try (Stream<Path> walk = Files.walk(from)) {
      for (Path p : walk.toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target);
        }
      }
    }
  }
}
