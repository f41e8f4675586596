package io.clarq.serve.study;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.cq.Grade;
import io.clarq.eval.results.WrittenFileSchemas;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a study export writes fits the schemas in docs/schemas, side files included (participant.json, agreement.json,
 * study-export.json, a rater's p01.jsonl), for every mode, as {@code WrittenFilesSchemaTest} checks the commands'
 * files: through {@link WrittenFileSchemas}, the one table from file name to schema.
 */
class StudyExportSchemaTest {
  static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path dir;

  @Test
  void testAHumanSeekerExportFitsTheSchemasEveryFile() throws Exception {
    try (Study study = Study.create(StudyTest.seekerSpec(2, 1), dir.resolve("s"))) {
      SeekerSessions play = new SeekerSessions(study);
      StudyStore.Participant p = study.store().participants().get(0);
      study.store().recordUserAgent(p.id(), "TestBrowser/1.0");
      StudyStore.Session s = study.store().sessions(p.id()).get(0);
      play.say(s, "What is the first step?", Optional.of(1500L));
      play.say(s, "Goodbye.", Optional.empty());
      Path run = StudyExport.export(study, dir.resolve("out")).get(0);
      assertThat(WrittenFileSchemas.checkedFiles(run)).contains(
          "participant.json -> study-participant.schema.json", "study-export.json -> study-export.schema.json");
      assertThat(WrittenFileSchemas.validateTree(run)).isEmpty();
      // the schema can fail: a participant.json with the link token's place taken by something else
      Path bad = dir.resolve("participant.json");
      Files.writeString(bad, Files.readString(run.resolve(StudyExport.PARTICIPANT)).replace("\"p01\"", "\"x\""));
      assertThat(WrittenFileSchemas.schemas().validateFile("study-participant.schema.json", bad)).isNotEmpty();
    }
  }

  @Test
  void testAHumanProviderExportFitsTheSchemasEveryFile() throws Exception {
    try (Study study = Study.create(ProviderSessionsTest.providerSpec(1, 1, null), dir.resolve("l2h"))) {
      ProviderSessions play = new ProviderSessions(study);
      ProviderSessionsTest.playToTheEnd(play, study.store().sessions(1).get(0));
      Path run = StudyExport.export(study, dir.resolve("out")).get(0);
      assertThat(Files.readString(run.resolve(StudyExport.PARTICIPANT))).contains("\"role\" : \"provider\"")
          .contains("provider_seconds");
      assertThat(WrittenFileSchemas.checkedFiles(run)).contains(
          "participant.json -> study-participant.schema.json", "study-export.json -> study-export.schema.json");
      assertThat(WrittenFileSchemas.validateTree(run)).isEmpty();
      // a role the schema does not know fails it
      Path bad = dir.resolve("participant.json");
      Files.writeString(bad, Files.readString(run.resolve(StudyExport.PARTICIPANT)).replace("\"provider\"",
          "\"judge\""));
      assertThat(WrittenFileSchemas.schemas().validateFile("study-participant.schema.json", bad)).isNotEmpty();
    }
  }

  @Test
  void testARatingExportFitsTheSchemasEveryFile() throws Exception {
    StudySpec spec = StudySpec.parse(JSON.readTree("{\"name\":\"cq-rating\",\"mode\":\"rating\",\"participants\":2,"
        + "\"per_participant\":3,\"items\":[{\"id\":\"q1\",\"request\":\"Tell me about jaguars.\",\"reference\":"
        + "\"The animal or the car?\",\"question\":\"Do you mean the cat?\"},{\"id\":\"q2\",\"reference\":"
        + "\"Which system?\",\"question\":\"Do you like snakes?\"},{\"id\":\"q3\",\"reference\":\"From where?\","
        + "\"question\":\"When do you fly?\"}]}"), null);
    try (Study study = Study.create(spec, dir.resolve("r"))) {
      RatingSessions rate = new RatingSessions(study);
      Grade[] grades = {Grade.GOOD, Grade.FAIR, Grade.BAD};
      int i = 0;
      for (StudyStore.Participant p : study.store().participants()) {
        for (StudyStore.Session s : study.store().sessions(p.id())) {
          rate.rate(s, grades[i % 3], grades[(i + p.label().length()) % 3], Optional.of(1200L));
          i++;
        }
      }
      List<Path> written = StudyExport.export(study, dir.resolve("out"));
      for (Path folder : written) {
        assertThat(WrittenFileSchemas.validateTree(folder)).as(folder.toString()).isEmpty();
      }
      Path ratings = dir.resolve("out").resolve("cq-rating-ratings");
      assertThat(WrittenFileSchemas.checkedFiles(ratings)).contains("agreement.json -> study-agreement.schema.json",
          "p01.jsonl -> human-ratings-line.schema.json", "p02.jsonl -> human-ratings-line.schema.json");
      Path bad = dir.resolve("agreement.json");
      Files.writeString(bad, Files.readString(ratings.resolve(StudyExport.AGREEMENT)).replace("\"cohen\"",
          "\"kendall\""));
      assertThat(WrittenFileSchemas.schemas().validateFile("study-agreement.schema.json", bad)).isNotEmpty();
    }
  }

  @Test
  void testAHumanExpertExportsSideFilesFitTheirSchemas() throws Exception {
    try (Study study = Study.create(MediqCases.spec(MediqCases.data(dir), 1, 2, 3), dir.resolve("m"))) {
      ExpertSessions play = new ExpertSessions(study);
      for (StudyStore.Session s : study.store().sessions(1)) {
        play.ask(s, "When did it begin?", Optional.empty(), Optional.of(2000L));
        play.answer(s, "B", Optional.empty());
      }
      Path run = StudyExport.export(study, dir.resolve("out")).get(0);
      for (String name : List.of(StudyExport.PARTICIPANT, StudyExport.MARKER, "run-config.json")) {
        Path f = run.resolve(name);
        assertThat(WrittenFileSchemas.schemas().validateFile(WrittenFileSchemas.schemaOf(f).orElseThrow(), f))
            .as(name).isEmpty();
      }
    }
  }
}
