package io.clarq.eval.clarqllm.conformance;

import io.clarq.core.clarqllm.judge.llm.LlmJudge;
import io.clarq.core.clarqllm.metrics.ClarqMetrics;
import io.clarq.core.clarqllm.metrics.SuccessBreakdown;
import io.clarq.core.clarqllm.provider.llm.LlmProviderAgent;
import io.clarq.core.clarqllm.seeker.EndDetection;
import io.clarq.core.clarqllm.seeker.SeekerAgent;
import io.clarq.core.clarqllm.seeker.SeekerTurn;
import io.clarq.core.clarqllm.seeker.llm.LlmSeeker;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.core.dialogue.Dialogue;
import io.clarq.core.dialogue.EndReason;
import io.clarq.core.llm.LlmException;
import io.clarq.core.prompt.PromptPack;
import io.clarq.eval.clarqllm.DialogueLoop;
import io.clarq.eval.clarqllm.RunConfig;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Replays one reference trace record against clarq's own agents, as reference-traces/README.md prescribes: the
 * provider (standard or multi-info) and, in seeker traces, the baseline seeker are built with the pack and a
 * {@link ReplayClient}, and the dialogue is played by the runner's own {@link DialogueLoop}; judge traces are scored
 * by {@link ClarqMetrics#success} with the {@link LlmJudge}. Response caches play no part.
 */
final class TraceReplayer {
  private static final String DEFAULT_MODEL = "gpt-4o-2024-05-13";

  private final Function<TraceRecord, ClarqTask> tasks;
  private final PromptPack pack;

  TraceReplayer(Function<TraceRecord, ClarqTask> tasks, PromptPack pack) {
    this.tasks = tasks;
    this.pack = pack;
  }

  RecordOutcome replay(String file, TraceRecord r) {
    ReplayClient client = new ReplayClient(r.calls());
    String model = r.calls().isEmpty() ? DEFAULT_MODEL : r.calls().get(0).request().path("model").asText();
    try {
      ClarqTask task = tasks.apply(r);
      if (r.kind().equals("judge")) {
        judge(r, task, client, model);
      } else {
        dialogue(r, task, client, model);
      }
    } catch (RuntimeException | LlmException e) {
      client.failOutside(e.getClass().getSimpleName() + ": " + e.getMessage());
    }
    if (client.mismatch().isEmpty() && client.served() < r.calls().size()) {
      client.failOutside("clarq asked " + client.served() + " of the record's " + r.calls().size() + " calls");
    }
    Optional<RecordOutcome.Failure> failure =
        client.mismatch().map(m -> new RecordOutcome.Failure(m.call(), m.reason()));
    return new RecordOutcome(file, r.traceId(), r.calls().size(), client.served(), failure);
  }

  private void dialogue(TraceRecord r, ClarqTask task, ReplayClient client, String model) {
    io.clarq.core.llm.LlmClient bound = client.withModel(model);
    LlmProviderAgent provider = LlmProviderAgent.builder(bound).multiInfo(r.multiInfo()).prompts(pack).build();
    SeekerAgent seeker = r.kind().equals("seeker")
        ? LlmSeeker.builder(bound).mode(r.mode().equals("chat") ? LlmSeeker.Mode.CHAT : LlmSeeker.Mode.COMPLETION)
            .prompts(pack).build()
        : new ScriptedSeeker(r.seekerLines());
    DialogueRecord played = new DialogueLoop(seeker, provider, EndDetection.REFERENCE,
        RunConfig.REFERENCE_MAX_SEEKER_TURNS, false).play(task);
    if (client.mismatch().isPresent()) {
      return;
    }
    if (!played.finished()) {
      client.failOutside("the dialogue failed: " + played.error().orElse("(no error)"));
      return;
    }
    List<String> lines = played.dialogue().lines();
    List<String> expected = r.transcript();
    for (int i = 0; i < Math.min(lines.size(), expected.size()); i++) {
      Optional<String> d = RequestDiff.firstDifference(expected.get(i), lines.get(i));
      if (d.isPresent()) {
        client.failOutside("transcript line " + i + " (" + (i % 2 == 0 ? "provider" : "seeker") + ") " + d.get());
        return;
      }
    }
    if (lines.size() != expected.size()) {
      client.failOutside("transcript has " + lines.size() + " lines, the record " + expected.size());
      return;
    }
    String stop = played.dialogue().endReason() == EndReason.GOODBYE ? "goodbye"
        : played.dialogue().endReason() == EndReason.TURN_CAP ? "length" : "unknown";
    if (!stop.equals(r.stop())) {
      client.failOutside("stop: expected " + r.stop() + ", got " + stop);
    }
  }

  private void judge(TraceRecord r, ClarqTask task, ReplayClient client, String model) throws LlmException {
    Dialogue dialogue = Dialogue.ofLines(r.transcript(), EndReason.GOODBYE);
    SuccessBreakdown b = ClarqMetrics.success(task, dialogue, LlmJudge.builder(client.withModel(model)).prompts(pack).build());
    if (client.mismatch().isPresent()) {
      return;
    }
    if (b.unjudged()) {
      client.failOutside("clarq could not decide success (a judge reply was unparsed)");
    } else if ((b.success() ? 1 : 0) != r.success()) {
      client.failOutside("success: expected " + r.success() + ", got " + (b.success() ? 1 : 0));
    }
  }

  /** The seeker of a provider trace: the recorded seeker lines, in order. */
  private static final class ScriptedSeeker implements SeekerAgent {
    private final List<String> lines;

    ScriptedSeeker(List<String> lines) {
      this.lines = lines;
    }

    @Override
    public String name() {
      return "trace";
    }

    @Override
    public String next(SeekerTurn turn) {
      int i = turn.seekerTurnsSoFar();
      if (i >= lines.size()) {
        throw new IllegalStateException("the record has only " + lines.size() + " seeker lines");
      }
      return lines.get(i);
    }
  }
}
