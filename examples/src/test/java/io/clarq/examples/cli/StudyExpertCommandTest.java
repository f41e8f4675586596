package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.datasets.fetch.DataDirectory;
import io.clarq.serve.study.ExpertSessions;
import io.clarq.serve.study.Study;
import io.clarq.serve.study.StudyStore;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A MediQ human-expert study through the commands: {@code study create}, a person's consultations, {@code study
 * export}, then {@code clarq leaderboard} and {@code clarq compare} put the person beside {@code clarq mediq run}'s
 * model-free expert on the same cases and patient, with no setup difference. The case files are written here in
 * MediQ's format, in our own words; the data directory is an empty one, so both sides use clarq's own "cannot answer".
 */
class StudyExpertCommandTest {
  static final ObjectMapper JSON = new ObjectMapper();
  @TempDir Path tmp;
  final java.io.StringWriter out = new java.io.StringWriter();
  final java.io.StringWriter err = new java.io.StringWriter();

  int run(String... args) {
    CommandLine cl = ClarqCommand.commandLine(new DataDirectory(tmp.resolve("no-data")));
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args);
  }

  static String caseLine(int id, String complaint, String answer) {
    ObjectNode o = JSON.createObjectNode().put("id", id).put("question", "Which condition explains " + complaint
        + "?");
    o.putArray("context").add("A patient comes in with " + complaint + ".").add("It began a week ago.");
    o.putObject("options").put("A", "Allergy").put("B", answer).put("C", "Strain").put("D", "Thirst");
    o.put("answer", answer).put("answer_idx", "B");
    o.putArray("facts").add("The patient has " + complaint + ".").add("It began a week ago.");
    o.putNull("patient");
    return o.toString();
  }

  @Test
  void testAPersonsConsultationsAreRankedBesideAMediqRun() throws Exception {
    Path data = Files.createDirectories(tmp.resolve("data"));
    Files.write(data.resolve("all_craft_md.jsonl"), List.of(caseLine(0, "a cough", "Bronchitis"),
        caseLine(1, "a sore knee", "Arthritis"), caseLine(2, "a headache", "Migraine")), StandardCharsets.UTF_8);
    Path spec = tmp.resolve("clinic.json");
    Files.writeString(spec, "{\"name\":\"clinic\",\"mode\":\"human-expert\",\"participants\":1,\"per_participant\":2,"
        + "\"cases\":{\"source\":\"data\",\"ids\":[\"craft_md/0\",\"craft_md/1\"]}}");
    Path studies = tmp.resolve("studies");
    assertThat(run("study", "create", spec.toString(), "--studies", studies.toString())).as(err.toString()).isZero();
    assertThat(out.toString()).contains("study clinic (human-expert) created");
    try (Study study = Study.open(studies.resolve("clinic"))) {
      ExpertSessions play = new ExpertSessions(study);
      for (StudyStore.Session s : study.store().sessions(1)) {
        play.ask(s, "When did it begin?", Optional.empty(), Optional.empty());
        play.answer(s, s.item().equals("craft_md/0") ? "B" : "A", Optional.empty());
      }
    }
    Path runs = tmp.resolve("runs");
    assertThat(run("study", "export", studies.resolve("clinic").toString(), "--out", runs.toString()))
        .as(err.toString()).isZero();
    assertThat(out.toString()).contains("clinic-p01").contains("rank beside MediQ runs");
    Path model = runs.resolve("overlap");
    assertThat(run("mediq", "run", "--data", data.toString(), "--datasets", "craft_md", "--limit", "2", "--out",
        model.toString())).as(err.toString()).isZero();
    Path board = tmp.resolve("board");
    assertThat(run("leaderboard", runs.resolve("clinic-p01").toString(), model.toString(), "--out",
        board.toString())).as(err.toString()).isZero();
    JsonNode lb = JSON.readTree(board.resolve("leaderboard.json").toFile());
    // no --allow-different-setup: the person's run and the model's differ in the expert alone
    assertThat(lb.toString()).contains("human:clinic/p01");
    assertThat(lb.path("setup_differences")).isEmpty();
    assertThat(io.clarq.eval.results.WrittenFileSchemas.validateTree(board)).isEmpty();
    out.getBuffer().setLength(0);
    assertThat(run("compare", runs.resolve("clinic-p01").toString(), model.toString(), "--json")).as(err.toString())
        .isZero();
    assertThat(out.toString()).contains("\"benchmark\" : \"mediq\"", "\"shared\" : 2");
  }
}
