package io.clarq.eval.clarqllm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.clarqllm.provider.FixedReplies;
import io.clarq.core.clarqllm.provider.ProviderAgent;
import io.clarq.core.clarqllm.provider.ProviderReply;
import io.clarq.core.clarqllm.provider.ProviderTurn;
import io.clarq.core.clarqllm.provider.ReplyKind;
import io.clarq.core.clarqllm.provider.llm.SmallTasks;
import io.clarq.core.clarqllm.seeker.SeekerAgent;
import io.clarq.core.clarqllm.seeker.SeekerTurn;
import io.clarq.core.clarqllm.task.Briefing;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.clarqllm.task.TaskSet;
import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.files.OutputLock;
import io.clarq.core.llm.LlmException;
import io.clarq.datasets.clarqllm.transcript.TranscriptReader;
import io.clarq.eval.kernel.Shard;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClarqEvaluatorTest {
  @TempDir Path dir;

  /** Gives the available nodes in display order, one per turn: an offline provider for runner tests. */
  static final class InOrderProvider implements ProviderAgent {
    @Override
    public String name() {
      return "in-order";
    }

    @Override
    public ProviderReply reply(ProviderTurn turn) {
      List<NodeId> available = turn.tree().available();
      if (available.isEmpty()) {
        return new ProviderReply(FixedReplies.enoughInformation(turn.task().language()), ReplyKind.RESPONSE_II,
            Optional.empty(), List.of(), 0, "none left");
      }
      NodeId id = available.get(0);
      return new ProviderReply("Jax: " + turn.task().tree().node(id).text(), ReplyKind.RESPONSE_I, Optional.empty(),
          List.of(id), 0, "first available");
    }
  }

  /** Asks {@code questions} times, then says goodbye; fails on the tasks listed in {@code failOn} (by briefing). */
  static final class CountingSeeker implements SeekerAgent {
    final int questions;
    final Set<TaskId> failOn = ConcurrentHashMap.newKeySet();
    final AtomicInteger calls = new AtomicInteger();
    final Set<String> threads = ConcurrentHashMap.newKeySet();

    CountingSeeker(int questions) {
      this.questions = questions;
    }

    @Override
    public String name() {
      return "counting-" + questions;
    }

    @Override
    public String next(SeekerTurn turn) throws LlmException {
      calls.incrementAndGet();
      threads.add(Thread.currentThread().getName());
      // the seeker never sees a task id: the test tasks' briefings name them
      if (failOn.stream().anyMatch(id -> turn.briefing().task().endsWith("(" + id + ")"))) {
        throw new LlmException("connection refused after 3 attempts");
      }
      return turn.seekerTurnsSoFar() < questions ? "Question " + turn.seekerTurnsSoFar() + "?" : "Goodbye";
    }
  }

  /** The test tasks: types 1 to 3, three tasks each, English. */
  static List<TaskSet> taskSets() {
    return List.of(tasks());
  }

  private static TaskSet tasks() {
    List<ClarqTask> list = new ArrayList<>();
    for (int type = 1; type <= 3; type++) {
      for (int i = 0; i < 3; i++) {
        ClarqTask t = SmallTasks.english(new TaskId(type, i));
        Briefing b = t.briefing();
        list.add(new ClarqTask(t.id(), t.language(), t.typeName(), new Briefing(b.role(), b.task() + " (" + t.id()
            + ")", b.items(), b.skills(), b.scenes()), t.background(), t.tree()));
      }
    }
    return new TaskSet(Language.ENGLISH, list);
  }

  private RunConfig.Builder config(SeekerAgent seeker) {
    return RunConfig.builder().taskSets(List.of(tasks())).seeker(seeker).provider(new InOrderProvider())
        .output(dir.resolve("run")).concurrency(3);
  }

  @Test
  void testRunWritesTranscriptResultsAndSummary() throws Exception {
    CountingSeeker seeker = new CountingSeeker(5);
    List<RunProgress> seen = new ArrayList<>();
    RunResult r = ClarqEvaluator.run(config(seeker).listener(new RunListener() {
      @Override
      public void dialogueDone(DialogueRecord record, RunProgress progress) {
        seen.add(progress);
      }
    }).build());

    assertThat(r.finished()).hasSize(9);
    assertThat(r.failed()).isEmpty();
    assertThat(r.summaries().get(Language.ENGLISH).success()).isEqualTo(1.0);
    // 5 provider lines after the opening: node 0 then 1, 1.1, 2 (h[4..]) and enough-information: AQD = 4 + 1 - 4
    assertThat(r.scores(Language.ENGLISH).get(0).aqd()).isEqualTo(1);
    assertThat(TranscriptReader.read(r.transcript()).records()).extracting(rec -> rec.taskId().toString())
        .containsExactly("1.0", "1.1", "1.2", "2.0", "2.1", "2.2", "3.0", "3.1", "3.2");
    // every dialogue judged: the headline is the judged rate, and the range's ends are that one point
    assertThat(Files.readString(r.results())).contains("\"format\" : \"clarq-run-results\"",
        "\"format_version\" : 2", "\"benchmark\" : \"clarq-llm\"", "\"headline\" : \"judged_only\"",
        "\"unjudged_as_failures\" : 1.0", "\"unjudged_as_successes\" : 1.0", "\"success_judged_only\" : 1.0");
    assertThat(Files.readString(r.summaryFile())).contains("| English | 9 | 1.0000 |");
    assertThat(seen).hasSize(9);
    assertThat(seen.get(8).done()).isEqualTo(9);
    assertThat(seen.get(8).succeeded()).isEqualTo(9);
    assertThat(seeker.threads).allMatch(t -> t.matches("clarq-run\\d+-worker-[123]"));
  }

  @Test
  void testTaskSelectionAndSplit() throws Exception {
    RunResult r = ClarqEvaluator.run(config(new CountingSeeker(1)).selection(TaskSelection.parse("2, 3.1")).build());
    assertThat(r.finished()).extracting(rec -> rec.taskId().toString()).containsExactly("2.0", "2.1", "2.2", "3.1");
    assertThatThrownBy(() -> ClarqEvaluator.run(config(new CountingSeeker(1)).output(dir.resolve("x"))
        .split(io.clarq.core.clarqllm.task.Split.DEV).build())).hasMessageContaining("no task selected");
  }

  @Test
  void testFailedDialoguesAreListedApartAndRetriedOnResume() throws Exception {
    CountingSeeker first = new CountingSeeker(2);
    first.failOn.add(new TaskId(2, 1));
    RunResult r1 = ClarqEvaluator.run(config(first).build());
    assertThat(r1.failed()).extracting(rec -> rec.taskId().toString()).containsExactly("2.1");
    assertThat(r1.failed().get(0).error()).hasValue("seeker: LlmException: connection refused after 3 attempts");
    assertThat(r1.summaries().get(Language.ENGLISH).dialogues()).isEqualTo(8);
    assertThat(Files.readString(r1.summaryFile())).contains("## Failed dialogues", "en 2.1 (model error): seeker: LlmException");

    CountingSeeker second = new CountingSeeker(2);
    RunResult r2 = ClarqEvaluator.run(config(second).build());
    assertThat(second.calls.get()).isEqualTo(3); // only task 2.1 was played again: two questions and goodbye
    assertThat(r2.resumed()).isEqualTo(8);
    assertThat(r2.failed()).isEmpty();
    assertThat(r2.finished()).hasSize(9);
    assertThat(TranscriptReader.read(r2.transcript()).records()).hasSize(9).allMatch(DialogueRecord::finished);

    CountingSeeker third = new CountingSeeker(2);
    ClarqEvaluator.run(config(third).build());
    assertThat(third.calls.get()).isZero();
  }

  @Test
  void testDifferentConfigRefusesToResumeAndNamesTheSetting() throws Exception {
    ClarqEvaluator.run(config(new CountingSeeker(2)).build());
    assertThatThrownBy(() -> ClarqEvaluator.run(config(new CountingSeeker(3)).build()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("different seeker (was \"counting-2\", now \"counting-3\")");
    assertThatThrownBy(() -> ClarqEvaluator.run(config(new CountingSeeker(2)).maxSeekerTurns(5).build()))
        .hasMessageContaining("different max_seeker_turns (was \"12\", now \"5\")");
    // who answers and who judges are part of it too, every difference named with both values
    assertThatThrownBy(() -> ClarqEvaluator.run(config(new CountingSeeker(2)).setting("provider_model",
        "openai:m @ http://10.0.0.2:8000/v1").judge(q -> Optional.empty(), "verdicts:v.jsonl").build()))
        .hasMessageContaining("a different judge (was \"none\", now \"verdicts:v.jsonl\"); a different "
            + "provider_model (was not set, now \"openai:m @ http://10.0.0.2:8000/v1\")");
    // concurrency does not change what is said: resuming with another is fine
    assertThat(ClarqEvaluator.run(config(new CountingSeeker(2)).concurrency(1).build()).resumed()).isEqualTo(9);
  }

  @Test
  void testSeekerSeesAnOpaqueDialogueKeyNeverTheTaskId() throws Exception {
    Set<String> keys = ConcurrentHashMap.newKeySet();
    Map<String, Integer> turnsPerKey = new ConcurrentHashMap<>();
    SeekerAgent seeker = new SeekerAgent() {
      @Override
      public String name() {
        return "keyed";
      }

      @Override
      public String next(SeekerTurn turn) {
        keys.add(turn.dialogueKey());
        int n = turnsPerKey.merge(turn.dialogueKey(), 1, Integer::sum);
        assertThat(n).isEqualTo(turn.seekerTurnsSoFar() + 1);
        return n < 3 ? "Question?" : "Goodbye";
      }
    };
    ClarqEvaluator.run(config(seeker).build());
    assertThat(keys).hasSize(9).allSatisfy(k -> assertThat(k).doesNotContain(".").matches("dialogue-\\d+"));
  }

  @Test
  void testSecondRunOnABusyDirectoryIsRefusedNamingTheHolder() throws Exception {
    try (OutputLock held = OutputLock.acquire(dir.resolve("run"))) {
      CountingSeeker seeker = new CountingSeeker(1);
      assertThatThrownBy(() -> ClarqEvaluator.run(config(seeker).build()))
          .isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("cannot write into " + dir.resolve("run") + ": another run is writing to it (process "
              + ProcessHandle.current().pid());
      assertThat(seeker.calls.get()).isZero();
    }
    assertThat(ClarqEvaluator.run(config(new CountingSeeker(1)).build()).finished()).hasSize(9);
  }

  @Test
  void testShardsAreDisjointAndCoverTheSelection() throws Exception {
    List<TaskId> all = new ArrayList<>();
    for (int i = 1; i <= 3; i++) {
      RunResult r = ClarqEvaluator.run(config(new CountingSeeker(1)).shard(new Shard(i, 3))
          .output(dir.resolve("s" + i)).build());
      assertThat(r.finished()).hasSize(3);
      r.finished().forEach(d -> all.add(d.taskId()));
    }
    assertThat(all).doesNotHaveDuplicates().hasSize(9);
    assertThat(new Shard(2, 3).of(List.of("a", "b", "c", "d", "e"))).containsExactly("b", "e");
    assertThatThrownBy(() -> Shard.parse("4/3")).hasMessageContaining("illegal shard 4/3");
    assertThatThrownBy(() -> Shard.parse("two")).hasMessage("illegal shard \"two\": expected i/n, e.g. 2/3");
    assertThatThrownBy(() -> ClarqEvaluator.run(config(new CountingSeeker(1)).shard(new Shard(2, 3))
        .output(dir.resolve("s1")).build())).hasMessageContaining("a different shard (was \"1/3\", now \"2/3\")");
  }

  @Test
  void testResumedRecordsOfAnotherSeekerAreNamedNeverScored() throws Exception {
    ClarqEvaluator.run(config(new CountingSeeker(1)).build());
    Path transcript = dir.resolve("run").resolve(ClarqEvaluator.TRANSCRIPT);
    // a record appended by another seeker's run (same settings file, edited or concatenated transcripts)
    String first = Files.readAllLines(transcript).get(0);
    Files.writeString(transcript, first.replace("\"counting-1\"", "\"someone-else\"") + "\n");
    assertThatThrownBy(() -> ClarqEvaluator.run(config(new CountingSeeker(1)).build()))
        .hasMessageContaining(transcript + ", line 1: dialogue en 1.0 was played by seeker \"someone-else\"");
  }

  @Test
  void testUnwritableOutputSaysWhy() throws Exception {
    Path file = Files.writeString(dir.resolve("a-file"), "");
    assertThatThrownBy(() -> ClarqEvaluator.run(config(new CountingSeeker(1)).output(file.resolve("run")).build()))
        .hasMessageStartingWith("cannot create output directory " + file.resolve("run") + ": ")
        .hasMessageNotContaining(": " + file.resolve("run") + ": " + file.resolve("run"));
  }

  @Test
  void testTranscriptWithoutConfigIsNotResumedInto() throws Exception {
    Files.createDirectories(dir.resolve("run"));
    Files.writeString(dir.resolve("run").resolve(ClarqEvaluator.TRANSCRIPT), "");
    assertThatThrownBy(() -> ClarqEvaluator.run(config(new CountingSeeker(1)).build()))
        .hasMessageContaining("no run-config.json");
  }

  @Test
  void testRerunIsByteIdentical() throws Exception {
    RunResult a = ClarqEvaluator.run(config(new CountingSeeker(3)).build());
    RunResult b = ClarqEvaluator.run(config(new CountingSeeker(3)).output(dir.resolve("again")).concurrency(2).build());
    assertThat(Files.readAllBytes(b.transcript())).isEqualTo(Files.readAllBytes(a.transcript()));
  }

  @Test
  void testConfigValidationNamesTheProblem() {
    assertThatThrownBy(() -> config(new CountingSeeker(1)).concurrency(0).build())
        .hasMessage("illegal concurrency 0: must be 1-1024");
    assertThatThrownBy(() -> RunConfig.builder().taskSets(List.of(tasks())).provider(new InOrderProvider())
        .output(dir).build()).hasMessageContaining("missing seeker");
    assertThatThrownBy(() -> TaskSelection.parse("3, 40")).hasMessageContaining("item \"40\"");
  }
}
