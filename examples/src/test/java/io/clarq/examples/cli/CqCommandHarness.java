package io.clarq.examples.cli;

import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** Runs {@code clarq} in-process for the {@code cq} command tests, capturing what it prints. */
abstract class CqCommandHarness extends CommandTestBase {
  @TempDir Path dir;
}
