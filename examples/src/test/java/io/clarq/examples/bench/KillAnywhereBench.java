package io.clarq.examples.bench;

import io.clarq.eval.clarqllm.KillAnywhere;

/**
 * The kill-anywhere scenario for longer runs than the test's: the 260 English test tasks against the loopback server
 * with injected faults, a child JVM SIGKILLed at seeded moments and resumed each time, then a replay-only rerun.
 * Arguments {@code KILLS FAULT_RATE SEED CONCURRENCY} (defaults 10 0.2 42 8); prints where it killed, how many faults it
 * served, what the resumed run holds and whether the replay was byte-identical.
 *
 * <pre>
 * mvn -B -q -pl examples -am test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=io.clarq.examples.bench.KillAnywhereBench -Dexec.args="10 0.2 42 8"
 * </pre>
 */
public final class KillAnywhereBench {
  private KillAnywhereBench() {}

  public static void main(String[] args) throws Exception {
    BenchmarkProbe.main(args);
    KillAnywhere.main(args);
  }
}
