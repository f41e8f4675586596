package io.clarq.serve.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.metrics.ClarqSummary;
import io.clarq.core.clarqllm.provider.FixedReplies;
import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.dialogue.Speaker;
import io.clarq.core.dialogue.Utterance;
import io.clarq.core.testing.FakeOpenAiServer;
import io.clarq.core.testing.FakeReply;
import io.clarq.eval.clarqllm.evaluate.ClarqEvaluation;
import io.clarq.eval.clarqllm.evaluate.RecordedRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A person as the ClarQ-LLM provider (L2H): the rules, durability, resume, export, and an LLM seeker on loopback. */
class ProviderSessionsTest {
  static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path dir;

  static StudySpec providerSpec(int participants, int each, String seeker) throws Exception {
    return StudySpec.parse(JSON.readTree("{\"name\":\"l2h\",\"mode\":\"human-provider\",\"participants\":"
        + participants + ",\"per_participant\":" + each + (seeker == null ? "" : ",\"seeker\":\"" + seeker + "\"")
        + ",\"tasks\":{\"source\":\"demo\",\"language\":\"en\",\"ids\":[\"1.0\",\"1.1\",\"1.2\",\"1.3\"]}}"), null);
  }

  /** Answers as a diligent person would: the first available line of the tree, else that nothing is left to tell. */
  static ProviderSessions.ProviderView answerOnce(ProviderSessions play, StudyStore.Session s,
      ProviderSessions.ProviderView v) {
    Optional<NodeId> next = v.tree().stream().filter(n -> n.state() == ProviderSessions.NodeState.AVAILABLE)
        .map(ProviderSessions.TreeLine::id).findFirst();
    return next.isPresent() ? play.answer(s, List.of(next.get()), "", Optional.of(1200L))
        : play.answer(s, List.of(), play.enoughInformation(), Optional.of(800L));
  }

  static ProviderSessions.ProviderView playToTheEnd(ProviderSessions play, StudyStore.Session s) {
    ProviderSessions.ProviderView v = play.view(s);
    for (int i = 0; i < 30 && !v.finished(); i++) {
      v = answerOnce(play, s, v);
    }
    assertThat(v.finished()).isTrue();
    return v;
  }

  @Test
  void testTheSpecNamesASeekerAndNoProvider() throws Exception {
    StudySpec spec = providerSpec(1, 1, null);
    assertThat(spec.seeker()).isEqualTo("rule");
    assertThat(spec.toJson().has("provider")).isFalse();
    assertThat(StudySpec.parse(spec.toJson(), null)).isEqualTo(spec);
    assertThatThrownBy(() -> providerSpec(1, 1, "console")).hasMessageContaining("runs in the server");
    assertThatThrownBy(() -> StudySpec.parse(JSON.readTree("{\"name\":\"x\",\"mode\":\"human-provider\","
        + "\"participants\":1,\"per_participant\":1,\"provider\":\"offline\",\"tasks\":{\"ids\":[\"1.0\"]}}"), null))
        .hasMessageContaining("the participants are the provider");
    assertThatThrownBy(() -> StudySpec.parse(JSON.readTree("{\"name\":\"x\",\"mode\":\"human-seeker\","
        + "\"participants\":1,\"per_participant\":1,\"seeker\":\"rule\",\"tasks\":{\"ids\":[\"1.0\"]}}"), null))
        .hasMessageContaining("only a human-provider study has a seeker");
  }

