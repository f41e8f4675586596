package io.clarq.core.clarqllm.seeker.llm;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clarqllm.provider.llm.SimulatedClarqModel;
import io.clarq.core.clarqllm.seeker.SeekerAgent;
import io.clarq.core.clarqllm.seeker.SeekerTurn;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.LlmListener;
import io.clarq.core.llm.cache.CachePolicy;
import io.clarq.core.llm.cache.CachingLlmClient;
import io.clarq.core.llm.cache.ResponseCacheFile;
import io.clarq.core.testing.AgentCapability;
import io.clarq.core.testing.ContractTasks;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.LoopbackModel;
import io.clarq.core.testing.ModelFault;
import io.clarq.core.testing.SeekerAgentContract;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A seeker that calls its model on another thread (its own executor, as an asynchronous client would), through a
 * response cache, passes the SeekerAgent contract, trials included: trial 2's requests carry seed 8849 although no
 * thread of the runner makes them, and the cache never answers trial 2 with trial 1's reply (issue 29: when the trial
 * reached agents through the calling thread, such a seeker sent seed 8848 and got trial 1's replies in every trial).
 */
class OffThreadSeekerContractTest extends SeekerAgentContract {
  private final LoopbackModel model = LoopbackModel.start(new SimulatedClarqModel(Duration.ZERO)::reply);
  private final ExecutorService calls = Executors.newFixedThreadPool(2, r -> new Thread(r, "off-thread-seeker"));
  @TempDir
  Path dir;
  private CachingLlmClient cached;

  @AfterEach
  void stop() {
    calls.shutdownNow();
    if (cached != null) {
      cached.close();
    }
    model.close();
  }

  /** Hands every turn to its executor, where an LLM seeker over a response cache calls the model. */
  static final class OffThread implements SeekerAgent {
    private final LlmSeeker seeker;
    private final ExecutorService calls;

    OffThread(LlmSeeker seeker, ExecutorService calls) {
      this.seeker = seeker;
      this.calls = calls;
    }

    @Override
    public String name() {
      return "off-thread " + seeker.name();
    }

    @Override
    public String next(SeekerTurn turn) throws LlmException {
      try {
        return calls.submit(() -> seeker.next(turn)).get();
      } catch (ExecutionException e) {
        if (e.getCause() instanceof LlmException l) {
          throw l;
        }
        throw new IllegalStateException(e.getCause());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }
  }

  @Override
  protected SeekerAgent createSeeker() {
    if (cached == null) {
      cached = new CachingLlmClient(model.client(), ResponseCacheFile.open(dir.resolve("llm-cache.jsonl")),
          "loopback", "contract-model", CachePolicy.DEFAULT, LlmListener.NONE);
    }
    return new OffThread(LlmSeeker.builder(cached.withModel("contract-model")).build(), calls);
  }

  @Override
  protected Set<AgentCapability> capabilities() {
    return EnumSet.of(AgentCapability.MODEL_BEHIND, AgentCapability.TRIAL_SEEDS);
  }

  @Override
  protected List<Long> seedsSent() {
    return model.seeds();
  }

  @Override
  protected void breakModel(ModelFault fault) {
    model.breakWith(fault, FakeReply.text("  \n "));
  }

  @Test
  void testTheCacheHoldsEachTrialApartAndReplaysIt() throws Exception {
    SeekerAgent seeker = createSeeker();
    play(seeker, ContractTasks.bread(), "first", 1);
    play(seeker, ContractTasks.bread(), "second", 2);
    int asked = model.server().callCount();
    // both trials again: every reply from the cache, each trial its own
    assertThat(play(seeker, ContractTasks.bread(), "again-1", 1))
        .isEqualTo(play(createSeeker(), ContractTasks.bread(), "again-1b", 1));
    play(seeker, ContractTasks.bread(), "again-2", 2);
    assertThat(model.server().callCount()).as("no new call: both trials replayed").isEqualTo(asked);
    assertThat(model.seeds()).contains(8848L, 8849L).containsOnly(8848L, 8849L);
  }
}
