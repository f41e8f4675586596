package io.clarq.examples.cli.clarqllm;

import io.clarq.core.clarqllm.provider.ProviderAgent;
import io.clarq.core.clarqllm.provider.llm.LlmProviderAgent;
import io.clarq.core.llm.LlmClient;
import io.clarq.examples.cli.LlmOptions;
import io.clarq.retrieval.clarqllm.OfflineProvider;
import io.clarq.retrieval.clarqllm.OfflineProviderSettings;
import java.util.List;
import java.util.function.Function;
import picocli.CommandLine;

/**
 * Turns a {@code --provider} value into provider agents: {@code offline} for clarq-retrieval's offline provider, or a
 * model spec (e.g. {@code openai:gpt-4o}, with the shared LLM options) for the LLM provider agent.
 */
public final class ProviderChoice {
  private ProviderChoice() {}

  /** The provider for one dialogue. Clients opened for it are added to {@code closing}. */
  static ProviderAgent single(CommandLine cl, String spec, LlmOptions llm, List<AutoCloseable> closing) {
    return forAudit(cl, spec, llm, closing).apply("");
  }

  /**
   * The provider per published run, by run name: the multi-info variant on runs whose name says
   * {@code multi_info}, the single-node provider on the others. Clients opened are added to {@code closing}.
   */
  static Function<String, ProviderAgent> forAudit(CommandLine cl, String spec, LlmOptions llm,
      List<AutoCloseable> closing) {
    if (spec.trim().equals("offline")) {
      return run -> new OfflineProvider(OfflineProviderSettings.DEFAULTS.withMultiInfo(multiInfo(run)));
    }
    LlmClient client = llm.client(cl, "--provider", spec);
    closing.add(client);
    String model = llm.spec(cl, "--provider", spec).model();
    return run -> LlmProviderAgent.builder(client.withModel(model)).multiInfo(multiInfo(run)).build();
  }

  private static boolean multiInfo(String run) {
    return run.contains("multi_info");
  }
}
