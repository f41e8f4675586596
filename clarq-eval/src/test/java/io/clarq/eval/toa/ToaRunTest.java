package io.clarq.eval.toa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.clarq.core.llm.LlmException;
import io.clarq.core.testing.SharedData;
import io.clarq.core.toa.PrimaryModel;
import io.clarq.core.toa.RecoveryBootstrap;
import io.clarq.core.toa.RepeaterAsker;
import io.clarq.core.toa.ToaOutcome;
import io.clarq.core.toa.ToaSummary;
import io.clarq.core.toa.flm.FlmExample;
import io.clarq.core.toa.flm.HotpotExample;
import io.clarq.datasets.toa.FactMasker;
import io.clarq.datasets.toa.HotpotQaReader;
import io.clarq.eval.kernel.ItemListener;
import io.clarq.eval.kernel.RunKernel;
import io.clarq.eval.kernel.RunStopped;
import io.clarq.eval.kernel.Shard;
import io.clarq.retrieval.toa.Bm25Oracle;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ToaRunTest {
  @TempDir Path dir;

  static List<FlmExample> dev() throws IOException {
    FactMasker masker = new FactMasker(1, FactMasker.Masks.ONE);
    List<FlmExample> flm = new ArrayList<>();
    for (HotpotExample e : HotpotQaReader.readAll(SharedData.require("hotpotqa/hotpot_dev_distractor_first53.json"))) {
      flm.addAll(masker.mask(e));
    }
    return flm;
  }

  /**
   * A primary model that knows the gold answer exactly when the masked fact is in its context, and otherwise says
   * "unknown": its F1 recovery on an example is 1 when the oracle returned f* and 0 otherwise.
   */
  static final class OraclePeekingPrimary implements PrimaryModel {
    final Map<String, FlmExample> byQuestion;
    final Set<String> threads = Collections.synchronizedSet(new java.util.HashSet<>());
    final String failOn;
    final java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();

    OraclePeekingPrimary(List<FlmExample> examples, String failOn) {
      this.byQuestion = examples.stream().collect(Collectors.toMap(FlmExample::question, Function.identity()));
      this.failOn = failOn;
    }

    @Override
    public String answer(String question, String context) throws LlmException {
      threads.add(Thread.currentThread().getName());
      calls.incrementAndGet();
      FlmExample e = byQuestion.get(question);
      if (e.id().equals(failOn)) {
        throw new LlmException("server said no for " + e.id());
      }
      return context.contains(e.maskedFact().text().strip()) ? e.answer() : "unknown";
    }

    @Override
    public String describe() {
      return "peeking";
    }
  }

  private static ToaRun.Result run(ToaPipeline pipeline, List<FlmExample> examples, Path out, int threads)
      throws InterruptedException {
    return ToaRun.run(pipeline, examples, new RunKernel.Plan(out, Shard.ALL, threads, "clarq-toa"),
        RecoveryBootstrap.DEFAULT, new ItemListener<>() {});
  }

  private static ToaPipeline peeking(List<FlmExample> examples, String failOn) {
    return new ToaPipeline(new RepeaterAsker(), new Bm25Oracle(), new OraclePeekingPrimary(examples, failOn));
  }

  @Test
  void testRunOnDevWithRepeaterAndOfflineOracle() throws Exception {
    List<FlmExample> examples = dev();
    OraclePeekingPrimary primary = new OraclePeekingPrimary(examples, null);
    ToaPipeline pipeline = new ToaPipeline(new RepeaterAsker(), new Bm25Oracle(), primary);
    ToaRun.Result r = run(pipeline, examples, dir, 4);
    ToaSummary s = r.summary();
    assertThat(s.examples()).isEqualTo(53);
    assertThat(r.ran()).isEqualTo(53);
    assertThat(s.f1().complete()).isEqualTo(1.0);
    assertThat(s.f1().incomplete()).isZero();
    // F1 is 1 on x^c, 0 on x^i and 1 on x^r exactly where f* came back, so the recovery is the MFRR
    assertThat(s.undefinedPerExampleF1()).isZero();
    assertThat(s.f1Recovery().value().getAsDouble())
        .isCloseTo(s.maskedFactResponseRate().getAsDouble(), within(1e-12));
    assertThat(s.maskedFactResponseRate().getAsDouble()).isBetween(0.05, 0.95);
    assertThat(s.unparsed()).isZero();
    assertThat(r.outcomes()).extracting(ToaOutcome::exampleId)
        .isEqualTo(examples.stream().map(FlmExample::id).toList());
    assertThat(r.outcomes()).allSatisfy(o -> assertThat(o.question())
        .isEqualTo(examples.stream().filter(e -> e.id().equals(o.exampleId())).findFirst().get().question()));
    assertThat(primary.threads).isNotEmpty().allSatisfy(t -> assertThat(t).matches("clarq-toa\\d+-worker-[1-4]"));
    assertThat(Files.readAllLines(dir.resolve(ToaRun.LOG))).hasSize(53);
    assertThat(dir.resolve("results.json")).content().contains("\"benchmark\" : \"toa\"", "\"f1_recovery\"");
    assertThat(dir.resolve("summary.md")).exists();
    assertThat(org.jsoup.Jsoup.parse(dir.resolve("report.html").toFile()).select("tr")).hasSizeGreaterThan(53);
    assertThat(dir.resolve("run.lock")).doesNotExist();

    // a second run reads everything back and computes the same figures
    ToaRun.Result again = run(pipeline, examples, dir, 4);
    assertThat(again.resumed()).isEqualTo(53);
    assertThat(again.ran()).isZero();
    assertThat(again.summary()).isEqualTo(s);
  }

  @Test
  void testFailureKeepsFinishedWorkAndRerunResumes() throws Exception {
    List<FlmExample> examples = dev();
    String failing = examples.get(30).id();
    assertThatThrownBy(() -> run(peeking(examples, failing), examples, dir, 1)).isInstanceOf(RunStopped.class)
        .hasMessageStartingWith("item " + failing + " failed: server said no for " + failing + "; ")
        .hasMessageEndingWith(" finished items are kept in " + dir.resolve(ToaRun.LOG)
            + "; run the same command again to resume");
    int kept = Files.readAllLines(dir.resolve(ToaRun.LOG)).size();
    assertThat(kept).isEqualTo(30);
    assertThat(dir.resolve("results.json")).doesNotExist();

    // a crash mid-line leaves a partial last line: it is cut and that example runs again
    Files.writeString(dir.resolve(ToaRun.LOG), "{\"id\":\"" + examples.get(40).id() + "\",\"quest",
        StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    ToaRun.Result r = run(peeking(examples, null), examples, dir, 2);
    assertThat(r.resumed()).isEqualTo(30);
    assertThat(r.ran()).isEqualTo(23);
    assertThat(Files.readAllLines(dir.resolve(ToaRun.LOG))).hasSize(53);
    assertThat(r.summary().examples()).isEqualTo(53);
  }

  @Test
  void testShardsMergedEqualOneRunAndASecondWriterIsRefused() throws Exception {
    List<FlmExample> examples = dev();
    ToaRun.Result whole = run(peeking(examples, null), examples, dir.resolve("whole"), 2);
    List<Path> shards = new java.util.ArrayList<>();
    for (int i = 1; i <= 3; i++) {
      Path out = dir.resolve("shard-" + i);
      shards.add(out);
      ToaRun.Result part = ToaRun.run(peeking(examples, null), examples, new RunKernel.Plan(out, new Shard(i, 3), 2,
          "clarq-toa"), RecoveryBootstrap.DEFAULT, new ItemListener<>() {});
      assertThat(part.outcomes()).hasSize(new Shard(i, 3).of(examples).size());
    }
    ToaRun.Result merged = ToaRun.merge(examples, shards, dir.resolve("merged"), RecoveryBootstrap.DEFAULT).result()
        .orElseThrow();
    assertThat(merged.summary()).isEqualTo(whole.summary());
    assertThat(Files.readAllBytes(dir.resolve("merged").resolve(ToaRun.LOG)))
        .isEqualTo(Files.readAllBytes(dir.resolve("whole").resolve(ToaRun.LOG)));
    assertThatThrownBy(() -> ToaRun.merge(examples, shards.subList(0, 2), dir.resolve("m2"),
        RecoveryBootstrap.DEFAULT)).hasMessageContaining("is shard 1/3, but 2 directories were given");
    assertThatThrownBy(() -> ToaRun.merge(examples.subList(0, 50), shards, dir.resolve("m3"),
        RecoveryBootstrap.DEFAULT)).hasMessageContaining("are not those the shards ran");

    // the one merge: repeated, a no-op leaving the same bytes
    byte[] results = Files.readAllBytes(dir.resolve("merged").resolve("results.json"));
    assertThat(ToaRun.merge(examples, List.of(shards.get(2), shards.get(0), shards.get(1)), dir.resolve("merged"),
        RecoveryBootstrap.DEFAULT).alreadyMerged()).isTrue();
    assertThat(Files.readAllBytes(dir.resolve("merged").resolve("results.json"))).isEqualTo(results);
    // a shard stopped by a failing example is refused, naming the shard and why
    Path stopped = dir.resolve("stopped");
    assertThatThrownBy(() -> ToaRun.run(peeking(examples, examples.get(1).id()), examples, new RunKernel.Plan(stopped,
        new Shard(2, 3), 1, "clarq-toa"), RecoveryBootstrap.DEFAULT, new ItemListener<>() {}))
        .isInstanceOf(RunStopped.class);
    assertThatThrownBy(() -> ToaRun.merge(examples, List.of(shards.get(0), stopped, shards.get(2)),
        dir.resolve("m4"), RecoveryBootstrap.DEFAULT)).hasMessageContaining("shard 2/3 stopped before its end (item "
            + examples.get(1).id() + ": ").hasMessageContaining("server said no for " + examples.get(1).id());
    // a shard whose log was edited since its run ended is refused by its digest
    Path log3 = shards.get(2).resolve(ToaRun.LOG);
    List<String> lines3 = new java.util.ArrayList<>(Files.readAllLines(log3));
    java.util.Collections.swap(lines3, 0, 1);
    Files.write(log3, lines3);
    assertThatThrownBy(() -> ToaRun.merge(examples, shards, dir.resolve("m5"), RecoveryBootstrap.DEFAULT))
        .hasMessageContaining("shard 3/3's " + log3 + " is not the log its run ended with");
    assertThat(dir.resolve("m5").resolve("run-config.json")).doesNotExist();

    // one writer per directory: a run holding the lock refuses the next
    try (io.clarq.core.files.OutputLock lock = RunKernel.lock(dir.resolve("locked"))) {
      assertThatThrownBy(() -> run(peeking(examples, null), examples, dir.resolve("locked"), 1))
          .isInstanceOf(IllegalStateException.class).hasMessageContaining("run.lock");
    }
  }

  @Test
  void testImprovabilityAsksWithEveryCandidate() throws Exception {
    List<FlmExample> examples = dev().subList(0, 4);
    OraclePeekingPrimary primary = new OraclePeekingPrimary(examples, null);
    ToaPipeline pipeline = new ToaPipeline(new RepeaterAsker(), new Bm25Oracle(), primary, true);
    ToaRun.Result r = run(pipeline, examples, dir, 2);
    int candidates = examples.stream().mapToInt(e -> e.candidates().size()).sum();
    assertThat(examples.stream().mapToInt(pipeline::extraCalls).sum()).isEqualTo(candidates);
    int noMatch = r.summary().noMatch();
    assertThat(primary.calls.get()).isEqualTo(examples.size() * 3 - noMatch + candidates);
    // appending f* makes this primary model right, so every example is improvable
    assertThat(r.summary().improvability()).hasValue(new ToaSummary.ImprovableShare(4, 4));
    assertThat(r.outcomes()).allSatisfy(o -> {
      assertThat(o.improvability().get().raising()).isPositive();
      assertThat(o.improvability().get().bestF1()).isEqualTo(1.0);
    });
    // read back on resume; a run without the check is refused in this directory
    assertThat(run(pipeline, examples, dir, 1).summary()).isEqualTo(r.summary());
    assertThatThrownBy(() -> run(new ToaPipeline(new RepeaterAsker(), new Bm25Oracle(), primary), examples, dir, 1))
        .hasMessageContaining("a different improvability (was \"true\", now \"false\")");
  }

  @Test
  void testRefusesAnotherConfiguration() throws Exception {
    List<FlmExample> examples = dev().subList(0, 3);
    run(peeking(examples, null), examples, dir, 1);
    ToaPipeline other = new ToaPipeline(new RepeaterAsker(), new Bm25Oracle(2.0f, 0.5f),
        new OraclePeekingPrimary(examples, null));
    assertThatThrownBy(() -> run(other, examples, dir, 1))
        .hasMessage("cannot resume into " + dir + ": it holds a run with a different oracle (was "
            + "\"offline-bm25(k1=1.2,b=0.75)\", now \"offline-bm25(k1=2.0,b=0.5)\"); use the same settings to "
            + "resume, or another output directory");
  }

  @Test
  void testBadResultsLineIsNamed() throws Exception {
    List<FlmExample> examples = dev().subList(0, 2);
    run(peeking(examples, null), examples, dir, 1);
    Path results = dir.resolve(ToaRun.LOG);
    Files.writeString(results, "{\"id\": \"x\"}\n{\"id\": \"y\"}\n");
    assertThatThrownBy(() -> run(peeking(examples, null), examples, dir, 1))
        .hasMessage(results + ", line 1: missing field \"oracle\"");
  }

  @Test
  void testDuplicateExampleIsRefusedBeforeAnythingIsWritten() throws IOException {
    List<FlmExample> distinct = dev().subList(0, 3);
    List<FlmExample> examples = new java.util.ArrayList<>(distinct);
    examples.add(examples.get(1));
    Path out = dir.resolve("dup");
    assertThatThrownBy(() -> run(peeking(distinct, null), examples, out, 1))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("item " + examples.get(1).id() + " appears twice in the selection (items 2 and 4 of 4); each "
            + "item needs its own id");
    assertThat(out).doesNotExist();
  }
}
