package io.clarq.eval.clarqllm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.clarqllm.provider.llm.SmallTasks;
import io.clarq.core.clarqllm.seeker.SeekerAgent;
import io.clarq.core.clarqllm.seeker.SeekerTurn;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.clarqllm.task.TaskSet;
import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.core.llm.ChatMessage;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.Deviation;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.LlmTransportException;
import io.clarq.core.llm.TokenUsage;
import io.clarq.core.llm.route.OutageBreaker;
import io.clarq.datasets.clarqllm.transcript.TranscriptReader;
import io.clarq.eval.kernel.RunDeviations;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run against today's models: deviations from the reference protocol are recorded wherever the run says what it
 * is, reasoning is kept beside the utterance and never spoken, a model whose servers are all down stops the run with
 * nothing lost, and the seeker's identity guards a resume.
 */
class LiveModelRunTest {
  @TempDir Path dir;

  /**
   * A reasoning model as a client reports it: the first call learns that temperature must be left out (one
   * deviation), every reply carries reasoning apart from its text.
   */
  static final class ReasoningModel implements LlmClient {
    final LlmListener listener;
    final AtomicBoolean adapted = new AtomicBoolean();
    final AtomicInteger calls = new AtomicInteger();
    volatile int upFor = Integer.MAX_VALUE;

    ReasoningModel(LlmListener listener) {
      this.listener = listener;
    }

    @Override
    public ChatResponse chat(ChatRequest request) throws LlmException {
      if (calls.incrementAndGet() > upFor) {
        throw new LlmTransportException("connection failed: cannot connect to 127.0.0.1:9",
            LlmTransportException.Kind.CONNECTION, null);
      }
      if (adapted.compareAndSet(false, true)) {
        listener.onDeviation(new Deviation("openai:o3 @ http://127.0.0.1:9/v1", "temperature omitted",
            "the model refuses temperature 0 (HTTP 400 unsupported_value)"));
      }
      ChatResponse r = new ChatResponse("Goodbye", "stop", new TokenUsage(10, 30, 25), Duration.ZERO, List.of(),
          "I have asked enough; time to leave.");
      listener.onResponse(request, r);
      return r;
    }
  }

  /** Says goodbye at once through its model. */
  static final class ModelSeeker implements SeekerAgent {
    final LlmClient client;
    final String version;

    ModelSeeker(LlmClient client, String version) {
      this.client = client;
      this.version = version;
    }

    @Override
    public String name() {
      return "model-seeker";
    }

    @Override
    public String version() {
      return version;
    }

    @Override
    public String next(SeekerTurn turn) throws LlmException {
      return client.chat(ChatRequest.builder().model("o3").messages(List.of(ChatMessage.user("next?")))
          .temperature(0.0).build()).text();
    }
  }

  private static TaskSet tasks() {
    List<ClarqTask> list = new ArrayList<>();
    for (int type = 1; type <= 3; type++) {
      for (int i = 0; i < 3; i++) {
        list.add(SmallTasks.english(new TaskId(type, i)));
      }
    }
    return new TaskSet(Language.ENGLISH, list);
  }

  private RunConfig.Builder config(SeekerAgent seeker) {
    return RunConfig.builder().taskSets(List.of(tasks())).seeker(seeker)
        .provider(new ClarqEvaluatorTest.InOrderProvider()).output(dir.resolve("run")).concurrency(1);
  }

  @Test
  void testDeviationIsRecordedInConfigResultsSummaryAndReport() throws Exception {
    ReasoningModel model = new ReasoningModel(TurnUsage.listener());
    RunResult r = ClarqEvaluator.run(config(new ModelSeeker(model, "1")).build());

    String note = "Not comparable with the paper's tables: temperature omitted (the model refuses temperature 0 "
        + "(HTTP 400 unsupported_value)) for openai:o3 @ http://127.0.0.1:9/v1.";
    assertThat(Files.readString(dir.resolve("run/run-config.json")))
        .contains("\"deviations\"", "\"name\" : \"temperature omitted\"");
    String results = Files.readString(r.results());
    assertThat(results).contains(note, "\"comparable_with_paper\" : false", "\"deviations\" : [ {");
    assertThat(Files.readString(r.summaryFile())).contains("**" + note + "**");
    assertThat(Files.readString(r.reportFile())).contains("temperature omitted");
    // said once, however many dialogues used the model
    assertThat(RunDeviations.read(dir.resolve("run"))).hasSize(1);
  }

