package io.clarq.core.clarqllm.provider.llm;

import io.clarq.core.clarqllm.provider.ProviderAgent;
import io.clarq.core.testing.AgentCapability;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.LoopbackModel;
import io.clarq.core.testing.ModelFault;
import io.clarq.core.testing.ProviderAgentContract;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;

/**
 * The LLM provider, standard and multi-info, passes the ProviderAgent contract against a loopback OpenAI server
 * answering every provider step as {@link SimulatedClarqModel} does. Text that is not JSON is the unusable reply.
 */
class LlmProviderAgentContractTest {
  abstract static class OnLoopback extends ProviderAgentContract {
    final LoopbackModel model = LoopbackModel.start(new SimulatedClarqModel(Duration.ZERO)::reply);

    @AfterEach
    void stop() {
      model.close();
    }

    abstract boolean multiInfo();

    @Override
    protected ProviderAgent createProvider() {
      return LlmProviderAgent.builder(model.client().withModel("contract-model")).multiInfo(multiInfo()).build();
    }

    @Override
    protected Set<AgentCapability> capabilities() {
      return EnumSet.of(AgentCapability.MODEL_BEHIND, AgentCapability.TRIAL_SEEDS);
    }

    @Override
    protected java.util.List<Long> seedsSent() {
      return model.seeds();
    }

    @Override
    protected void breakModel(ModelFault fault) {
      model.breakWith(fault, FakeReply.text("I would rather not answer in JSON."));
    }
  }

  @Nested
  class Standard extends OnLoopback {
    @Override
    boolean multiInfo() {
      return false;
    }
  }

  @Nested
  class MultiInfo extends OnLoopback {
    @Override
    boolean multiInfo() {
      return true;
    }
  }
}
