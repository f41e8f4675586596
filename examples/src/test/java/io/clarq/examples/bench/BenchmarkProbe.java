package io.clarq.examples.bench;

/** Prints the JVM and core count the benchmarks run on, so their figures can be read in context. */
public final class BenchmarkProbe {
  private BenchmarkProbe() {}

  public static void main(String[] args) {
    System.out.println("java " + System.getProperty("java.version") + ", "
        + Runtime.getRuntime().availableProcessors() + " cores, max heap "
        + Runtime.getRuntime().maxMemory() / (1024 * 1024) + " MiB");
  }
}
