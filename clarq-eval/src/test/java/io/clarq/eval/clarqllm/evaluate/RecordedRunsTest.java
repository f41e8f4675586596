package io.clarq.eval.clarqllm.evaluate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.clarqllm.provider.FixedReplies;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.core.dialogue.Dialogue;
import io.clarq.core.dialogue.EndReason;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.clarqllm.transcript.TranscriptWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordedRunsTest {
  @TempDir Path tmp;

  @Test
  void testPublishedRunWithATaskDialogueMissingNamesIt() throws Exception {
    Path tasks = SharedData.require("clarq-llm/tasks");
    Path published = SharedData.require("clarq-llm/transcripts/l2l_GPT-4o_seeker_vs_GPT-4o_provider.Chat.En.json");
    ObjectMapper json = new ObjectMapper();
    ArrayNode types = (ArrayNode) json.readTree(published.toFile());
    ((ObjectNode) types.get(2).get(4)).set("l2l", json.readTree("[[], []]"));
    Path edited = tmp.resolve("edited.json");
    json.writeValue(edited.toFile(), types);
    RecordedRun run = RecordedRuns.load(edited, tasks);
    assertThat(run.dialogues()).hasSize(259);
    assertThat(run.notes()).containsExactly("1 test task has no dialogue in edited.json and is not scored: 3.4");
    assertThat(RecordedRuns.load(published, tasks).notes()).isEmpty();
  }

  @Test
  void testJsonlRecordInAnotherLanguageThanItsTaskIsRefused() {
    Path tasks = SharedData.require("clarq-llm/tasks");
    Path jsonl = tmp.resolve("mixed.jsonl");
    try (TranscriptWriter w = TranscriptWriter.open(jsonl)) {
      w.append(DialogueRecord.finished(new TaskId(1, 0), Language.ENGLISH, "s", "p", Dialogue.ofLines(List.of(
          FixedReplies.opening(Language.CHINESE), "你好", "Jax: 好的", "再见"), EndReason.GOODBYE)));
    }
    assertThatThrownBy(() -> RecordedRuns.load(jsonl, tasks)).hasMessage(jsonl + ", line 1: task 1.0 is recorded "
        + "as en but its dialogue opens in zh (\"" + FixedReplies.opening(Language.CHINESE) + "\"); it would be scored"
        + " against the wrong task");
  }
}
