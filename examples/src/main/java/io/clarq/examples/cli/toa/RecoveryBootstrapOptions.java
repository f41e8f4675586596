package io.clarq.examples.cli.toa;

import io.clarq.core.toa.RecoveryBootstrap;
import picocli.CommandLine.Option;

/**
 * {@code --bootstrap-resamples} and {@code --bootstrap-seed}, shared by {@code clarq toa run} and {@code clarq toa
 * merge}: how the intervals around the recovery figures are drawn.
 */
final class RecoveryBootstrapOptions {
  @Option(names = "--bootstrap-resamples", defaultValue = "" + RecoveryBootstrap.DEFAULT_RESAMPLES,
      paramLabel = "N", description = "Resamples of the recovery intervals (default ${DEFAULT-VALUE}).")
  int resamples;

  @Option(names = "--bootstrap-seed", defaultValue = "" + RecoveryBootstrap.DEFAULT_SEED, paramLabel = "N",
      description = "Seed of the recovery intervals' bootstrap (default ${DEFAULT-VALUE}).")
  long seed;

  /** The bootstrap these options name; an illegal resample count is refused naming it. */
  RecoveryBootstrap bootstrap() {
    return new RecoveryBootstrap(resamples, seed);
  }
}
