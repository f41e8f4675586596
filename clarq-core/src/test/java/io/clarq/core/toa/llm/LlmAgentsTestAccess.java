package io.clarq.core.toa.llm;

import io.clarq.core.toa.flm.FlmExample;

/** The TOA agents' test example, for tests in other packages. */
public final class LlmAgentsTestAccess {
  private LlmAgentsTestAccess() {}

  public static FlmExample example() {
    return LlmAgentsTest.example();
  }
}
