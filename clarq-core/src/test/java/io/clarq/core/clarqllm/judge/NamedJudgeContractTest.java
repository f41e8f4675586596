package io.clarq.core.clarqllm.judge;

import io.clarq.core.clarqllm.judge.offline.OfflineJudge;
import io.clarq.core.testing.JudgeContract;
import org.junit.jupiter.api.Nested;

/** {@link Judge#none()} and a judge under another name ({@link Judge#named}) pass the Judge contract. */
class NamedJudgeContractTest {
  @Nested
  class None extends JudgeContract {
    @Override
    protected Judge createJudge() {
      return Judge.none();
    }
  }

  @Nested
  class Named extends JudgeContract {
    @Override
    protected Judge createJudge() {
      return Judge.named("strict", new OfflineJudge());
    }
  }
}
