package io.clarq.eval.clarqllm.evaluate;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.judge.JudgeQuestion;
import io.clarq.core.clarqllm.judge.Verdict;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.batch.BatchClient;
import io.clarq.core.llm.batch.BatchPendingException;
import io.clarq.core.llm.usage.PriceTable;
import java.util.Optional;

/**
 * Judging through a batch API ({@link BatchClient}): the dialogues are scored in passes; in each pass a question
 * whose request waits for its batch is left unanswered ({@link #waitingAsUnanswered}), the waiting requests go out as
 * one batch, and the next pass has their answers. The last pass, with every answer in, is the result; verdicts a
 * verdict cache holds are never asked again.
 *
 * <pre>{@code
 * BatchClient batch = BatchClients.forSpec(spec, System::getenv, outDir.resolve("judge-batch.json")).build();
 * BatchJudging.Waiting judge = BatchJudging.waitingAsUnanswered(LlmJudge.builder(batch).build());
 * ClarqSummary s = BatchJudging.passes(batch, judge, () -> ClarqEvaluation.score(run, judge));
 * }</pre>
 */
public final class BatchJudging {
  /** What results record as the judge's mode when its requests went through a batch API. */
  public static final String BATCH = "batch";
  /** What results record as the judge's mode otherwise. */
  public static final String SYNCHRONOUS = "synchronous";

  private BatchJudging() {}

  /**
   * {@code judge} made to work in passes: a question whose request waits for its batch gets no answer (not "no"), and
   * neither do the later questions of the same dialogue in that pass (the same leftover provider lines and trial),
   * since the synchronous judge asks them only after the earlier ones said yes. So each batch holds exactly the
   * requests a synchronous run would make next, one per undecided dialogue; call {@link Waiting#newPass()} before each
   * pass ({@link #passes}).
   */
  public static Waiting waitingAsUnanswered(Judge judge) {
    return new Waiting(judge);
  }

  /** Runs {@code pass} through {@code client}'s batches until every answer is in, telling {@code judge} each pass. */
  public static <T> T passes(BatchClient client, Waiting judge, BatchClient.Pass<T> pass) throws Exception {
    return client.untilAnswered(() -> {
      judge.newPass();
      return pass.run();
    });
  }

  /**
   * {@code front} marked as asking its model through {@code client}'s batches: whoever scores with it scores in passes
   * ({@link #passes(BatchClient.Pass)}). A run ({@code io.clarq.eval.clarqllm.RunConfig.Builder#judge}) given such a
   * judge scores its dialogues after play, each pass's waiting requests one batch, and records {@code judge_mode}
   * batch in results.json.
   *
   * @param front the judge the dialogues are scored by (verdict caches in front of {@code waiting})
   * @param client the batch client the judge's model asks through
   * @param waiting the waiting judge over that model, which {@code front} asks
   */
  public record Batched(Judge front, BatchClient client, Waiting waiting) implements Judge {
    public Batched {
      java.util.Objects.requireNonNull(front, "front");
      java.util.Objects.requireNonNull(client, "client");
      java.util.Objects.requireNonNull(waiting, "waiting");
    }

    /** {@link BatchJudging#passes} with this client and judge. */
    public <T> T passes(BatchClient.Pass<T> pass) throws Exception {
      return BatchJudging.passes(client, waiting, pass);
    }

    @Override
    public Optional<Verdict> judge(JudgeQuestion question) throws LlmException {
      return front.judge(question);
    }

    @Override
    public String name() {
      return front.name();
    }

    @Override
    public java.util.OptionalLong fixedSeed() {
      return front.fixedSeed();
    }
  }

  /** A judge that leaves a dialogue's questions unanswered while one of them waits for its batch. */
  public static final class Waiting implements Judge {
    private final Judge judge;
    private final java.util.Set<java.util.List<Object>> waiting = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private Waiting(Judge judge) {
      this.judge = java.util.Objects.requireNonNull(judge, "judge");
    }

    /** Forgets which dialogues waited: the next pass asks their next questions. */
    public void newPass() {
      waiting.clear();
    }

    @Override
    public Optional<Verdict> judge(JudgeQuestion question) throws LlmException {
      java.util.List<Object> dialogue = java.util.List.of(question.generated(), question.trial());
      if (waiting.contains(dialogue)) {
        return Optional.empty();
      }
      try {
        return judge.judge(question);
      } catch (BatchPendingException e) {
        waiting.add(dialogue);
        return Optional.empty();
      }
    }

    @Override
    public String name() {
      return judge.name();
    }

    @Override
    public java.util.OptionalLong fixedSeed() {
      return judge.fixedSeed();
    }
  }

  /**
   * One line: requests, batches, polls, answers billed and used, and with {@code prices} what the billed answers cost
   * at batch prices beside what the used ones would have cost synchronously: {@code batch: 124 requests in 2 batches
   * (6 polls), 123 answers billed, 123 used, state judge-batch.json; cost 0.0215 at batch prices (0.0431
   * synchronous)}.
   */
  public static String summary(BatchClient client, Optional<PriceTable> prices) {
    return io.clarq.core.llm.batch.BatchPasses.line(client, prices);
  }
}
