package io.clarq.examples.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.core.dialogue.Dialogue;
import io.clarq.core.dialogue.EndReason;
import io.clarq.core.testing.Regressions;
import io.clarq.datasets.clarqllm.PublishedDialogue;
import io.clarq.datasets.clarqllm.PublishedRuns;
import io.clarq.datasets.clarqllm.transcript.DialogueRecordJson;
import io.clarq.datasets.clarqllm.transcript.TranscriptWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code clarq evaluate} end to end: the published figures, its JSON, our JSONL transcripts, exit codes 0/1/2. */
class EvaluateCommandTest extends CommandTestBase {
  @TempDir Path tmp;

  @Test
  void testPublishedChatEnglishTable() {
    int code = run("evaluate", "--tasks", data("tasks/English"), "--transcripts", published("Chat.En"),
        "--verdicts", data("judge-verdicts.jsonl"));
    assertThat(code).as(err.toString()).isEqualTo(0);
    assertThat(out.toString())
        .contains("260 dialogues")
        .containsPattern("success\\s+0\\.1346")
        .containsPattern("AQD\\s+-1\\.1923")
        .containsPattern("AQL\\s+50\\.0359")
        .containsPattern("unjudged\\s+0")
        .contains("Gather Resources");
  }

  @Test
  void testPublishedCompletionChineseJson() throws Exception {
    int code = run("evaluate", "--tasks", data("tasks"), "--transcripts", published("Comp.Ch"),
        "--verdicts", data("judge-verdicts.jsonl"), "--json");
    assertThat(code).as(err.toString()).isEqualTo(0);
    JsonNode json = new ObjectMapper().readTree(out.toString());
    Regressions expected = Regressions.of("clarq-llm");
    expected.assertFigure("provider.Comp.Ch", "success", json.get("success").asDouble());
    expected.assertFigure("provider.Comp.Ch", "aqd", json.get("aqd").asDouble());
    expected.assertFigure("provider.Comp.Ch", "aql", json.get("aql").asDouble());
    assertThat(json.get("dialogues").asInt()).isEqualTo(260);
    assertThat(json.get("unjudged").asInt()).isZero();
    assertThat(json.get("judge_calls").asInt()).isEqualTo(json.get("verdict_cache_hits").asInt()).isPositive();
    assertThat(json.get("by_type")).hasSize(26);
    assertThat(json.get("by_type").get("1").get("dialogues").asInt()).isEqualTo(10);
  }

  @Test
  void testWithoutJudgeUndecidedDialoguesAreListedNotFailed() throws Exception {
    int code = run("evaluate", "--tasks", data("tasks"), "--transcripts", published("Chat.En"), "--no-judge",
        "--json");
    assertThat(code).as(err.toString()).isEqualTo(0);
    JsonNode json = new ObjectMapper().readTree(out.toString());
    int unjudged = json.get("unjudged").asInt();
    assertThat(unjudged).isPositive();
    assertThat(json.get("unjudged_tasks")).hasSize(unjudged);
    // the published success (35 of 260) lies in the range the unjudged dialogues leave
    Regressions published = Regressions.of("clarq-llm");
    double success = published.figure("provider.Chat.En", "success");
    assertThat(json.get("success_lower_bound").asDouble()).isLessThanOrEqualTo(success + published.tolerance());
    assertThat(json.get("success_upper_bound").asDouble()).isGreaterThanOrEqualTo(success - published.tolerance());
    Regressions.of("clarq-llm").assertFigure("provider.Chat.En", "aql", json.get("aql").asDouble());
    // the hint to give --verdicts appears only when none was given
    assertThat(run("evaluate", "--tasks", data("tasks"), "--transcripts", published("Chat.En"), "--no-judge"))
        .isZero();
    assertThat(out.toString()).contains("give --verdicts FILE");
    // the headline is the range over all dialogues; the judged-only rate comes second, labelled
    assertThat(out.toString()).contains(String.format(java.util.Locale.ROOT, "  success      [%.4f, %.4f]   over all"
        + " 260 dialogues", json.get("success_lower_bound").asDouble(), json.get("success_upper_bound").asDouble()))
        .containsPattern("\\n  judged only +" + String.format(java.util.Locale.ROOT, "%.4f", json.get("success")
            .asDouble()).replace(".", "\\."));
    Path empty = Files.writeString(tmp.resolve("no-verdicts.jsonl"), "");
    out.getBuffer().setLength(0);
    assertThat(run("evaluate", "--tasks", data("tasks"), "--transcripts", published("Chat.En"), "--verdicts",
        empty.toString())).isZero();
    assertThat(out.toString()).contains("could not be judged: the verdicts or judge given did not answer them")
        .doesNotContain("give --verdicts");
  }

