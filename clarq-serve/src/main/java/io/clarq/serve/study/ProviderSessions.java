package io.clarq.serve.study;

import io.clarq.core.clarqllm.provider.FixedReplies;
import io.clarq.core.clarqllm.provider.ProviderReply;
import io.clarq.core.clarqllm.provider.console.ConsoleProvider;
import io.clarq.core.clarqllm.seeker.SeekerTurn;
import io.clarq.core.clarqllm.task.Briefing;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.ReferenceText;
import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.clarqllm.tree.ResponseNode;
import io.clarq.core.clarqllm.tree.TreeCursor;
import io.clarq.core.dialogue.EndReason;
import io.clarq.core.dialogue.Speaker;
import io.clarq.core.dialogue.Utterance;
import io.clarq.core.llm.LlmException;
import io.clarq.eval.clarqllm.DialogueLoop;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * A person as the ClarQ-LLM provider (the paper's L2H): the provider's fixed opening line is said for them, the study's
 * seeker agent asks, and the person answers with the task's response tree in view, as the reference provider agent
 * sees it (every node with its purpose, marked given, available now or locked), either by choosing available nodes
 * (Response I: the nodes' texts, gating applied as {@link ConsoleProvider#givenNodes} does for {@code clarq play --as
 * provider}) or by typing a reply (Response II). The benchmark's rules are {@link DialogueLoop}'s own ({@link
 * DialogueLoop#endAfterSeekerLine}): the seeker's goodbye or its {@code max_seeker_turns}-th line ends the dialogue and
 * gets no reply.
 *
 * <p>Every line is stored before anything is shown: the person's reply before the seeker is asked, the seeker's line
 * before it is returned. The dialogue (its lines and the nodes given) is read back from the store on every call, so a
 * restarted server resumes every open session where it stopped: a reply stored without the seeker's next line (a
 * crash or a seeker failure in between) gets that line on the next call.
 */
public final class ProviderSessions {
  /** The longest reply a person may type, in characters. */
  public static final int MAX_LINE = SeekerSessions.MAX_LINE;

  private final Study study;
  private final ConcurrentMap<Long, Object> locks = new ConcurrentHashMap<>();

  /**
   * The sessions of a human-provider study.
   *
   * @throws IllegalArgumentException when the study is of another mode
   */
  public ProviderSessions(Study study) {
    if (study.spec().mode() != StudyMode.HUMAN_PROVIDER) {
      throw new IllegalArgumentException("study " + study.name() + " is a " + study.spec().mode().key()
          + " study, not human-provider");
    }
    this.study = Objects.requireNonNull(study, "study");
  }

  /** Where a node of the response tree stands in the dialogue. */
  public enum NodeState {
    /** Said by the provider already. */
    GIVEN,
    /** May be given now: its parent was given (node 0 before anything else). */
    AVAILABLE,
    /** Not yet: its parent has not been given. */
    LOCKED
  }

  /**
   * A node of the response tree as the person sees it.
   *
   * @param text the node's text without the "Jax: " prefix
   */
  public record TreeLine(NodeId id, String text, Optional<String> purpose, NodeState state) {}

  /**
   * What the person playing the provider sees of a dialogue.
   *
   * @param position the dialogue's place among the participant's (1-based)
   * @param taskType the task type's name ("Stealth Mission")
   * @param briefing what the seeker was told (role, task, items, skills, scenes)
   * @param tree every node of the response tree with its state
   * @param seekerTurnsLeft lines the seeker may still say before the turn cap
   * @param seekerError why the seeker has not asked yet, when it failed (the next call asks again)
   */
  public record ProviderView(int position, int of, String taskType, Briefing briefing, List<TreeLine> tree,
      List<Utterance> lines, boolean finished, Optional<String> endReason, int seekerTurnsLeft,
      Optional<String> seekerError) {
    /** Whether the person is to answer now: the dialogue is open and the seeker's line is the last one. */
    public boolean awaitingReply() {
      return !finished && !lines.isEmpty() && lines.get(lines.size() - 1).speaker() == Speaker.SEEKER;
    }
  }

  /**
   * The provider's fixed line for "you have all the information you need", in the study's language: what the
   * reference provider agent says when no line of the tree is left to give, and what ends a rule-based seeker's
   * questions. The page offers it as one button.
   */
  public String enoughInformation() {
    return FixedReplies.enoughInformation(study.spec().tasks().orElseThrow().language());
  }

  /** Opens the session if it is new (the opening line and the seeker's first line stored) and returns the view. */
  public ProviderView view(StudyStore.Session session) {
    synchronized (lock(session.id())) {
      return catchUp(store().session(session.id()));
    }
  }

  /**
   * The person's reply: the nodes chosen (Response I) or the text typed (Response II), exactly one of the two; stored,
   * then the seeker's next line is asked for and stored before this returns.
   *
   * @param nodes the available nodes chosen, in order; empty for a typed reply
   * @param typed the reply typed; blank when nodes are chosen
   * @param millis how long the person took (recorded, never compared)
   * @throws IllegalArgumentException when neither or both are given, a node is not available now, or the text is
   *     longer than {@value #MAX_LINE} characters
   * @throws IllegalStateException when the dialogue has ended or the seeker has not asked yet
   */
  public ProviderView answer(StudyStore.Session session, List<NodeId> nodes, String typed, Optional<Long> millis) {
    String text = Objects.requireNonNull(typed, "typed").strip();
    Objects.requireNonNull(nodes, "nodes");
    if (nodes.isEmpty() && text.isEmpty()) {
      throw new IllegalArgumentException("choose the nodes that answer, or type a reply");
    }
    if (!nodes.isEmpty() && !text.isEmpty()) {
      throw new IllegalArgumentException("choose nodes or type a reply, not both");
    }
    if (text.length() > MAX_LINE) {
      throw new IllegalArgumentException("a reply may have at most " + MAX_LINE + " characters; this one has "
          + text.length());
    }
    synchronized (lock(session.id())) {
      StudyStore.Session now = store().session(session.id());
      if (now.finished()) {
        throw new IllegalStateException("this dialogue has ended; go on to the next one");
      }
      ProviderView before = catchUp(now);
      if (!before.awaitingReply()) {
        throw new IllegalStateException(before.finished() ? "this dialogue has ended; go on to the next one"
            : "the seeker has not asked yet; reload the page in a moment");
      }
      ClarqTask task = study.task(now.item());
      List<StudyStore.Turn> turns = store().turns(now.id());
      ProviderReply reply = nodes.isEmpty() ? ConsoleProvider.typed(text)
          : ConsoleProvider.givenNodes(task, SeekerSessions.cursor(task, turns), nodes);
      store().addTurn(now.id(), new StudyStore.Turn(turns.size(), Speaker.PROVIDER.name(), reply.text(),
          Optional.of(reply.kind().name()), reply.intent().map(Enum::name),
          reply.nodes().stream().map(NodeId::toString).toList(), millis.filter(m -> m >= 0),
          Instant.now().toString()));
      return catchUp(store().session(now.id()));
    }
  }

  /** Brings the stored dialogue up to date (opening, the seeker's next line, the end) and returns the view. */
  private ProviderView catchUp(StudyStore.Session session) {
    StudyStore store = store();
    ClarqTask task = study.task(session.item());
    List<StudyStore.Turn> turns = store.turns(session.id());
    if (turns.isEmpty()) {
      store.open(session.id());
      store.addTurn(session.id(), new StudyStore.Turn(0, Speaker.PROVIDER.name(),
          FixedReplies.opening(task.language()), Optional.empty(), Optional.empty(), List.of(), Optional.empty(),
          Instant.now().toString()));
      turns = store.turns(session.id());
    }
    Optional<String> seekerError = Optional.empty();
    StudyStore.Session now = store.session(session.id());
    List<Utterance> lines = SeekerSessions.utterances(turns);
    if (!now.finished() && lines.get(lines.size() - 1).speaker() == Speaker.PROVIDER) {
      long t0 = System.nanoTime();
      try {
        String line = study.seeker().next(new SeekerTurn("study-session-" + now.id(), task.language(),
            task.briefing(), lines));
        if (line == null) {
          throw new IllegalStateException("seeker " + study.seeker().name() + " returned null instead of a line");
        }
        store.addTurn(now.id(), new StudyStore.Turn(turns.size(), Speaker.SEEKER.name(), line, Optional.empty(),
            Optional.empty(), List.of(), Optional.of((System.nanoTime() - t0) / 1_000_000), Instant.now().toString()));
      } catch (RuntimeException | LlmException e) {
        // the reply stays stored; the next call asks the seeker again
        seekerError = Optional.of("the seeker could not ask just now; reload the page in a moment");
      }
      turns = store.turns(now.id());
      lines = SeekerSessions.utterances(turns);
    }
    int seekerLines = (int) lines.stream().filter(u -> u.speaker() == Speaker.SEEKER).count();
    Utterance last = lines.get(lines.size() - 1);
    if (!now.finished() && last.speaker() == Speaker.SEEKER) {
      Optional<EndReason> end = DialogueLoop.endAfterSeekerLine(study.spec().endDetection(), last.text(),
          task.language(), seekerLines, study.spec().maxSeekerTurns());
      if (end.isPresent()) {
        store.finish(now.id(), end.get().name());
      }
      now = store.session(now.id());
    }
    List<StudyStore.Session> mine = store.sessions(now.participant());
    return new ProviderView(now.position() + 1, mine.size(), task.typeName(), task.briefing(),
        tree(task, SeekerSessions.cursor(task, turns)), lines, now.finished(), now.endReason(),
        Math.max(0, study.spec().maxSeekerTurns() - seekerLines), seekerError);
  }

  private static List<TreeLine> tree(ClarqTask task, TreeCursor cursor) {
    List<TreeLine> out = new ArrayList<>();
    for (ResponseNode n : task.tree().nodes()) {
      NodeState state = cursor.isGiven(n.id()) ? NodeState.GIVEN
          : cursor.isAvailable(n.id()) ? NodeState.AVAILABLE : NodeState.LOCKED;
      out.add(new TreeLine(n.id(), ReferenceText.stripSpeaker(n.text()), n.purpose(), state));
    }
    return List.copyOf(out);
  }

  private StudyStore store() {
    return study.store();
  }

  private Object lock(long session) {
    return locks.computeIfAbsent(session, k -> new Object());
  }
}
