package io.clarq.core.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.clarq.core.clarqllm.provider.ProviderAgent;
import io.clarq.core.clarqllm.provider.ProviderReply;
import io.clarq.core.clarqllm.provider.ProviderTurn;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.tree.ResponseNode;
import io.clarq.core.clarqllm.tree.TreeCursor;
import io.clarq.core.dialogue.Utterance;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmUnparsedReplyException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * What every {@link ProviderAgent} must do, as its javadoc and docs/protocol/clarq-llm.md §2 and §4 say: answer only
 * from the task's tree and only with nodes available at that turn (never a locked or an already given one); be
 * stateless, so one instance serves many dialogues at once and gives each what it would give alone, nothing carries
 * over from one dialogue to the next (A, B, A gives the same A twice), and any recorded turn replays to the same
 * reply (as an audit does); open with a non-blank line in every language; and, with a model behind it, fail with an
 * {@link LlmException} when the model is down ({@link LlmException#infrastructure()}) and with an
 * {@link LlmUnparsedReplyException} carrying the raw reply when the model says nothing usable, never a guessed reply.
 * A provider whose model takes a seed sends each turn's ({@link ProviderTurn#seed()}: 8848 in trial 1, 8849 in trial
 * 2) from whatever thread it is asked on ({@link AgentCapability#TRIAL_SEEDS}).
 *
 * <p>The suite plays {@link ContractTasks} with a scripted seeker: a request for help with the task, then one question
 * per gold line (its first words), then a vague one; after each reply it gives the reply's nodes, as the runner does.
 * It compares replies, so the provider must be deterministic given its turns: run a model-backed one against a
 * deterministic loopback model ({@link LoopbackModel}). For your own provider:
 *
 * <pre>{@code
 * class MyProviderContractTest extends ProviderAgentContract {
 *   private final LoopbackModel model = LoopbackModel.start(new SimulatedClarqModel(Duration.ZERO)::reply);
 *
 *   @AfterEach void stop() { model.close(); }
 *
 *   @Override protected ProviderAgent createProvider() { return new MyProvider(model.client()); }
 *
 *   @Override protected Set<AgentCapability> capabilities() { return EnumSet.of(AgentCapability.MODEL_BEHIND); }
 *
 *   @Override protected void breakModel(ModelFault fault) { model.breakWith(fault, FakeReply.text("no JSON")); }
 * }
 * }</pre>
 */
public abstract class ProviderAgentContract extends AgentContract {
  /** A new provider under test; every construction of the provider belongs here. */
  protected abstract ProviderAgent createProvider();

  protected ProviderAgentContract() {
    super("provider");
  }

  /** One turn as the provider saw it and what it replied. */
  protected record PlayedTurn(ProviderTurn turn, ProviderReply reply) {}

  /** The scripted seeker's lines for {@code task}. */
  protected static List<String> seekerLines(ClarqTask task) {
    boolean chinese = task.language() == Language.CHINESE;
    List<String> lines = new ArrayList<>();
    lines.add(chinese ? "你好Jax，我该怎么完成" + task.briefing().task() + "的任务？"
        : "Hello Jax, how do I complete the task of " + task.briefing().task() + "?");
    for (ResponseNode node : task.tree().goldNodes()) {
      String text = node.text();
      String words = chinese ? text.substring(0, Math.min(8, text.length()))
          : String.join(" ", List.of(text.split(" ")).subList(0, Math.min(6, text.split(" ").length)));
      lines.add(chinese ? "关于“" + words + "”，我该怎么做？" : "What about this: " + words + "?");
    }
    lines.add(chinese ? "然后呢？" : "And then what?");
    return lines;
  }

  /**
   * Plays the scripted seeker against {@code provider} on {@code task}, checking every reply against the tree's
   * gating state, and returns every turn.
   */
  protected static List<PlayedTurn> play(ProviderAgent provider, ClarqTask task) throws LlmException {
    List<Utterance> history = new ArrayList<>();
    String opening = provider.opening(task.language());
    assertThat(opening).as("opening of %s in %s", provider.name(), task.language()).isNotBlank();
    history.add(Utterance.provider(opening));
    TreeCursor cursor = task.tree().start();
    List<PlayedTurn> played = new ArrayList<>();
    for (String line : seekerLines(task)) {
      history.add(Utterance.seeker(line));
      ProviderTurn turn = new ProviderTurn(task, history, cursor);
      ProviderReply reply = provider.reply(turn);
      assertThat(reply).as("reply of %s to \"%s\"", provider.name(), line).isNotNull();
      assertThat(reply.text()).as("reply to \"%s\"", line).isNotBlank();
      TreeCursor before = cursor;
      assertThat(reply.nodes()).as("nodes given in reply to \"%s\" (available: %s)", line, before.available())
          .allSatisfy(id -> assertThat(before.isAvailable(id)).as("node %s available", id).isTrue())
          .doesNotHaveDuplicates();
      cursor = cursor.giveAll(reply.nodes());
      played.add(new PlayedTurn(turn, reply));
      history.add(Utterance.provider(reply.text()));
    }
    return played;
  }

  private static List<ProviderReply> replies(List<PlayedTurn> turns) {
    return turns.stream().map(PlayedTurn::reply).toList();
  }

  @Test
  void testHasANonBlankNameAndOpensInEveryLanguage() {
    ProviderAgent provider = createProvider();
    assertThat(provider.name()).isNotBlank().isEqualTo(createProvider().name());
    for (Language language : Language.values()) {
      assertThat(provider.opening(language)).as("opening in %s", language).isNotBlank();
    }
  }

  @Test
  void testGivesOnlyAvailableNodesOfItsTaskOnEveryTurn() throws Exception {
    ProviderAgent provider = createProvider();
    for (ClarqTask task : ContractTasks.all()) {
      assertThat(play(provider, task)).hasSize(seekerLines(task).size());
    }
  }

  @Test
  void testManyDialoguesAtOnceGoAsTheyGoOneByOne() throws Exception {
    ProviderAgent provider = createProvider();
    List<ClarqTask> tasks = ContractTasks.all();
    List<List<ProviderReply>> alone = new ArrayList<>();
    for (int i = 0; i < 32; i++) {
      alone.add(replies(play(provider, tasks.get(i % tasks.size()))));
    }
    ExecutorService pool = Executors.newFixedThreadPool(8, r -> new Thread(r, "contract-provider"));
    try {
      List<Future<List<ProviderReply>>> together = new ArrayList<>();
      for (int i = 0; i < 32; i++) {
        ClarqTask task = tasks.get(i % tasks.size());
        together.add(pool.submit(() -> replies(play(provider, task))));
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
    ProviderAgent provider = createProvider();
    List<ProviderReply> first = replies(play(provider, a));
    play(provider, b);
    assertThat(replies(play(provider, a))).as("A after B").isEqualTo(first);
    assertThat(replies(play(createProvider(), a))).as("A on a new provider").isEqualTo(first);
  }

  @Test
  void testAnyRecordedTurnReplaysToTheSameReplyInAnyOrder() throws Exception {
    List<PlayedTurn> recorded = new ArrayList<>();
    ProviderAgent provider = createProvider();
    for (ClarqTask task : ContractTasks.all()) {
      recorded.addAll(play(provider, task));
    }
    ProviderAgent auditor = createProvider();
    for (int i = recorded.size() - 1; i >= 0; i--) {
      PlayedTurn t = recorded.get(i);
      assertThat(auditor.reply(t.turn())).as("turn \"%s\" replayed", t.turn().seekerLine()).isEqualTo(t.reply());
    }
  }

  @Test
  void testEachTrialSendsItsOwnSeedFromAnyThread() throws Exception {
    assumeCapability(AgentCapability.TRIAL_SEEDS);
    ProviderAgent provider = createProvider();
    int before = seedsSent().size();
    List<PlayedTurn> trialOne = play(provider, ContractTasks.bread());
    int afterOne = seedsSent().size();
    assertThat(seedsSent().subList(before, afterOne)).as("the seeds trial 1 sent").isNotEmpty().containsOnly(8848L);
    // the same turns in trial 2, replied to on another thread: every request carries trial 2's seed
    ExecutorService pool = Executors.newSingleThreadExecutor(r -> new Thread(r, "contract-provider-trial-two"));
    try {
      for (PlayedTurn t : trialOne) {
        ProviderTurn two = new ProviderTurn(t.turn().task(), t.turn().history(), t.turn().tree(), 2);
        pool.submit(() -> provider.reply(two)).get();
      }
    } finally {
      pool.shutdownNow();
    }
    assertThat(seedsSent().subList(afterOne, seedsSent().size())).as("the seeds trial 2 sent from another thread")
        .isNotEmpty().containsOnly(8849L);
  }

  @Test
  void testAModelThatIsDownIsAnLlmException() {
    assumeCapability(AgentCapability.MODEL_BEHIND);
    ProviderAgent provider = createProvider();
    breakModel(ModelFault.UNREACHABLE);
    Throwable e = catchThrowable(() -> play(provider, ContractTasks.bread()));
    assertThat(e).isInstanceOf(LlmException.class);
    assertThat(((LlmException) e).infrastructure()).as("an outage: %s", e).isTrue();
  }

  @Test
  void testAnUnusableReplyIsUnparsedWithItsRawTextNeverAGuess() {
    assumeCapability(AgentCapability.MODEL_BEHIND);
    ProviderAgent provider = createProvider();
    breakModel(ModelFault.UNUSABLE_REPLY);
    Throwable e = catchThrowable(() -> play(provider, ContractTasks.bread()));
    assertThat(e).isInstanceOf(LlmUnparsedReplyException.class);
    assertThat(((LlmUnparsedReplyException) e).raw()).isNotEmpty();
  }
}