  @Test
  void testOurJsonlTranscriptScoresLikeThePublishedFile() {
    Path jsonl = tmp.resolve("chat-en.jsonl");
    try (TranscriptWriter w = TranscriptWriter.open(jsonl)) {
      for (PublishedDialogue d : PublishedRuns.load(Path.of(published("Chat.En"))).dialogues()) {
        w.append(DialogueRecord.finished(d.task().id(), d.task().language(), "gpt-4o chat", "gpt-4o",
            d.dialogue()));
      }
    }
    int code = run("evaluate", "--tasks", data("tasks"), "--transcripts", jsonl.toString(), "--verdicts",
        data("judge-verdicts.jsonl"));
    assertThat(code).as(err.toString()).isEqualTo(0);
    assertThat(out.toString()).contains("clarq transcript").containsPattern("success\\s+0\\.1346")
        .containsPattern("AQD\\s+-1\\.1923").containsPattern("AQL\\s+50\\.0359");
  }

  @Test
  void testBadArgumentsExitTwo() {
    assertThat(run("evaluate", "--tasks", data("tasks"))).isEqualTo(2);
    assertThat(err.toString()).contains("Missing required option: '--transcripts=FILE'");
    assertThat(run("evaluate", "--tasks", data("tasks"), "--transcripts", published("Chat.En"), "--no-judge",
        "--verdicts", data("judge-verdicts.jsonl"))).isEqualTo(2);
    assertThat(err.toString()).contains("--no-judge and --verdicts exclude each other");
    assertThat(run("evaluate", "--tasks", tmp.resolve("none").toString(), "--transcripts", published("Chat.En")))
        .isEqualTo(2);
    assertThat(err.toString()).contains("--tasks " + tmp.resolve("none") + ": no such directory");
  }

  @Test
  void testMalformedInputExitsOneWithTheMessage() throws Exception {
    Path bad = tmp.resolve("bad.jsonl");
    DialogueRecord r = DialogueRecord.finished(TaskId.parse("1.0"),
        Language.ENGLISH, "s", "p", Dialogue.ofLines(
            List.of("Jax: hi", "Goodbye"), EndReason.GOODBYE));
    Files.writeString(bad, DialogueRecordJson.toLine(r) + "\n{\"format\": \"clarq-transcript/1\"}\n");
    assertThat(run("evaluate", "--tasks", data("tasks"), "--transcripts", bad.toString())).isEqualTo(1);
    assertThat(err.toString()).contains("clarq evaluate: " + bad + ", line 2: missing field task");

    Path torn = tmp.resolve("torn.jsonl");
    Files.writeString(torn, DialogueRecordJson.toLine(r).substring(0, 50));
    assertThat(run("evaluate", "--tasks", data("tasks"), "--transcripts", torn.toString())).isEqualTo(1);
    assertThat(err.toString()).contains("no finished dialogue to score in " + torn + " (" + torn
        + ", line 1 is torn");
  }

  @Test
  void testHelp() {
    assertThat(run("evaluate", "--help")).isEqualTo(0);
    assertThat(out.toString()).contains("--transcripts=FILE", "--verdicts=FILE", "--no-judge", "--json");
  }
}
