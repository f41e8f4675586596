package io.clarq.examples.cli;

import io.clarq.core.provider.ProviderAgent;
import io.clarq.retrieval.provider.OfflineProvider;
import io.clarq.retrieval.provider.OfflineProviderSettings;
import java.util.function.Function;
import picocli.CommandLine;

/** Turns a {@code --provider} value into provider agents. */
final class ProviderChoice {
  private ProviderChoice() {}

  /** The provider for one task run: {@code offline}. */
  static ProviderAgent single(CommandLine cl, String spec) {
    return forAudit(cl, spec).apply("");
  }

  /**
   * The provider per published run: {@code offline} is the single-node offline provider, and its multi-info variant
   * on runs whose name says {@code multi_info}.
   */
  static Function<String, ProviderAgent> forAudit(CommandLine cl, String spec) {
    if (spec.trim().equals("offline")) {
      return run -> new OfflineProvider(OfflineProviderSettings.DEFAULTS.withMultiInfo(run.contains("multi_info")));
    }
    throw new CommandLine.ParameterException(cl, "--provider " + spec + ": unknown provider; known: offline");
  }
}
