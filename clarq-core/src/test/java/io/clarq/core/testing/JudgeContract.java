package io.clarq.core.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.judge.JudgeQuestion;
import io.clarq.core.clarqllm.judge.Verdict;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.llm.LlmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * What every {@link Judge} must do, as its javadoc and docs/protocol/clarq-llm.md §5 ("Judge", "Unjudged dialogues")
 * say: answer every question with a verdict or with nothing (never null); keep an unreadable reply as
 * {@link Verdict.Outcome#UNPARSED} with its raw text, never a "no"; serve many dialogues at once and give each
 * question the verdict it gets alone; carry nothing from one question to the next (A, B, A gives the same A twice);
 * have a name a report can show; and, with a model behind it, fail with an {@link LlmException} when the model is
 * down ({@link LlmException#infrastructure()}). A judge whose model takes a seed sends each question's
 * ({@link JudgeQuestion#seed()}: 8848 in trial 1, 8849 in trial 2) from whatever thread it is asked on
 * ({@link AgentCapability#TRIAL_SEEDS}).
 *
 * <p>The suite asks {@link #questions()}: English and Chinese, a leftover line that restates the gold line, one
 * that does not, and several lines at once. It compares verdicts, so the judge must be deterministic: run a
 * model-backed one against a deterministic loopback model ({@link LoopbackModel}). For your own judge:
 *
 * <pre>{@code
 * class MyJudgeContractTest extends JudgeContract {
 *   private final LoopbackModel model =
 *       LoopbackModel.start(r -> FakeReply.text("{\"analysis\": \"ok\", \"match\": " + (r.body().length() % 2 == 0) + "}"));
 *
 *   @AfterEach void stop() { model.close(); }
 *
 *   @Override protected Judge createJudge() { return new MyJudge(model.client()); }
 *
 *   @Override protected Set<AgentCapability> capabilities() { return EnumSet.of(AgentCapability.MODEL_BEHIND); }
 *
 *   @Override protected void breakModel(ModelFault fault) { model.breakWith(fault, FakeReply.text("no JSON")); }
 * }
 * }</pre>
 */
public abstract class JudgeContract extends AgentContract {
  /** A new judge under test; every construction of the judge belongs here. */
  protected abstract Judge createJudge();

  protected JudgeContract() {
    super("judge");
  }

  /** The questions the suite asks, texts normalised as the evaluator leaves them (lower case in English). */
  protected List<JudgeQuestion> questions() {
    return List.of(
        new JudgeQuestion(Language.ENGLISH, "light the oven with the flint from your bag",
            "the seeker does not know how to light the oven.",
            List.of("use the flint in your bag to light the oven", "the miller sells flour")),
        new JudgeQuestion(Language.ENGLISH, "the miller in the market square sells the flour you need",
            "the seeker does not know where to get flour.", List.of("do not overthink it, you will be fine")),
        new JudgeQuestion(Language.ENGLISH, "if you stun the monsters, then you can enter the mine",
            "the seeker does not know how to enter the mine.",
            List.of("you can enter the mine once the monsters are stunned", "go north", "take the air sucker")),
        new JudgeQuestion(Language.CHINESE, "如果你把怪物弄晕，就可以进入矿洞", "对方不知道如何进入矿洞。",
            List.of("把怪物弄晕以后，你就可以进入矿洞")),
        new JudgeQuestion(Language.CHINESE, "你应该去北矿洞，因为只有北矿洞有红宝石", "存在多个矿洞，对方不知道哪个有红宝石。",
            List.of("别想太多，你做得很好", "用吸气器收集雾气")));
  }

  private static void checkAnswer(JudgeQuestion q, Optional<Verdict> answer) {
    assertThat(answer).as("answer to %s", q).isNotNull();
    answer.ifPresent(v -> {
      assertThat(v.analysis()).isNotNull();
      if (v.outcome() == Verdict.Outcome.UNPARSED) {
        assertThat(v.raw()).as("an unparsed verdict keeps the raw reply").isNotEmpty();
      }
    });
  }

  @Test
  void testHasANameAReportCanShow() {
    assertThat(createJudge().name()).isNotBlank();
  }

  @Test
  void testAnswersEveryQuestionWithAVerdictOrNothing() throws Exception {
    Judge judge = createJudge();
    for (JudgeQuestion q : questions()) {
      checkAnswer(q, judge.judge(q));
    }
  }

  @Test
  void testManyDialoguesAtOnceGetTheVerdictsTheyGetOneByOne() throws Exception {
    List<JudgeQuestion> qs = questions();
    Judge sequential = createJudge();
    List<Optional<Verdict>> alone = new ArrayList<>();
    for (int i = 0; i < 32; i++) {
      alone.add(sequential.judge(qs.get(i % qs.size())));
    }
    Judge shared = createJudge();
    ExecutorService pool = Executors.newFixedThreadPool(8, r -> new Thread(r, "contract-judge"));
    try {
      List<Future<Optional<Verdict>>> together = new ArrayList<>();
      for (int i = 0; i < 32; i++) {
        JudgeQuestion q = qs.get(i % qs.size());
        together.add(pool.submit(() -> shared.judge(q)));
      }
      for (int i = 0; i < 32; i++) {
        assertThat(together.get(i).get()).as("question %d asked with 31 others at once", i).isEqualTo(alone.get(i));
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void testNothingCarriesOverFromOneQuestionToTheNext() throws Exception {
    List<JudgeQuestion> qs = questions();
    Judge judge = createJudge();
    Optional<Verdict> first = judge.judge(qs.get(0));
    judge.judge(qs.get(1));
    judge.judge(qs.get(3));
    assertThat(judge.judge(qs.get(0))).as("A after B").isEqualTo(first);
    assertThat(createJudge().judge(qs.get(0))).as("A on a new judge").isEqualTo(first);
  }

  @Test
  void testEachTrialSendsItsOwnSeedFromAnyThread() throws Exception {
    assumeCapability(AgentCapability.TRIAL_SEEDS);
    Judge judge = createJudge();
    JudgeQuestion q = questions().get(0);
    int before = seedsSent().size();
    judge.judge(q);
    int afterOne = seedsSent().size();
    assertThat(seedsSent().subList(before, afterOne)).as("the seeds trial 1 sent").isNotEmpty().containsOnly(8848L);
    ExecutorService pool = Executors.newSingleThreadExecutor(r -> new Thread(r, "contract-judge-trial-two"));
    try {
      pool.submit(() -> judge.judge(q.inTrial(2))).get();
    } finally {
      pool.shutdownNow();
    }
    assertThat(seedsSent().subList(afterOne, seedsSent().size())).as("the seeds trial 2 sent from another thread")
        .isNotEmpty().containsOnly(8849L);
  }

  @Test
  void testAModelThatIsDownIsAnLlmException() {
    assumeCapability(AgentCapability.MODEL_BEHIND);
    Judge judge = createJudge();
    breakModel(ModelFault.UNREACHABLE);
    Throwable e = catchThrowable(() -> judge.judge(questions().get(0)));
    assertThat(e).isInstanceOf(LlmException.class);
    assertThat(((LlmException) e).infrastructure()).as("an outage: %s", e).isTrue();
  }

  @Test
  void testAnUnusableReplyIsUnparsedWithItsRawTextNeverANo() throws Exception {
    assumeCapability(AgentCapability.MODEL_BEHIND);
    Judge judge = createJudge();
    breakModel(ModelFault.UNUSABLE_REPLY);
    for (JudgeQuestion q : questions()) {
      Optional<Verdict> answer = judge.judge(q);
      assertThat(answer).as("answer to %s", q).hasValueSatisfying(v -> {
        assertThat(v.outcome()).isEqualTo(Verdict.Outcome.UNPARSED);
        assertThat(v.raw()).isNotEmpty();
      });
    }
  }
}
