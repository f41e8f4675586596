package io.clarq.serve.study;

import io.clarq.core.clarqllm.provider.ProviderReply;
import io.clarq.core.clarqllm.provider.ProviderTurn;
import io.clarq.core.clarqllm.task.Briefing;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.clarqllm.tree.TreeCursor;
import io.clarq.core.dialogue.EndReason;
import io.clarq.core.dialogue.Speaker;
import io.clarq.core.dialogue.Utterance;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * A person as the ClarQ-LLM seeker (H2L): the provider agent opens, the person types, the provider answers, with the
 * benchmark's rules as {@link io.clarq.eval.clarqllm.DialogueLoop} applies them: the study's end rule ({@link
 * io.clarq.core.clarqllm.seeker.EndDetection}, the reference rule by default) ends the dialogue right after the seeker's line
 * and the goodbye gets no reply; the seeker's {@code max_seeker_turns}-th line ends it at the turn cap.
 *
 * <p>Every line is stored before anything is shown: the seeker's line before the provider is asked, the provider's
 * reply before it is returned. The state of a dialogue (the lines and the nodes the provider gave) is read back from
 * the store on every call, so a restarted server resumes every open session where it stopped; a seeker line stored
 * without its reply (a crash or a provider failure in between) gets its reply on the next call.
 *
 * <p>What a person sees ({@link SeekerView}) holds the briefing and the lines said, never the task id, the response
 * tree or a gold line the provider has not said.
 */
public final class SeekerSessions {
  /** The longest line a person may type, in characters. */
  public static final int MAX_LINE = 2000;

  private final Study study;
  private final ConcurrentMap<Long, Object> locks = new ConcurrentHashMap<>();

  public SeekerSessions(Study study) {
    if (study.spec().mode() != StudyMode.HUMAN_SEEKER) {
      throw new IllegalArgumentException("study " + study.name() + " is a " + study.spec().mode().key()
          + " study, not human-seeker");
    }
    this.study = Objects.requireNonNull(study, "study");
  }

  /**
   * What the participant sees of a dialogue: the briefing (role, task, items, skills, scenes) and every line said.
   *
   * @param position the dialogue's place among the participant's (1-based), the only way it is named to them
   * @param seekerTurnsLeft lines the person may still type before the turn cap
   */
  public record SeekerView(int position, int of, Briefing briefing, List<Utterance> lines, boolean finished,
      Optional<String> endReason, int seekerTurnsLeft, Optional<String> providerError) {}

  /** Opens the session if it is new (the provider's opening line is stored) and returns what the person sees. */
  public SeekerView view(StudyStore.Session session) {
    synchronized (lock(session.id())) {
      return catchUp(session, Optional.empty());
    }
  }

  /**
   * The person's line: stored, then (unless it ends the dialogue) answered by the provider, whose reply is stored
   * before this returns.
   *
   * @param millis how long the person took to write it (recorded, never compared)
   * @throws IllegalArgumentException when the line is blank or longer than {@value #MAX_LINE} characters
   * @throws IllegalStateException when the dialogue has ended
   */
  public SeekerView say(StudyStore.Session session, String line, Optional<Long> millis) {
    String text = Objects.requireNonNull(line, "line").strip();
    if (text.isEmpty()) {
      throw new IllegalArgumentException("type a line before sending it");
    }
    if (text.length() > MAX_LINE) {
      throw new IllegalArgumentException("a line may have at most " + MAX_LINE + " characters; this one has "
          + text.length());
    }
    synchronized (lock(session.id())) {
      StudyStore store = study.store();
      StudyStore.Session now = store.session(session.id());
      if (now.finished()) {
        throw new IllegalStateException("this dialogue has ended; go on to the next one");
      }
      catchUp(now, Optional.empty());
      List<StudyStore.Turn> turns = store.turns(now.id());
      store.addTurn(now.id(), new StudyStore.Turn(turns.size(), Speaker.SEEKER.name(), text, Optional.empty(),
          Optional.empty(), List.of(), millis.filter(m -> m >= 0), Instant.now().toString()));
      return catchUp(store.session(now.id()), Optional.empty());
    }
  }

  /** Brings the stored dialogue up to date (opening, a missing reply, the end) and returns the view. */
  private SeekerView catchUp(StudyStore.Session session, Optional<String> error) {
    StudyStore store = study.store();
    ClarqTask task = study.task(session.item());
    List<StudyStore.Turn> turns = store.turns(session.id());
    Optional<String> providerError = error;
    if (turns.isEmpty()) {
      store.open(session.id());
      store.addTurn(session.id(), new StudyStore.Turn(0, Speaker.PROVIDER.name(),
          study.provider().opening(task.language()), Optional.empty(), Optional.empty(), List.of(), Optional.empty(),
          Instant.now().toString()));
      turns = store.turns(session.id());
    }
    List<Utterance> lines = utterances(turns);
    StudyStore.Session now = store.session(session.id());
    int seekerLines = (int) lines.stream().filter(u -> u.speaker() == Speaker.SEEKER).count();
    Utterance last = lines.get(lines.size() - 1);
    if (!now.finished() && last.speaker() == Speaker.SEEKER) {
      Optional<EndReason> end = io.clarq.eval.clarqllm.DialogueLoop.endAfterSeekerLine(study.spec().endDetection(),
          last.text(), task.language(), seekerLines, study.spec().maxSeekerTurns());
      if (end.isPresent()) {
        store.finish(now.id(), end.get().name());
      } else {
        long t0 = System.nanoTime();
        try {
          ProviderReply reply = study.provider().reply(new ProviderTurn(task, lines, cursor(task, turns)));
          store.addTurn(now.id(), new StudyStore.Turn(turns.size(), Speaker.PROVIDER.name(), reply.text(),
              Optional.of(reply.kind().name()), reply.intent().map(Enum::name),
              reply.nodes().stream().map(NodeId::toString).toList(),
              Optional.of((System.nanoTime() - t0) / 1_000_000), Instant.now().toString()));
        } catch (RuntimeException | io.clarq.core.llm.LlmException e) {
          // the seeker's line stays stored; the next call asks again
          providerError = Optional.of("the assistant could not answer just now; send again or reload in a moment");
        }
      }
      now = store.session(now.id());
      turns = store.turns(now.id());
      lines = utterances(turns);
    }
    List<StudyStore.Session> mine = store.sessions(now.participant());
    return new SeekerView(now.position() + 1, mine.size(), task.briefing(), lines, now.finished(), now.endReason(),
        Math.max(0, study.spec().maxSeekerTurns() - seekerLines), providerError);
  }

  /** The tree's state after the stored provider replies: each reply's nodes given in order. */
  static TreeCursor cursor(ClarqTask task, List<StudyStore.Turn> turns) {
    TreeCursor cursor = task.tree().start();
    for (StudyStore.Turn t : turns) {
      if (t.speaker().equals(Speaker.PROVIDER.name()) && !t.nodes().isEmpty()) {
        cursor = cursor.giveAll(t.nodes().stream().map(NodeId::parse).toList());
      }
    }
    return cursor;
  }

  static List<Utterance> utterances(List<StudyStore.Turn> turns) {
    List<Utterance> out = new ArrayList<>();
    for (StudyStore.Turn t : turns) {
      out.add(new Utterance(Speaker.valueOf(t.speaker()), t.text()));
    }
    return out;
  }

  private Object lock(long session) {
    return locks.computeIfAbsent(session, k -> new Object());
  }
}
