package io.clarq.examples;

import io.clarq.core.clarqllm.provider.llm.SimulatedClarqModel;
import io.clarq.core.clarqllm.seeker.SeekerAgent;
import io.clarq.core.llm.langchain4j.LangChain4jClients;
import io.clarq.core.testing.AgentCapability;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.LoopbackModel;
import io.clarq.core.testing.ModelFault;
import io.clarq.core.testing.SeekerAgentContract;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;

/**
 * The LangChain4j example seeker passes the SeekerAgent contract, its LangChain4j chat model a clarq client of a
 * loopback OpenAI server answering as {@link SimulatedClarqModel} does. A blank reply is the unusable one.
 */
class LangChain4jSeekerContractTest extends SeekerAgentContract {
  private final LoopbackModel model = LoopbackModel.start(new SimulatedClarqModel(Duration.ZERO)::reply);

  @AfterEach
  void stop() {
    model.close();
  }

  @Override
  protected SeekerAgent createSeeker() {
    return new LangChain4jSeeker(LangChain4jClients.chatModel(model.client()));
  }

  @Override
  protected Set<AgentCapability> capabilities() {
    return EnumSet.of(AgentCapability.MODEL_BEHIND);
  }

  @Override
  protected void breakModel(ModelFault fault) {
    model.breakWith(fault, FakeReply.text("  \n "));
  }
}