  @Test
  void testRunWithoutDeviationIsComparable() throws Exception {
    RunResult r = ClarqEvaluator.run(config(new ClarqEvaluatorTest.CountingSeeker(1)).build());
    assertThat(Files.readString(r.results())).contains("\"comparable_with_paper\" : true", "\"deviations\" : [ ]")
        .doesNotContain("Not comparable");
  }

  @Test
  void testReasoningIsKeptBesideTheUtteranceAndNeverSpoken() throws Exception {
    ReasoningModel model = new ReasoningModel(TurnUsage.listener());
    RunResult r = ClarqEvaluator.run(config(new ModelSeeker(model, "1")).build());
    DialogueRecord first = TranscriptReader.read(r.transcript()).records().get(0);
    assertThat(first.dialogue().utterances().get(1).text()).isEqualTo("Goodbye");
    assertThat(first.turns().get(1).reasoning()).hasValue("I have asked enough; time to leave.");
    assertThat(first.turns().get(1).usage().orElseThrow().reasoningTokens()).isEqualTo(25);
    assertThat(Files.readString(r.transcript())).contains("\"reasoning\":\"I have asked enough; time to leave.\"",
        "\"reasoning_tokens\":25");
  }

  @Test
  void testAModelWhoseServersAreDownStopsTheRunAndAResumeLosesNothing() throws Exception {
    ReasoningModel model = new ReasoningModel(TurnUsage.listener());
    model.upFor = 2;
    SeekerAgent seeker = new ModelSeeker(new OutageBreaker(model, "openai:o3 @ http://127.0.0.1:9/v1", 3), "1");
    assertThatThrownBy(() -> ClarqEvaluator.run(config(seeker).build()))
        .isInstanceOf(OutageStop.class)
        .hasMessageContaining("every server of openai:o3 @ http://127.0.0.1:9/v1 failed 3 calls in a row")
        .hasMessageContaining("cannot connect to 127.0.0.1:9")
        .hasMessageContaining("2 of 9 dialogues finished")
        .hasMessageContaining("2 failed before the stop; the other 7 are left for a resume");
    // three calls failed (the first two failed their dialogues, as any failure does), then the breaker refused the
    // rest without a call: those dialogues are not recorded at all
    assertThat(model.calls.get()).isEqualTo(2 + 3);
    List<DialogueRecord> kept = TranscriptReader.read(dir.resolve("run/transcripts.jsonl")).records();
    assertThat(kept).hasSize(4).filteredOn(DialogueRecord::finished).hasSize(2);

    ReasoningModel back = new ReasoningModel(TurnUsage.listener());
    RunResult resumed = ClarqEvaluator.run(config(new ModelSeeker(back, "1")).build());
    assertThat(resumed.resumed()).isEqualTo(2);
    assertThat(resumed.finished()).hasSize(9);
    assertThat(resumed.failed()).isEmpty();
    assertThat(back.calls.get()).isEqualTo(7);
  }

  @Test
  void testAChangedSeekerIsRefusedOnResumeNamingBoth() throws Exception {
    ClarqEvaluator.run(config(new ModelSeeker(new ReasoningModel(LlmListener.NONE), "1")).build());
    assertThatThrownBy(() -> ClarqEvaluator.run(config(new ModelSeeker(new ReasoningModel(LlmListener.NONE), "2"))
        .build()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("a different seeker_code (was \"" + ModelSeeker.class.getName() + " version 1\", now \""
            + ModelSeeker.class.getName() + " version 2\")");
  }

  @Test
  void testWithoutAVersionTheSeekersCodeIsItsIdentity() {
    SeekerAgent a = new ClarqEvaluatorTest.CountingSeeker(1);
    SeekerAgent b = new ModelSeeker(new ReasoningModel(LlmListener.NONE), "");
    String idA = SeekerIdentity.of(a);
    assertThat(idA).matches(java.util.regex.Pattern.quote(a.getClass().getName()) + " code [0-9a-f]{16}");
    assertThat(SeekerIdentity.of(new ClarqEvaluatorTest.CountingSeeker(7))).isEqualTo(idA);
    // another class (nested in another top-level class), other bytes: another digest
    assertThat(SeekerIdentity.of(b).substring(SeekerIdentity.of(b).indexOf(" code ")))
        .isNotEqualTo(idA.substring(idA.indexOf(" code ")));
  }
}
