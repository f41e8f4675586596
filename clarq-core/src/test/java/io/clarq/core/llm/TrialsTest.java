package io.clarq.core.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.clarq.core.prompt.PackAsk;
import io.clarq.core.prompt.PackLayout;
import io.clarq.core.prompt.PromptPack;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

class TrialsTest {
  @Test
  void testTrialOneIsTheReferenceSeedAndTrialTAddsTMinusOne() {
    assertThat(Trials.seed(1)).isEqualTo(8848L).isEqualTo(Trials.REFERENCE_SEED);
    assertThat(Trials.seed(3)).isEqualTo(8850L);
    LlmClient none = r -> {
      throw new AssertionError("no call");
    };
    PackAsk ask = new PackAsk(none.withModel("m"), PromptPack.builtIn(PackLayout.CLARQ_LLM));
    // a new asker is trial 1's: the reference request, unchanged
    assertThat(ask.request("p").seed()).contains(8848L);
    assertThat(ask.request("p").trial()).isEqualTo(1);
    assertThat(ask.request("p")).isEqualTo(ask.inTrial(1).request("p"));
    ChatRequest two = ask.inTrial(2).request("p");
    assertThat(two.seed()).contains(8849L);
    assertThat(two.trial()).isEqualTo(2);
    assertThat(two.toBuilder().build()).isEqualTo(two).isNotEqualTo(ask.request("p"));
    assertThat(ask.inTrial(5).request("p").seed()).contains(8852L);
    assertThat(ask.request("p").seed()).as("asking in another trial leaves the asker as it was").contains(8848L);
  }

  @Test
  void testTheTrialTravelsWithTheRequestNotTheThread() throws Exception {
    LlmClient none = r -> {
      throw new AssertionError("no call");
    };
    PackAsk ask = new PackAsk(none.withModel("m"), PromptPack.builtIn(PackLayout.CLARQ_LLM)).inTrial(3);
    ExecutorService pool = Executors.newSingleThreadExecutor(r -> new Thread(r, "trials-test"));
    try {
      ChatRequest made = CompletableFuture.supplyAsync(() -> ask.request("p"), pool).get();
      assertThat(made.seed()).contains(8850L);
      assertThat(made.trial()).isEqualTo(3);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void testTheJudgeAsksInTheQuestionsTrial() throws Exception {
    LlmClient none = r -> {
      throw new AssertionError("no call");
    };
    io.clarq.core.clarqllm.judge.llm.LlmJudge judge = io.clarq.core.clarqllm.judge.llm.LlmJudge.builder(none.withModel("m")).build();
    io.clarq.core.clarqllm.judge.JudgeQuestion q = new io.clarq.core.clarqllm.judge.JudgeQuestion(io.clarq.core.clarqllm.task.Language.ENGLISH,
        "Knead the dough.", "how to knead", java.util.List.of("Jax: knead it"));
    assertThat(judge.request(q).seed()).contains(8848L);
    assertThat(judge.request(q.inTrial(2)).seed()).contains(8849L);
    assertThat(judge.request(q.inTrial(2)).trial()).isEqualTo(2);
    // a judge asked through Judge.inTrial gets every question in that trial, under its own name
    java.util.List<Integer> asked = new java.util.ArrayList<>();
    io.clarq.core.clarqllm.judge.Judge seen = io.clarq.core.clarqllm.judge.Judge.named("seen", x -> {
      asked.add(x.trial());
      return java.util.Optional.empty();
    });
    io.clarq.core.clarqllm.judge.Judge.inTrial(seen, 3).judge(q);
    assertThat(asked).containsExactly(3);
    assertThat(io.clarq.core.clarqllm.judge.Judge.inTrial(seen, 3).name()).isEqualTo("seen");
  }

  @Test
  void testTrialZeroIsRefused() {
    assertThatThrownBy(() -> Trials.seed(-1)).hasMessageContaining("illegal trial -1");
    assertThatThrownBy(() -> ChatRequest.builder().user("x").trial(0)).hasMessageContaining("illegal trial 0");
    assertThatThrownBy(() -> new io.clarq.core.clarqllm.judge.JudgeQuestion(io.clarq.core.clarqllm.task.Language.ENGLISH, "g", "p",
        java.util.List.of(), 0)).hasMessageContaining("illegal trial 0");
  }
}
