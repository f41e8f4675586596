package io.clarq.eval.toa;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.clarq.core.flm.FlmExample;
import io.clarq.core.flm.HotpotExample;
import io.clarq.core.llm.LlmException;
import io.clarq.core.testing.SharedData;
import io.clarq.core.toa.PrimaryModel;
import io.clarq.core.toa.RepeaterAsker;
import io.clarq.core.toa.ToaOutcome;
import io.clarq.core.toa.ToaSummary;
import io.clarq.datasets.hotpotqa.FactMasker;
import io.clarq.datasets.hotpotqa.HotpotQaReader;
import io.clarq.retrieval.oracle.Bm25Oracle;
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

class ToaRunnerTest {
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

  @Test
  void testRunOnDevWithRepeaterAndOfflineOracle() throws IOException {
    List<FlmExample> examples = dev();
    OraclePeekingPrimary primary = new OraclePeekingPrimary(examples, null);
    ToaRunner runner = new ToaRunner(new ToaPipeline(new RepeaterAsker(), new Bm25Oracle(), primary), 4);
    ToaRunner.Result r = runner.run(examples, dir);
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
    assertThat(primary.threads).isNotEmpty().allSatisfy(t -> assertThat(t).matches("toa-\\d+-worker-[1-4]"));
    assertThat(Files.readAllLines(dir.resolve(ToaRunner.RESULTS))).hasSize(53);

    // a second run reads everything back and computes the same figures
    ToaRunner.Result again = runner.run(examples, dir);
    assertThat(again.resumed()).isEqualTo(53);
    assertThat(again.ran()).isZero();
    assertThat(again.summary()).isEqualTo(s);
  }

  @Test
  void testFailureKeepsFinishedWorkAndRerunResumes() throws IOException {
    List<FlmExample> examples = dev();
    String failing = examples.get(30).id();
    ToaRunner broken = new ToaRunner(new ToaPipeline(new RepeaterAsker(), new Bm25Oracle(),
        new OraclePeekingPrimary(examples, failing)), 1);
    assertThatThrownBy(() -> broken.run(examples, dir))
        .hasMessageStartingWith("example " + failing + " failed: server said no for " + failing + "; ")
        .hasMessageEndingWith(" finished examples are kept in " + dir.resolve(ToaRunner.RESULTS)
            + ", rerun to resume");
    int kept = Files.readAllLines(dir.resolve(ToaRunner.RESULTS)).size();
    assertThat(kept).isEqualTo(30);

    // a crash mid-line leaves a partial last line: it is cut and that example runs again
    Files.writeString(dir.resolve(ToaRunner.RESULTS), "{\"id\":\"" + examples.get(40).id() + "\",\"quest",
        StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    ToaRunner fixed = new ToaRunner(new ToaPipeline(new RepeaterAsker(), new Bm25Oracle(),
        new OraclePeekingPrimary(examples, null)), 2);
    ToaRunner.Result r = fixed.run(examples, dir);
    assertThat(r.resumed()).isEqualTo(30);
    assertThat(r.ran()).isEqualTo(23);
    assertThat(Files.readAllLines(dir.resolve(ToaRunner.RESULTS))).hasSize(53);
    assertThat(r.summary().examples()).isEqualTo(53);
  }

  @Test
  void testImprovabilityAsksWithEveryCandidate() throws IOException {
    List<FlmExample> examples = dev().subList(0, 4);
    OraclePeekingPrimary primary = new OraclePeekingPrimary(examples, null);
    ToaPipeline pipeline = new ToaPipeline(new RepeaterAsker(), new Bm25Oracle(), primary, true);
    ToaRunner.Result r = new ToaRunner(pipeline, 2).run(examples, dir);
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
    assertThat(new ToaRunner(pipeline, 1).run(examples, dir).summary()).isEqualTo(r.summary());
    assertThatThrownBy(() -> new ToaRunner(new ToaPipeline(new RepeaterAsker(), new Bm25Oracle(), primary), 1)
        .run(examples, dir)).hasMessageContaining("improvability true there, null now");
  }

  @Test
  void testRefusesAnotherConfiguration() throws IOException {
    List<FlmExample> examples = dev().subList(0, 3);
    new ToaRunner(new ToaPipeline(new RepeaterAsker(), new Bm25Oracle(),
        new OraclePeekingPrimary(examples, null)), 1).run(examples, dir);
    ToaRunner other = new ToaRunner(new ToaPipeline(new RepeaterAsker(), new Bm25Oracle(2.0f, 0.5f),
        new OraclePeekingPrimary(examples, null)), 1);
    assertThatThrownBy(() -> other.run(examples, dir))
        .hasMessage(dir.resolve(ToaRunner.CONFIG) + " holds a run with another configuration (oracle "
            + "\"offline-bm25(k1=1.2,b=0.75)\" there, \"offline-bm25(k1=2.0,b=0.5)\" now); choose another output"
            + " directory or delete this one");
  }

  @Test
  void testBadResultsLineIsNamed() throws IOException {
    List<FlmExample> examples = dev().subList(0, 2);
    ToaRunner runner = new ToaRunner(new ToaPipeline(new RepeaterAsker(), new Bm25Oracle(),
        new OraclePeekingPrimary(examples, null)), 1);
    runner.run(examples, dir);
    Path results = dir.resolve(ToaRunner.RESULTS);
    List<String> lines = Files.readAllLines(results);
    Files.writeString(results, lines.get(0) + "\n" + lines.get(0) + "\n");
    assertThatThrownBy(() -> runner.run(examples, dir))
        .hasMessage(results + ", line 2: example " + examples.get(0).id() + " appears twice");
    Files.writeString(results, "{\"id\": \"x\"}\n");
    assertThatThrownBy(() -> runner.run(examples, dir)).hasMessage(results + ", line 1: missing field \"oracle\"");
  }

  @Test
  void testDuplicateExampleIsRefusedBeforeAnythingIsWritten() throws IOException {
    List<FlmExample> distinct = dev().subList(0, 3);
    List<FlmExample> examples = new java.util.ArrayList<>(distinct);
    examples.add(examples.get(1));
    ToaRunner runner = new ToaRunner(new ToaPipeline(new RepeaterAsker(), new Bm25Oracle(),
        new OraclePeekingPrimary(distinct, null)), 1);
    Path out = dir.resolve("dup");
    assertThatThrownBy(() -> runner.run(examples, out)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("example id \"" + examples.get(1).id() + "\" appears twice (examples 2 and 4 of 4); each "
            + "example needs its own id");
    assertThat(out).doesNotExist();
  }
}
