package io.clarq.eval.clarqllm;

import io.clarq.core.clarqllm.provider.ProviderAgent;
import io.clarq.core.clarqllm.provider.ProviderReply;
import io.clarq.core.clarqllm.provider.ProviderTurn;
import io.clarq.core.clarqllm.seeker.EndDetection;
import io.clarq.core.clarqllm.seeker.SeekerAgent;
import io.clarq.core.clarqllm.seeker.SeekerTurn;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.transcript.DialogueRecord;
import io.clarq.core.clarqllm.transcript.TurnRecord;
import io.clarq.core.clarqllm.tree.TreeCursor;
import io.clarq.core.dialogue.Dialogue;
import io.clarq.core.dialogue.EndReason;
import io.clarq.core.dialogue.Utterance;
import io.clarq.core.llm.Deviation;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmUnparsedReplyException;
import io.clarq.core.llm.LlmUnusableReplyException;
import io.clarq.core.llm.TokenUsage;
import io.clarq.core.llm.Trials;
import io.clarq.eval.kernel.WaitingForBatch;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Plays one task between seeker and provider (docs/protocol/clarq-llm.md §3): the provider opens, then the seeker and
 * the provider take turns; the dialogue stops right after a seeker line that ends it, or after the seeker's
 * {@code maxSeekerTurns}-th line (the reference's cap: 12, i.e. more than 22 messages). The goodbye never gets a
 * reply. The loop keeps the tree's gating state and gives the provider's nodes after each reply.
 *
 * <p>A failure of either agent (a model unreachable after retries, an unparsable model reply, a bug in the agent)
 * does not escape: the record is marked failed with the cause and keeps what was said before. A model call waiting
 * for its batch (turn-synchronous play) is no failure: {@link WaitingForBatch} escapes, and the dialogue is played
 * again from its start once the batch has answered.
 */
public final class DialogueLoop {
  // the seekers' opaque dialogue keys: a count, so nothing in them points at the task
  private static final AtomicLong DIALOGUES = new AtomicLong();

  private final SeekerAgent seeker;
  private final ProviderAgent provider;
  private final EndDetection endDetection;
  private final int maxSeekerTurns;
  private final boolean recordTimings;
  private final Consumer<Deviation> deviations;

  /**
   * @param recordTimings whether records carry wall-clock data (start, wall time, latencies); without them, a rerun
   *     of deterministic agents writes byte-identical transcripts
   */
  public DialogueLoop(SeekerAgent seeker, ProviderAgent provider, EndDetection endDetection, int maxSeekerTurns,
      boolean recordTimings) {
    this(seeker, provider, endDetection, maxSeekerTurns, recordTimings, d -> {});
  }

  /**
   * @param deviations told of every deviation from the reference protocol the agents' clients report during a turn
   *     ({@link TurnUsage#listener()} hears them)
   */
  public DialogueLoop(SeekerAgent seeker, ProviderAgent provider, EndDetection endDetection, int maxSeekerTurns,
      boolean recordTimings, Consumer<Deviation> deviations) {
    this.deviations = Objects.requireNonNull(deviations, "deviations");
    this.seeker = Objects.requireNonNull(seeker, "seeker");
    this.provider = Objects.requireNonNull(provider, "provider");
    this.endDetection = Objects.requireNonNull(endDetection, "endDetection");
    if (maxSeekerTurns < 1) {
      throw new IllegalArgumentException("illegal max seeker turns " + maxSeekerTurns + ": must be at least 1");
    }
    this.maxSeekerTurns = maxSeekerTurns;
    this.recordTimings = recordTimings;
  }

  /**
   * Plays the task to its end as trial 1 (a run without trials); never throws for an agent's failure (see the class
   * comment), except when a model's servers are all down ({@link OutageStop}): then the dialogue is abandoned
   * unrecorded, to be played on a resume.
   */
  public DialogueRecord play(ClarqTask task) {
    return play(task, 1, deviations);
  }

  /**
   * Plays the task as {@link #play(ClarqTask)} does, as trial {@code trial} of a run ({@link Trials}): every turn
   * handed to the agents carries it ({@link SeekerTurn#trial()}, {@link ProviderTurn#trial()}), so their model
   * requests carry its seed from whatever thread they are made, and the record keeps it. Tells {@code deviations}
   * (instead of the loop's own listener) of every deviation the agents' clients report during its turns.
   */
  public DialogueRecord play(ClarqTask task, int trial, Consumer<Deviation> deviations) {
    Objects.requireNonNull(deviations, "deviations");
    Trials.check(trial);
    Instant startedAt = Instant.now();
    long start = System.nanoTime();
    List<Utterance> utterances = new ArrayList<>();
    List<TurnRecord> turns = new ArrayList<>();
    utterances.add(Utterance.provider(provider.opening(task.language())));
    turns.add(TurnRecord.unknown());
    TreeCursor cursor = task.tree().start();
    String key = "dialogue-" + DIALOGUES.incrementAndGet();
    EndReason end;
    String failure = null;
    String failureKind = null;
    int seekerLines = 0;
    while (true) {
      String line;
      long t0 = System.nanoTime();
      TurnUsage.Tally tally = TurnUsage.open();
      try (tally) {
        line = seeker.next(new SeekerTurn(key, task.language(), task.briefing(), utterances, trial));
        if (line == null) {
          throw new IllegalStateException("seeker " + seeker.name() + " returned null instead of a line");
        }
        turns.add(seekerTurn(tally, System.nanoTime() - t0));
      } catch (LlmException | RuntimeException e) {
        report(tally, deviations);
        OutageStop.rethrowIfOutage(e);
        WaitingForBatch.rethrowIfWaiting(e);
        failure = "seeker: " + describe(e);
        failureKind = failureKind(e);
        end = EndReason.UNKNOWN;
        break;
      }
      report(tally, deviations);
      utterances.add(Utterance.seeker(line));
      seekerLines++;
      Optional<EndReason> ended = endAfterSeekerLine(endDetection, line, task.language(), seekerLines, maxSeekerTurns);
      if (ended.isPresent()) {
        end = ended.get();
        break;
      }
      t0 = System.nanoTime();
      ProviderReply reply;
      TurnUsage.Tally providerTally = TurnUsage.open();
      try (providerTally) {
        reply = provider.reply(new ProviderTurn(task, utterances, cursor, trial));
        cursor = cursor.giveAll(reply.nodes());
        turns.add(providerTurn(reply, providerTally, System.nanoTime() - t0));
      } catch (LlmException | RuntimeException e) {
        report(providerTally, deviations);
        OutageStop.rethrowIfOutage(e);
        WaitingForBatch.rethrowIfWaiting(e);
        failure = "provider: " + describe(e);
        failureKind = failureKind(e);
        end = EndReason.UNKNOWN;
        break;
      }
      report(providerTally, deviations);
      utterances.add(Utterance.provider(reply.text()));
    }
    DialogueRecord.Builder b = DialogueRecord.builder(task.id(), task.language(), seeker.name(), provider.name())
        .dialogue(new Dialogue(utterances, end))
        .turns(turns.subList(0, utterances.size()))
        .trial(trial);
    if (failure != null) {
      b.failed(failure).attribute(FAILURE_KIND, failureKind);
    }
    if (recordTimings) {
      b.startedAt(startedAt).wallTime(Duration.ofNanos(System.nanoTime() - start));
    }
    return b.build();
  }

  /**
   * The benchmark's end rule, applied right after a seeker line: {@link EndReason#GOODBYE} when {@code endDetection}
   * says the line ends the dialogue, else {@link EndReason#TURN_CAP} when it is the seeker's {@code maxSeekerTurns}-th
   * line, else empty (the provider answers it). What this loop applies to every dialogue, and what a study applies to
   * a dialogue played line by line in the browser.
   *
   * @param seekerLines how many lines the seeker has said, this one included
   */
  public static Optional<EndReason> endAfterSeekerLine(EndDetection endDetection, String line,
      io.clarq.core.clarqllm.task.Language language, int seekerLines, int maxSeekerTurns) {
    if (endDetection.ends(line, language)) {
      return Optional.of(EndReason.GOODBYE);
    }
    return seekerLines >= maxSeekerTurns ? Optional.of(EndReason.TURN_CAP) : Optional.empty();
  }

  private TurnRecord seekerTurn(TurnUsage.Tally tally, long nanos) {
    boolean metered = tally.calls() > 0;
    return new TurnRecord(latency(nanos), metered ? Optional.of(tally.usage()) : Optional.empty(),
        metered ? OptionalInt.of(tally.calls()) : OptionalInt.empty(), Optional.empty(), Optional.empty(), List.of(),
        Optional.of(tally.reasoning()));
  }

  private TurnRecord providerTurn(ProviderReply reply, TurnUsage.Tally tally, long nanos) {
    Optional<TokenUsage> usage = tally.calls() > 0 ? Optional.of(tally.usage()) : Optional.empty();
    return new TurnRecord(latency(nanos), usage, OptionalInt.of(reply.llmCalls()), Optional.of(reply.kind()),
        reply.intent(), reply.nodes(), Optional.of(tally.reasoning()));
  }

  /** Hands the turn's deviations on, whether the turn succeeded or not (a refused field is learnt either way). */
  private static void report(TurnUsage.Tally tally, Consumer<Deviation> deviations) {
    tally.deviations().forEach(deviations);
  }

  private Optional<Duration> latency(long nanos) {
    return recordTimings ? Optional.of(Duration.ofNanos(nanos)) : Optional.empty();
  }

  /**
   * What kind of failure stopped a dialogue, kept as the record's {@value #FAILURE_KIND} attribute so results count
   * them apart: {@code unparsed} (a reply the agent could not use; {@code unparsed: length}, {@code unparsed:
   * refusal}, ... when the client named why), {@code infrastructure} (no server answered), {@code model error}
   * (the server refused the request) or {@code agent error} (a bug in the agent).
   */
  static String failureKind(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof LlmUnusableReplyException u) {
        return "unparsed: " + u.reason().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
      }
      if (t instanceof LlmUnparsedReplyException) {
        return "unparsed";
      }
      if (t instanceof LlmException l) {
        return l.infrastructure() ? "infrastructure" : "model error";
      }
    }
    return "agent error";
  }

  /** The record attribute naming the kind of failure ({@link #failureKind}). */
  public static final String FAILURE_KIND = "failure";

  /** The exception and its causes in one line, e.g. "LlmTransportException: ...: connection refused". */
  static String describe(Throwable e) {
    StringBuilder sb = new StringBuilder(e.getClass().getSimpleName());
    if (e.getMessage() != null) {
      sb.append(": ").append(e.getMessage());
    }
    for (Throwable c = e.getCause(); c != null && c != c.getCause(); c = c.getCause()) {
      if (c.getMessage() != null && !sb.toString().contains(c.getMessage())) {
        sb.append(": ").append(c.getMessage());
      }
    }
    return sb.toString();
  }
}
