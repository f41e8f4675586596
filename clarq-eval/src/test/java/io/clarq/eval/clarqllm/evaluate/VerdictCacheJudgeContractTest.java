package io.clarq.eval.clarqllm.evaluate;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.clarqllm.judge.Verdict;
import io.clarq.core.clarqllm.judge.llm.LlmJudge;
import io.clarq.core.clarqllm.judge.offline.OfflineJudge;
import io.clarq.core.testing.AgentCapability;
import io.clarq.core.testing.FakeReply;
import io.clarq.core.testing.JudgeContract;
import io.clarq.core.testing.LoopbackModel;
import io.clarq.core.testing.ModelFault;
import io.clarq.datasets.clarqllm.verdict.VerdictRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.io.TempDir;

/**
 * The verdict-cache judge passes the Judge contract: over recorded verdicts with the offline judge behind it, and
 * over a verdict file with an LLM judge behind it on a loopback OpenAI server (whose verdict is a function of the
 * prompt: the JSON object with {@code analysis} and {@code match} that the judge prompt asks for).
 */
class VerdictCacheJudgeContractTest {
  @Nested
  class RecordedThenOffline extends JudgeContract {
    @Override
    protected Judge createJudge() {
      // two of the suite's questions are recorded (answered from the cache), the others go to the offline judge
      return VerdictCacheJudge.of(List.of(VerdictRecord.of(questions().get(0), Verdict.of(true, "recorded yes")),
          VerdictRecord.of(questions().get(3), Verdict.of(false, "recorded no"))), new OfflineJudge());
    }
  }

  @Nested
  class FileThenLlm extends JudgeContract {
    @TempDir Path dir;
    private final LoopbackModel model = LoopbackModel.start(r -> {
      int h = Math.floorMod(r.lastUserMessage().hashCode(), 1_000_003);
      return FakeReply.text("{\"analysis\": \"simulated " + h + "\", \"match\": " + (h % 2 == 0) + "}");
    });
    private final List<VerdictCacheJudge> opened = new ArrayList<>();

    @AfterEach
    void stop() {
      opened.forEach(VerdictCacheJudge::close);
      model.close();
    }

    @Override
    protected Judge createJudge() {
      VerdictCacheJudge judge = VerdictCacheJudge.open(dir.resolve("verdicts-" + opened.size() + ".jsonl"),
          LlmJudge.builder(model.client().withModel("contract-model")).build());
      opened.add(judge);
      return judge;
    }

    @Override
    protected Set<AgentCapability> capabilities() {
      return EnumSet.of(AgentCapability.MODEL_BEHIND);
    }

    @Override
    protected void breakModel(ModelFault fault) {
      model.breakWith(fault, FakeReply.text("It is a match, I think."));
    }
  }
}
