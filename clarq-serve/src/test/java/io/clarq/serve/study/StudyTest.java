package io.clarq.serve.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.metrics.ClarqSummary;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.tree.ResponseNode;
import io.clarq.core.cq.Grade;
import io.clarq.core.cq.RubricScale;
import io.clarq.core.dialogue.Speaker;
import io.clarq.eval.clarqllm.evaluate.ClarqEvaluation;
import io.clarq.eval.clarqllm.evaluate.RecordedRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StudyTest {
  static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path dir;

  static StudySpec seekerSpec(int participants, int each) throws Exception {
    return StudySpec.parse(JSON.readTree("{\"name\":\"errands\",\"mode\":\"human-seeker\",\"participants\":"
        + participants + ",\"per_participant\":" + each + ",\"instructions\":\"Ask Jax.\",\"tasks\":{\"source\":"
        + "\"demo\",\"language\":\"en\",\"ids\":[\"1.0\",\"1.1\",\"1.2\",\"1.3\"]}}"), null);
  }

  @Test
  void testAssignmentIsBalancedFixedAndNeverRepeatsAnItem() {
    List<List<Integer>> a = Assignment.balanced(5, 7, 3);
    int[] counts = new int[5];
    for (List<Integer> mine : a) {
      assertThat(mine).hasSize(3).doesNotHaveDuplicates();
      mine.forEach(i -> counts[i]++);
    }
    assertThat(java.util.Arrays.stream(counts).max().getAsInt() - java.util.Arrays.stream(counts).min().getAsInt())
        .isLessThanOrEqualTo(1);
    assertThatThrownBy(() -> Assignment.balanced(2, 1, 3)).hasMessageContaining("no item may be given twice");
  }

  @Test
  void testSpecErrorsNameTheFileAndField() throws Exception {
    Path spec = dir.resolve("bad.json");
    Files.writeString(spec, "{\"name\":\"x\",\"mode\":\"human-provider\",\"participants\":1,\"per_participant\":1}");
    assertThatThrownBy(() -> StudySpec.read(spec)).hasMessageContaining("bad.json")
        .hasMessageContaining("a human-provider study needs \"tasks\"");
    Files.writeString(spec, "{\"name\":\"x\",\"mode\":\"rating\",\"participants\":1,\"per_participant\":1,"
        + "\"colour\":1}");
    assertThatThrownBy(() -> StudySpec.read(spec)).hasMessageContaining("unknown field \"colour\"");
  }

  @Test
  void testLinksAreUnguessableAndDistinct() throws Exception {
    try (Study study = Study.create(seekerSpec(6, 2), dir.resolve("s"))) {
      Set<String> tokens = new HashSet<>();
      study.store().participants().forEach(p -> {
        assertThat(p.token()).matches("[A-Za-z0-9_-]{43}");
        tokens.add(p.token());
      });
      assertThat(tokens).hasSize(6);
      assertThat(study.links()).hasSize(6).containsKey("p01");
      assertThat(study.store().journalMode()).isEqualTo("wal");
    }
  }

  @Test
  void testEveryTurnIsOnDiskBeforeItIsShownAndAKilledServerResumes() throws Exception {
    Path folder = dir.resolve("s");
    Study study = Study.create(seekerSpec(1, 4), folder);
    SeekerSessions play = new SeekerSessions(study);
    StudyStore.Session first = study.store().sessions(1).get(0);
    assertThat(play.view(first).lines()).hasSize(1);
    play.say(first, "Hello Jax, can you help me with my task?", Optional.of(4000L));
    SeekerSessions.SeekerView v = play.say(first, "How do I cross the Stone Bridge?", Optional.of(3000L));
    assertThat(v.lines()).hasSize(5);
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
    copyTree(folder.resolve(Study.TASKS), crashed.resolve(Study.TASKS));
    assertThat(crashed.resolve(StudyStore.FILE + "-wal")).exists();
    try (Study reopened = Study.open(crashed)) {
      SeekerSessions resumed = new SeekerSessions(reopened);
      StudyStore.Session s = reopened.store().sessions(1).get(0);
      assertThat(s.state()).isEqualTo("open");
      SeekerSessions.SeekerView again = resumed.view(s);
      assertThat(again.lines()).isEqualTo(v.lines());
      // the gating state comes back too: the next question is answered from the tree where it stopped
      SeekerSessions.SeekerView next = resumed.say(s, "Where can I earn silver coins?", Optional.empty());
      assertThat(next.lines().get(next.lines().size() - 1).text()).contains("mending fishing nets");
      SeekerSessions.SeekerView end = resumed.say(s, "Goodbye.", Optional.empty());
      assertThat(end.finished()).isTrue();
      assertThat(end.endReason()).contains("GOODBYE");
      assertThat(end.lines().get(end.lines().size() - 1).speaker()).isEqualTo(Speaker.SEEKER);
      assertThatThrownBy(() -> resumed.say(s, "one more", Optional.empty())).hasMessageContaining("has ended");
    }
    study.close();
  }

  @Test
  void testTheTurnCapIsTheStudysAndLinesAreBounded() throws Exception {
    StudySpec base = seekerSpec(1, 1);
    StudySpec capped = new StudySpec(base.name(), base.mode(), "", 1, 1, base.tasks(), "offline",
        base.endDetection(), 2, List.of());
    try (Study study = Study.create(capped, dir.resolve("s"))) {
      SeekerSessions play = new SeekerSessions(study);
      StudyStore.Session s = study.store().sessions(1).get(0);
      assertThatThrownBy(() -> play.say(s, "x".repeat(SeekerSessions.MAX_LINE + 1), Optional.empty()))
          .hasMessageContaining("at most 2000 characters");
      assertThatThrownBy(() -> play.say(s, "   ", Optional.empty())).hasMessageContaining("type a line");
      play.say(s, "Hello, can you help me with my task?", Optional.empty());
      SeekerSessions.SeekerView v = play.say(s, "what next", Optional.empty());
      assertThat(v.finished()).isTrue();
      assertThat(v.endReason()).contains("TURN_CAP");
      assertThat(v.seekerTurnsLeft()).isZero();
    }
  }

  @Test
  void testAHumanSeekerSeesNoGoldLineBeforeTheProviderSaysIt() throws Exception {
    try (Study study = Study.create(seekerSpec(1, 4), dir.resolve("s"))) {
      SeekerSessions play = new SeekerSessions(study);
      for (StudyStore.Session s : study.store().sessions(1)) {
        ClarqTask task = study.task(s.item());
        SeekerSessions.SeekerView v = play.view(s);
        v = play.say(s, "Hello Jax, can you help me with my task?", Optional.empty());
        String shown = v.toString();
        Set<String> said = new HashSet<>();
        v.lines().forEach(u -> said.add(u.text()));
        for (ResponseNode node : task.tree().nodes()) {
          String text = io.clarq.core.clarqllm.task.ReferenceText.stripSpeaker(node.text());
          if (said.stream().noneMatch(l -> l.contains(text))) {
            assertThat(shown).doesNotContain(text);
          }
        }
        assertThat(shown).doesNotContain("id=" + task.id());
      }
    }
  }

  @Test
  void testAFinishedStudyExportsRunsThatEvaluate() throws Exception {
    try (Study study = Study.create(seekerSpec(2, 2), dir.resolve("s"))) {
      SeekerSessions play = new SeekerSessions(study);
      for (StudyStore.Participant p : study.store().participants()) {
        study.store().recordUserAgent(p.id(), "TestBrowser/1.0");
        for (StudyStore.Session s : study.store().sessions(p.id())) {
          play.say(s, "Hello Jax, can you help me with my task?", Optional.of(2500L));
          play.say(s, "What is the first step?", Optional.of(1500L));
          play.say(s, "Goodbye.", Optional.of(500L));
        }
      }
      Path out = dir.resolve("out");
      List<Path> runs = StudyExport.export(study, out);
      assertThat(runs).extracting(r -> r.getFileName().toString()).containsExactly("errands-p01", "errands-p02");
      for (Path run : runs) {
        RecordedRun recorded = StudyExport.recorded(study, run);
        assertThat(recorded.dialogues()).hasSize(2);
        ClarqSummary summary = ClarqEvaluation.score(recorded, Judge.none());
        JsonNode results = JSON.readTree(run.resolve("results.json").toFile());
        assertThat(results.get("benchmark").asText()).isEqualTo("clarq-llm");
        assertThat(results.toString()).contains("human:errands/p0");
        assertThat(results.at("/figures/en/dialogues").asInt()).isEqualTo(summary.dialogues());
        assertThat(results.at("/figures/en/aqd").asDouble()).isCloseTo(summary.aqd(), within(1e-9));
        JsonNode participant = JSON.readTree(run.resolve(StudyExport.PARTICIPANT).toFile());
        assertThat(participant.get("browser").asText()).isEqualTo("TestBrowser/1.0");
        assertThat(participant.toString()).contains("2.5");
      }
      // the replay is word for word
      String transcript = Files.readString(runs.get(0).resolve("transcripts.jsonl"));
      assertThat(transcript).contains("What is the first step?").doesNotContain(study.store().participants().get(0)
          .token());
      // a second export replaces its own folders
      assertThat(StudyExport.export(study, out)).hasSize(2);
    }
  }

  @Test
  void testRatingAgreementMatchesAnIndependentComputation() throws Exception {
    // the two raters' grades of KappaTest in clarq-core (scikit-learn's cohen_kappa_score gave 0.49473684210526314,
    // the command is in that test's comment): here as two people rating the same 12 questions on usefulness
    List<String> a = List.of("Good", "Good", "Fair", "Bad", "Good", "Fair", "Fair", "Bad", "Good", "Good", "Fair", "Bad");
    List<String> b = List.of("Good", "Fair", "Fair", "Bad", "Good", "Good", "Fair", "Fair", "Good", "Bad", "Fair", "Bad");
    StringBuilder items = new StringBuilder();
    for (int i = 0; i < 12; i++) {
      items.append(i == 0 ? "" : ",").append("{\"id\":\"q").append(i).append("\",\"request\":\"tell me about r")
          .append(i).append("\",\"reference\":\"which r").append(i).append("?\",\"question\":\"do you mean r")
          .append(i).append("?\"}");
    }
    StudySpec spec = StudySpec.parse(JSON.readTree("{\"name\":\"cq-rating\",\"mode\":\"rating\",\"participants\":2,"
        + "\"per_participant\":12,\"items\":[" + items + "]}"), null);
    try (Study study = Study.create(spec, dir.resolve("r"))) {
      RatingSessions rating = new RatingSessions(study);
      List<StudyStore.Participant> people = study.store().participants();
      for (int p = 0; p < 2; p++) {
        List<String> grades = p == 0 ? a : b;
        for (StudyStore.Session s : study.store().sessions(people.get(p).id())) {
          int i = Integer.parseInt(s.item().substring(1));
          RatingSessions.RatingView v = rating.view(s);
          assertThat(v.question()).isEqualTo("do you mean r" + i + "?");
          rating.rate(s, Grade.GOOD, Grade.valueOf(grades.get(i).toUpperCase(java.util.Locale.ROOT)),
              Optional.of(1000L));
        }
      }
      StudyAgreement agreement = StudyAgreement.of(study);
      assertThat(agreement.method()).isEqualTo("cohen");
      assertThat(agreement.items()).isEqualTo(12);
      assertThat(agreement.kappa().get(RubricScale.USEFULNESS).getAsDouble())
          .isCloseTo(0.49473684210526314, within(1e-12));
      assertThat(agreement.kappa().get(RubricScale.NATURALNESS)).isEmpty();   // every grade Good: undefined
      Path out = StudyExport.export(study, dir.resolve("out")).get(0);
      assertThat(out.resolve("p01.jsonl")).exists();
      List<io.clarq.core.cq.HumanRating> read = io.clarq.datasets.cq.HumanRatingsFile.read(out.resolve("p02.jsonl"));
      assertThat(read).hasSize(12);
      assertThat(JSON.readTree(out.resolve(StudyExport.AGREEMENT).toFile()).at("/kappa/usefulness").asDouble())
          .isCloseTo(0.49473684210526314, within(1e-12));
    }
  }

  @Test
  void testTheExampleSpecsAndAWrittenStudyFitTheSchema() throws Exception {
    io.clarq.core.testing.JsonSchemas schemas = io.clarq.core.testing.JsonSchemas.in(
        io.clarq.core.testing.JsonSchemas.projectSchemas());
    Path examples = schemas.folder().getParent().resolve("examples");
    for (String name : List.of("study-errands.json", "study-rating.json")) {
      Path spec = examples.resolve(name);
      assertThat(schemas.validateFile("study-spec.schema.json", spec)).isEmpty();
      StudySpec parsed = StudySpec.read(spec);
      try (Study study = Study.create(parsed, dir.resolve(parsed.name()))) {
        assertThat(schemas.validateFile("study-spec.schema.json", study.folder().resolve(Study.SPEC))).isEmpty();
        assertThat(study.spec()).isEqualTo(parsed);
      }
    }
    assertThat(io.clarq.eval.results.WrittenFileSchemas.schemaOf(dir.resolve("cq-rating").resolve(Study.SPEC)))
        .contains("study-spec.schema.json");
  }

  static void copyTree(Path from, Path to) throws Exception {
    try (var walk = Files.walk(from)) {
      for (Path f : walk.toList()) {
        Path t = to.resolve(from.relativize(f).toString());
        if (Files.isDirectory(f)) {
          Files.createDirectories(t);
        } else {
          Files.copy(f, t);
        }
      }
    }
  }

}