  @Test
  void testEveryReplyIsOnDiskBeforeTheSeekerGoesOnAndAKilledServerResumes() throws Exception {
    Path folder = dir.resolve("s");
    Study study = Study.create(providerSpec(1, 4, null), folder);
    ProviderSessions play = new ProviderSessions(study);
    StudyStore.Session first = study.store().sessions(1).get(0);
    ProviderSessions.ProviderView v = play.view(first);
    // the provider's fixed opening is said for the person; the rule-based seeker has asked its first question
    assertThat(v.lines()).extracting(Utterance::speaker).containsExactly(Speaker.PROVIDER, Speaker.SEEKER);
    assertThat(v.lines().get(0).text()).isEqualTo(FixedReplies.opening(io.clarq.core.clarqllm.task.Language.ENGLISH));
    assertThat(v.awaitingReply()).isTrue();
    assertThat(v.tree()).extracting(ProviderSessions.TreeLine::state).containsExactly(
        ProviderSessions.NodeState.AVAILABLE, ProviderSessions.NodeState.LOCKED, ProviderSessions.NodeState.LOCKED,
        ProviderSessions.NodeState.LOCKED);
    assertThat(v.tree().get(1).purpose()).isPresent();
    v = play.answer(first, List.of(NodeId.ROOT), "", Optional.of(5000L));
    assertThat(v.lines()).hasSize(4);
    assertThat(study.store().turns(first.id()).get(2).nodes()).containsExactly("0");
    assertThat(study.store().turns(first.id()).get(2).millis()).contains(5000L);
    // a copy of the files as they are now, with the connection still open: what a killed process leaves behind
    Path crashed = dir.resolve("crashed");
    Files.createDirectories(crashed);
    try (var files = Files.list(folder)) {
      for (Path f : files.toList()) {
        if (Files.isRegularFile(f)) {
          Files.copy(f, crashed.resolve(f.getFileName()));
        }
      }
    }
    StudyTest.copyTree(folder.resolve(Study.TASKS), crashed.resolve(Study.TASKS));
    try (Study reopened = Study.open(crashed)) {
      ProviderSessions resumed = new ProviderSessions(reopened);
      StudyStore.Session s = reopened.store().sessions(1).get(0);
      ProviderSessions.ProviderView again = resumed.view(s);
      assertThat(again.lines()).isEqualTo(v.lines());
      // the gating comes back: node 0 was said, so 1 is open and its child 1.1 still locked
      assertThat(again.tree()).extracting(ProviderSessions.TreeLine::state).startsWith(
          ProviderSessions.NodeState.GIVEN, ProviderSessions.NodeState.AVAILABLE, ProviderSessions.NodeState.LOCKED);
      assertThatThrownBy(() -> resumed.answer(s, List.of(NodeId.parse("1.1")), "", Optional.empty()))
          .hasMessageContaining("not available now: [1.1]");
      ProviderSessions.ProviderView end = playToTheEnd(resumed, s);
      assertThat(end.endReason()).contains("GOODBYE");
      assertThat(end.lines().get(end.lines().size() - 1).speaker()).isEqualTo(Speaker.SEEKER);
      assertThatThrownBy(() -> resumed.answer(s, List.of(), "one more", Optional.empty()))
          .hasMessageContaining("has ended");
      // every reply the person gave is stored, the goodbye got none
      List<StudyStore.Turn> turns = reopened.store().turns(s.id());
      assertThat(turns).hasSize(end.lines().size());
      assertThat(turns.stream().filter(t -> t.speaker().equals("PROVIDER") && t.index() > 0)
          .allMatch(t -> t.millis().isPresent())).isTrue();
    }
    study.close();
  }

  @Test
  void testRepliesAreCheckedAndARefusedOneStoresNothing() throws Exception {
    try (Study study = Study.create(providerSpec(1, 1, null), dir.resolve("s"))) {
      ProviderSessions play = new ProviderSessions(study);
      StudyStore.Session s = study.store().sessions(1).get(0);
      play.view(s);
      assertThatThrownBy(() -> play.answer(s, List.of(), "  ", Optional.empty()))
          .hasMessageContaining("choose the nodes that answer, or type a reply");
      assertThatThrownBy(() -> play.answer(s, List.of(NodeId.ROOT), "and words", Optional.empty()))
          .hasMessageContaining("not both");
      assertThatThrownBy(() -> play.answer(s, List.of(), "x".repeat(ProviderSessions.MAX_LINE + 1),
          Optional.empty())).hasMessageContaining("at most 2000 characters");
      assertThatThrownBy(() -> play.answer(s, List.of(NodeId.parse("1")), "", Optional.empty()))
          .hasMessageContaining("not available now: [1]");
      assertThatThrownBy(() -> play.answer(s, List.of(NodeId.parse("9")), "", Optional.empty()))
          .hasMessageContaining("not available now: [9]");
      assertThat(study.store().turns(s.id())).hasSize(2);
      // a typed reply is Response II with the speaker prefix, no node given
      play.answer(s, List.of(), "Hello! What would you like to know?", Optional.empty());
      StudyStore.Turn typed = study.store().turns(s.id()).get(2);
      assertThat(typed.text()).isEqualTo("Jax: Hello! What would you like to know?");
      assertThat(typed.kind()).contains("RESPONSE_II");
      assertThat(typed.nodes()).isEmpty();
    }
  }

  @Test
  void testTheTurnCapIsTheStudys() throws Exception {
    StudySpec base = providerSpec(1, 1, null);
    StudySpec capped = new StudySpec(base.name(), base.mode(), "", 1, 1, base.tasks(), "offline", base.endDetection(),
        2, List.of(), "rule");
    try (Study study = Study.create(capped, dir.resolve("s"))) {
      ProviderSessions play = new ProviderSessions(study);
      StudyStore.Session s = study.store().sessions(1).get(0);
      play.view(s);
      ProviderSessions.ProviderView v = play.answer(s, List.of(), "Ask me anything.", Optional.empty());
      assertThat(v.finished()).isTrue();
      assertThat(v.endReason()).contains("TURN_CAP");
      assertThat(v.seekerTurnsLeft()).isZero();
      assertThat(v.awaitingReply()).isFalse();
    }
  }

