package io.clarq.core.clarqllm.judge.llm;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.testing.AgentCapability;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.JudgeContract;
import io.clarq.core.testing.LoopbackModel;
import io.clarq.core.testing.ModelFault;
import io.clarq.core.testing.RecordedRequest;
import java.util.EnumSet;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;

/**
 * The LLM judge passes the Judge contract against a loopback OpenAI server whose verdict is a function of the prompt
 * (the JSON object with {@code analysis} and {@code match} that the judge prompt asks for). Text that is not JSON is
 * the unusable reply.
 */
class LlmJudgeContractTest extends JudgeContract {
  private final LoopbackModel model = LoopbackModel.start(LlmJudgeContractTest::verdict);

  static FakeReply verdict(RecordedRequest request) {
    int h = Math.floorMod(request.lastUserMessage().hashCode(), 1_000_003);
    return FakeReply.text("{\"analysis\": \"simulated " + h + "\", \"match\": " + (h % 2 == 0) + "}");
  }

  @AfterEach
  void stop() {
    model.close();
  }

  @Override
  protected Judge createJudge() {
    return LlmJudge.builder(model.client().withModel("contract-model")).build();
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
    model.breakWith(fault, FakeReply.text("It is a match, I think."));
  }
}
