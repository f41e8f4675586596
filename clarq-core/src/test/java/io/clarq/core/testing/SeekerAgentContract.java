package io.clarq.core.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.clarq.core.clarqllm.provider.FixedReplies;
import io.clarq.core.clarqllm.seeker.EndDetection;
import io.clarq.core.clarqllm.seeker.SeekerAgent;
import io.clarq.core.clarqllm.seeker.SeekerTurn;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.clarqllm.tree.TreeCursor;
import io.clarq.core.dialogue.Utterance;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmUnparsedReplyException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * What every {@link SeekerAgent} must do, as its javadoc and docs/protocol/clarq-llm.md §3 say: one instance serves
 * many dialogues at once from several threads and gives each what it would give alone; nothing carries over from one
 * dialogue to the next (playing A, B, A gives the same A twice); the dialogue key is opaque (the same dialogue under
 * another key goes the same way); every line is a non-blank string; and a seeker with a model behind it fails with an
 * {@link LlmException} when the model is down ({@link LlmException#infrastructure()}) and with an
 * {@link LlmUnparsedReplyException} carrying the raw reply when the model says nothing usable, never with an empty
 * line. What a seeker is handed is fixed by {@link SeekerTurn} (briefing, language, history, an opaque key, the trial);
 * that the runner puts nothing more in it is checked by {@link SeekerView}. A seeker whose model takes a seed sends
 * each trial's own ({@link SeekerTurn#seed()}: 8848 in trial 1, 8849 in trial 2) from whatever thread it calls its
 * model on, and a response cache in front of the model keeps the trials apart
 * ({@link AgentCapability#TRIAL_SEEDS}).
 *
 * <p>The suite plays {@link ContractTasks} against a simple provider of its own (node 0 first, then each available
 * node in order, then "enough information"), at most {@value #MAX_SEEKER_LINES} seeker lines or until the
 * reference end rule fires. It compares dialogues, so the seeker must be deterministic given its turns: run a
 * model-backed one against a deterministic loopback model ({@link LoopbackModel}). For your own seeker:
 *
 * <pre>{@code
 * class MySeekerContractTest extends SeekerAgentContract {
 *   private final LoopbackModel model = LoopbackModel.start(r -> FakeReply.text("How do I start?"));
 *
 *   @AfterEach void stop() { model.close(); }
 *
 *   @Override protected SeekerAgent createSeeker() { return new MySeeker(model.client()); }
 *
 *   @Override protected Set<AgentCapability> capabilities() { return EnumSet.of(AgentCapability.MODEL_BEHIND); }
 *
 *   @Override protected void breakModel(ModelFault fault) { model.breakWith(fault, FakeReply.text("  ")); }
 * }
 * }</pre>
 */
public abstract class SeekerAgentContract extends AgentContract {
  /** The most seeker lines the suite's dialogues run to. */
  public static final int MAX_SEEKER_LINES = 6;

  private static final AtomicInteger DIALOGUES = new AtomicInteger();

  /**
   * A new seeker under test. The suite calls it once per test, or more where it needs fresh instances; every
   * construction of the seeker belongs here.
   */
  protected abstract SeekerAgent createSeeker();

  protected SeekerAgentContract() {
    super("seeker");
  }

  /**
   * Plays one dialogue of {@code seeker} on {@code task} under a fresh dialogue key and returns it, the provider's
   * opening first.
   */
  protected static List<Utterance> play(SeekerAgent seeker, ClarqTask task) throws LlmException {
    return play(seeker, task, "contract-dialogue-" + DIALOGUES.incrementAndGet());
  }

  /** Plays one dialogue under the given key. */
  protected static List<Utterance> play(SeekerAgent seeker, ClarqTask task, String key) throws LlmException {
    return play(seeker, task, key, 1);
  }

  /** Plays one dialogue under the given key as trial {@code trial} of a run. */
  protected static List<Utterance> play(SeekerAgent seeker, ClarqTask task, String key, int trial)
      throws LlmException {
    List<Utterance> history = new ArrayList<>();
    history.add(Utterance.provider(FixedReplies.opening(task.language())));
    TreeCursor cursor = task.tree().start();
    for (int lines = 1; ; lines++) {
      String line = seeker.next(new SeekerTurn(key, task.language(), task.briefing(), history, trial));
      assertThat(line).as("line %d of seeker %s on task %s", lines, seeker.name(), task.id()).isNotNull()
          .isNotBlank();
      history.add(Utterance.seeker(line));
      if (EndDetection.REFERENCE.ends(line, task.language()) || lines == MAX_SEEKER_LINES) {
        return history;
      }
      List<NodeId> next = cursor.available();
      if (next.isEmpty()) {
        history.add(Utterance.provider(FixedReplies.enoughInformation(task.language())));
      } else {
        cursor = cursor.give(next.get(0));
        history.add(Utterance.provider(FixedReplies.withPrefix(task.tree().node(next.get(0)).text())));
      }
    }
  }

  @Test
  void testHasAStableNonBlankNameAndAVersion() {
    SeekerAgent seeker = createSeeker();
    assertThat(seeker.name()).isNotBlank().isEqualTo(seeker.name()).isEqualTo(createSeeker().name());
    assertThat(seeker.version()).isNotNull();
  }

  @Test
  void testSpeaksANonBlankLineOnEveryTurnOfEveryTask() throws Exception {
    SeekerAgent seeker = createSeeker();
    for (ClarqTask task : ContractTasks.all()) {
      List<Utterance> dialogue = play(seeker, task);
      assertThat(dialogue).hasSizeGreaterThan(1);
    }
  }

  @Test
  void testManyDialoguesAtOnceGoAsTheyGoOneByOne() throws Exception {
    SeekerAgent seeker = createSeeker();
    List<ClarqTask> tasks = ContractTasks.all();
    List<List<Utterance>> alone = new ArrayList<>();
    for (int i = 0; i < 32; i++) {
      alone.add(play(seeker, tasks.get(i % tasks.size())));
    }
    ExecutorService pool = Executors.newFixedThreadPool(8, r -> new Thread(r, "contract-seeker"));
    try {
      List<Future<List<Utterance>>> together = new ArrayList<>();
      for (int i = 0; i < 32; i++) {
        ClarqTask task = tasks.get(i % tasks.size());
        together.add(pool.submit(() -> play(seeker, task)));
      }
      for (int i = 0; i < 32; i++) {
        assertThat(together.get(i).get()).as("dialogue %d played with 31 others at once", i)
            .isEqualTo(alone.get(i));
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void testNothingCarriesOverFromOneDialogueToTheNext() throws Exception {
    ClarqTask a = ContractTasks.all().get(0);
    ClarqTask b = ContractTasks.bread();
    SeekerAgent seeker = createSeeker();
    List<Utterance> first = play(seeker, a);
    play(seeker, b);
    assertThat(play(seeker, a)).as("A after B").isEqualTo(first);
    assertThat(play(createSeeker(), a)).as("A on a new seeker").isEqualTo(first);
  }

  @Test
  void testTheDialogueKeyIsOpaque() throws Exception {
    ClarqTask task = ContractTasks.bread();
    SeekerAgent seeker = createSeeker();
    assertThat(play(seeker, task, "k-" + DIALOGUES.incrementAndGet()))
        .isEqualTo(play(seeker, task, "another key " + DIALOGUES.incrementAndGet()));
  }

  @Test
  void testEachTrialSendsItsOwnSeedFromAnyThreadAndACacheKeepsTrialsApart() throws Exception {
    assumeCapability(AgentCapability.TRIAL_SEEDS);
    SeekerAgent seeker = createSeeker();
    ClarqTask task = ContractTasks.bread();
    int before = seedsSent().size();
    play(seeker, task, "trial-one-" + DIALOGUES.incrementAndGet(), 1);
    List<Long> trialOne = List.copyOf(seedsSent().subList(before, seedsSent().size()));
    assertThat(trialOne).as("the seeds trial 1 sent").isNotEmpty().containsOnly(8848L);
    // trial 2 of the same task, played on another thread: every request reaches the model (a cache answering it
    // with trial 1's reply would leave the model unasked) and carries trial 2's seed
    ExecutorService pool = Executors.newSingleThreadExecutor(r -> new Thread(r, "contract-trial-two"));
    try {
      pool.submit(() -> play(seeker, task, "trial-two-" + DIALOGUES.incrementAndGet(), 2)).get();
    } finally {
      pool.shutdownNow();
    }
    List<Long> trialTwo = List.copyOf(seedsSent().subList(before + trialOne.size(), seedsSent().size()));
    assertThat(trialTwo).as("the seeds trial 2 sent from another thread").isNotEmpty().containsOnly(8849L);
  }

  @Test
  void testAModelThatIsDownIsAnLlmException() {
    assumeCapability(AgentCapability.MODEL_BEHIND);
    SeekerAgent seeker = createSeeker();
    breakModel(ModelFault.UNREACHABLE);
    Throwable e = catchThrowable(() -> play(seeker, ContractTasks.bread()));
    assertThat(e).isInstanceOf(LlmException.class);
    assertThat(((LlmException) e).infrastructure()).as("an outage: %s", e).isTrue();
  }

  @Test
  void testAnUnusableReplyIsUnparsedWithItsRawTextNeverAnEmptyLine() {
    assumeCapability(AgentCapability.MODEL_BEHIND);
    SeekerAgent seeker = createSeeker();
    breakModel(ModelFault.UNUSABLE_REPLY);
    Throwable e = catchThrowable(() -> play(seeker, ContractTasks.bread()));
    assertThat(e).isInstanceOf(LlmUnparsedReplyException.class);
    assertThat(((LlmUnparsedReplyException) e).raw()).isNotNull();
  }
}