  @Test
  void testAFinishedStudyExportsRunsWithThePersonAsTheProviderThatEvaluate() throws Exception {
    try (Study study = Study.create(providerSpec(2, 2, null), dir.resolve("s"))) {
      ProviderSessions play = new ProviderSessions(study);
      for (StudyStore.Participant p : study.store().participants()) {
        for (StudyStore.Session s : study.store().sessions(p.id())) {
          playToTheEnd(play, s);
        }
      }
      List<Path> runs = StudyExport.export(study, dir.resolve("out"));
      assertThat(runs).extracting(r -> r.getFileName().toString()).containsExactly("l2h-p01", "l2h-p02");
      for (Path run : runs) {
        RecordedRun recorded = StudyExport.recorded(study, run);
        assertThat(recorded.dialogues()).hasSize(2);
        ClarqSummary summary = ClarqEvaluation.score(recorded, Judge.none());
        JsonNode results = JSON.readTree(run.resolve("results.json").toFile());
        assertThat(results.get("benchmark").asText()).isEqualTo("clarq-llm");
        assertThat(results.at("/settings/provider_model").asText()).matches("human:l2h/p0[12]");
        assertThat(results.at("/settings/seeker_spec").asText()).isEqualTo("rule");
        assertThat(results.toString()).contains("rule-based").doesNotContain("human:l2h/p01\",\"seeker");
        assertThat(results.at("/figures/en/dialogues").asInt()).isEqualTo(summary.dialogues());
        assertThat(results.at("/figures/en/aqd").asDouble()).isCloseTo(summary.aqd(), within(1e-9));
        // the person gave every line of the tree in order: each dialogue is a success
        assertThat(summary.scores()).allMatch(sc -> sc.success().success());
        JsonNode participant = JSON.readTree(run.resolve(StudyExport.PARTICIPANT).toFile());
        assertThat(participant.get("role").asText()).isEqualTo("provider");
        assertThat(participant.toString()).contains("provider_seconds").contains("1.2");
      }
      String transcript = Files.readString(runs.get(0).resolve("transcripts.jsonl"));
      assertThat(transcript).contains("\"provider\":\"human:l2h/p01\"")
          .doesNotContain(study.store().participants().get(0).token());
    }
  }

  @Test
  void testTheExampleSpecAndAWrittenStudyFitTheSchema() throws Exception {
    io.clarq.core.testing.JsonSchemas schemas = io.clarq.core.testing.JsonSchemas.in(
        io.clarq.core.testing.JsonSchemas.projectSchemas());
    Path spec = schemas.folder().getParent().resolve("examples").resolve("study-l2h.json");
    assertThat(schemas.validateFile("study-spec.schema.json", spec)).isEmpty();
    StudySpec parsed = StudySpec.read(spec);
    assertThat(parsed.mode()).isEqualTo(StudyMode.HUMAN_PROVIDER);
    try (Study study = Study.create(parsed, dir.resolve(parsed.name()))) {
      assertThat(schemas.validateFile("study-spec.schema.json", study.folder().resolve(Study.SPEC))).isEmpty();
      assertThat(study.spec()).isEqualTo(parsed);
    }
  }

  @Test
  void testAnLlmSeekerOnLoopbackAsksTheHumanProvider() throws Exception {
    try (FakeOpenAiServer server = FakeOpenAiServer.start()) {
      server.enqueue(FakeReply.text("How do I relight the lighthouse?"), FakeReply.text("What guards the bridge?"));
      server.enqueue(FakeReply.unauthorized());
      server.enqueue(FakeReply.text("Thanks. Goodbye!"));
      StudySpec spec = providerSpec(1, 1, "chat:" + server.baseUrl());
      try (Study study = Study.create(spec, dir.resolve("s"))) {
        ProviderSessions play = new ProviderSessions(study);
        StudyStore.Session s = study.store().sessions(1).get(0);
        ProviderSessions.ProviderView v = play.view(s);
        assertThat(v.lines().get(1).text()).isEqualTo("How do I relight the lighthouse?");
        // chat mode: the seeker's system prompt is its briefing, the provider's opening the first user message
        assertThat(server.requests().get(0).systemPrompt()).contains("lighthouse keeper");
        v = play.answer(s, List.of(NodeId.ROOT), "", Optional.empty());
        assertThat(v.lines().get(3).text()).isEqualTo("What guards the bridge?");
        v = play.answer(s, List.of(NodeId.parse("1")), "", Optional.empty());
        // the model refused the call: the reply is kept and the seeker is asked again on the next view
        assertThat(v.seekerError()).isPresent();
        assertThat(v.awaitingReply()).isFalse();
        assertThat(study.store().turns(s.id())).hasSize(5);
        v = play.view(s);
        assertThat(v.finished()).isTrue();
        assertThat(v.endReason()).contains("GOODBYE");
        Path run = StudyExport.export(study, dir.resolve("out")).get(0);
        JsonNode results = JSON.readTree(run.resolve("results.json").toFile());
        assertThat(results.at("/settings/seeker_model").asText()).contains(server.baseUrl().toString()
            .replaceAll("/+$", ""));
        assertThat(results.at("/settings/provider_model").asText()).isEqualTo("human:l2h/p01");
      }
    }
  }
}
