package io.clarq.core.clarqllm.judge.offline;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.testing.JudgeContract;

/** The offline judge passes the Judge contract. */
class OfflineJudgeContractTest extends JudgeContract {
  @Override
  protected Judge createJudge() {
    return new OfflineJudge();
  }
}
