package io.clarq.retrieval.clarqllm;

import io.clarq.core.clarqllm.provider.ProviderAgent;
import io.clarq.core.testing.ProviderAgentContract;
import org.junit.jupiter.api.Nested;

/** The offline provider, standard and multi-info, passes the ProviderAgent contract. */
class OfflineProviderContractTest {
  @Nested
  class Standard extends ProviderAgentContract {
    @Override
    protected ProviderAgent createProvider() {
      return new OfflineProvider();
    }
  }

  @Nested
  class MultiInfo extends ProviderAgentContract {
    @Override
    protected ProviderAgent createProvider() {
      return new OfflineProvider(OfflineProviderSettings.DEFAULTS.withMultiInfo(true));
    }
  }
}
