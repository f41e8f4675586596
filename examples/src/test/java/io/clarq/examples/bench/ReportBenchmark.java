package io.clarq.examples.bench;

import io.clarq.core.clarqllm.judge.offline.OfflineJudge;
import io.clarq.core.clarqllm.seeker.rule.RuleBasedSeeker;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.testing.SharedData;
import io.clarq.eval.clarqllm.ClarqEvaluator;
import io.clarq.eval.clarqllm.RunConfig;
import io.clarq.eval.report.HtmlReport;
import io.clarq.eval.report.ReportInput;
import io.clarq.eval.report.RunReport;
import io.clarq.retrieval.clarqllm.OfflineProvider;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * The time to write report.html for a 260-dialogue run: the 260 English test tasks played offline (rule-based
 * seeker, offline provider, offline judge), then {@link RunReport#write(Path)} on the finished directory: reading
 * results.json and the transcript, the statistics (2,000 bootstrap resamples per figure and group), the charts and
 * the page. Reports the first (cold) write and the median of 5 warm ones, with the read and render parts apart, as
 * wall time and as the writing thread's CPU time (on a loaded machine the wall time includes waiting for a core; the
 * machine's load average is printed first). Goal: under a second.
 *
 * <pre>
 * mvn -B -q -pl examples -am test-compile exec:java -Dexec.classpathScope=test \
 *     -Dexec.mainClass=io.clarq.examples.bench.ReportBenchmark
 * </pre>
 */
public final class ReportBenchmark {
  private static final int WARM = 5;

  private ReportBenchmark() {}

  public static void main(String[] args) throws Exception {
    Path tasks = SharedData.root().resolve("clarq-llm/tasks");
    if (!Files.isDirectory(tasks)) {
      throw new IllegalStateException("ClarQ-LLM tasks not found at " + tasks + " (set -Dclarq.data.dir)");
    }
    BenchmarkProbe.main(args);
    System.out.printf(Locale.ROOT, "load average %.2f%n",
        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
    Path out = Files.createTempDirectory("clarq-report-bench");
    ClarqEvaluator.run(RunConfig.builder().tasks(tasks).language(Language.ENGLISH).seeker(new RuleBasedSeeker())
        .provider(new OfflineProvider()).judge(new OfflineJudge()).concurrency(2).output(out).build());
    Files.delete(out.resolve(RunReport.FILE));
    long start = System.nanoTime();
    long startCpu = cpu.getCurrentThreadCpuTime();
    Path page = RunReport.write(out);
    double cold = (System.nanoTime() - start) / 1e6;
    double coldCpu = (cpu.getCurrentThreadCpuTime() - startCpu) / 1e6;
    double[] total = new double[WARM];
    double[] totalCpu = new double[WARM];
    double[] read = new double[WARM];
    double[] render = new double[WARM];
    for (int i = 0; i < WARM; i++) {
      long t0 = System.nanoTime();
      ReportInput in = RunReport.read(out);
      long t1 = System.nanoTime();
      HtmlReport.render(in);
      long t2 = System.nanoTime();
      long c2 = cpu.getCurrentThreadCpuTime();
      RunReport.write(out);
      long t3 = System.nanoTime();
      totalCpu[i] = (cpu.getCurrentThreadCpuTime() - c2) / 1e6;
      read[i] = (t1 - t0) / 1e6;
      render[i] = (t2 - t1) / 1e6;
      total[i] = (t3 - t2) / 1e6;
    }
    System.out.printf(Locale.ROOT, "report.html for %d dialogues (%,d bytes): cold write %.0f ms (CPU %.0f ms); warm"
        + " write median %.0f ms (CPU %.0f ms; read results.json + transcript %.0f ms, statistics + charts + page"
        + " %.0f ms)%n", RunReport.read(out).dialogues().size(), Files.size(page), cold, coldCpu, median(total),
        median(totalCpu), median(read), median(render));
  }

  private static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s[s.length / 2];
  }
}
