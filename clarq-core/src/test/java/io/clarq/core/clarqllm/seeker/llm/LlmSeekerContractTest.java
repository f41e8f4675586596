package io.clarq.core.clarqllm.seeker.llm;

import io.clarq.core.clarqllm.provider.llm.SimulatedClarqModel;
import io.clarq.core.clarqllm.seeker.SeekerAgent;
import io.clarq.core.testing.AgentCapability;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.LoopbackModel;
import io.clarq.core.testing.ModelFault;
import io.clarq.core.testing.SeekerAgentContract;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;

/**
 * The LLM seeker, in Completion and in Chat mode, passes the SeekerAgent contract against a loopback OpenAI server
 * answering as {@link SimulatedClarqModel} does (a function of the request, so dialogues can be compared). A blank
 * reply is the unusable one: the seeker must not make it an empty line.
 */
class LlmSeekerContractTest {
  abstract static class OnLoopback extends SeekerAgentContract {
    final LoopbackModel model = LoopbackModel.start(new SimulatedClarqModel(Duration.ZERO)::reply);

    @AfterEach
    void stop() {
      model.close();
    }

    abstract LlmSeeker.Mode mode();

    @Override
    protected SeekerAgent createSeeker() {
      return LlmSeeker.builder(model.client().withModel("contract-model")).mode(mode()).build();
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
  }

  @Nested
  class CompletionMode extends OnLoopback {
    @Override
    LlmSeeker.Mode mode() {
      return LlmSeeker.Mode.COMPLETION;
    }
  }

  @Nested
  class ChatMode extends OnLoopback {
    @Override
    LlmSeeker.Mode mode() {
      return LlmSeeker.Mode.CHAT;
    }
  }
}
