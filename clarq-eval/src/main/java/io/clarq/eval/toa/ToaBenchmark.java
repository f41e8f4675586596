package io.clarq.eval.toa;

import io.clarq.core.toa.OracleAnswer;
import io.clarq.core.toa.RecoveryBootstrap;
import io.clarq.core.toa.ToaOutcome;
import io.clarq.core.toa.ToaSummary;
import io.clarq.core.toa.flm.FlmExample;
import io.clarq.datasets.toa.FlmJsonl;
import io.clarq.eval.kernel.Benchmark;
import io.clarq.eval.kernel.RunEnd;
import io.clarq.eval.kernel.RunLog;
import io.clarq.eval.kernel.RunSettings;
import io.clarq.eval.results.ModelRef;
import io.clarq.eval.results.ModelRole;
import io.clarq.eval.results.RecordedModels;
import io.clarq.eval.results.ResultsEnvelope;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Task-oriented asking on the run kernel: an item is an FLM example, playing it runs the asker, the oracle and the
 * primary model over it ({@link ToaPipeline}), the item log is {@value ToaRun#LOG}, and the end step computes the
 * figures ({@link ToaSummary}) and writes the results ({@link ToaResults}).
 */
final class ToaBenchmark implements Benchmark<FlmExample, ToaOutcome, ToaRun.Result> {
  static final String NAME = "toa";

  private final ToaPipeline pipeline;
  private final RecoveryBootstrap bootstrap;
  private final Map<ModelRole, ModelRef> models;

  /**
   * @param pipeline the agents; {@code null} only for a merge, which plays nothing
   * @param models the models behind the agents, by role, for the results
   */
  ToaBenchmark(ToaPipeline pipeline, RecoveryBootstrap bootstrap, Map<ModelRole, ModelRef> models) {
    this.pipeline = pipeline;
    this.bootstrap = Objects.requireNonNull(bootstrap, "bootstrap");
    this.models = Map.copyOf(models);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String logFile() {
    return ToaRun.LOG;
  }

  @Override
  public String key(FlmExample example) {
    return example.id();
  }

  @Override
  public String recordKey(ToaOutcome outcome) {
    return outcome.exampleId();
  }

  @Override
  public String toLine(ToaOutcome outcome) {
    return ToaOutcomeJson.toLine(outcome);
  }

  @Override
  public ToaOutcome fromLine(String line, String where) {
    try {
      return ToaOutcomeJson.fromLine(line);
    } catch (IOException | IllegalArgumentException e) {
      throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
    }
  }

  @Override
  public RunSettings settings(List<FlmExample> selection) {
    Map<String, String> s = new LinkedHashMap<>();
    s.put("examples", String.valueOf(selection.size()));
    s.put("examples_sha256", digest(selection));
    s.put("asker", pipeline.asker().describe());
    s.put("oracle", pipeline.oracle().describe());
    s.put("primary", pipeline.primary().describe());
    s.put("improvability", String.valueOf(pipeline.checksImprovability()));
    return new RunSettings(NAME, s, RecordedModels.record(models));
  }

  @Override
  public ToaOutcome play(FlmExample example, RunLog log) throws Exception {
    return pipeline.run(example);
  }

  @Override
  public ToaRun.Result finish(RunEnd<FlmExample, ToaOutcome> end) {
    List<ToaOutcome> outcomes = List.copyOf(end.records().values());
    ToaSummary summary = ToaSummary.of(outcomes, bootstrap);
    long unparsed = outcomes.stream().filter(o -> o.oracleAnswer().status() == OracleAnswer.Status.UNPARSED).count();
    ToaRun.Result result = new ToaRun.Result(summary, outcomes, end.resumed(), outcomes.size() - end.resumed(),
        end.output(), (int) unparsed);
    ResultsEnvelope.Builder envelope = ResultsEnvelope.forRun("clarq-toa-results", ToaResults.FORMAT_VERSION, NAME,
        end);
    if (pipeline != null) {
      envelope.promptPackOf(ModelRole.ASKER, pipeline.asker()).promptPackOf(ModelRole.ORACLE, pipeline.oracle())
          .promptPackOf(ModelRole.PRIMARY, pipeline.primary());
    }
    ToaResults.write(result, end, bootstrap, envelope);
    return result;
  }

  static String digest(List<FlmExample> examples) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      for (FlmExample e : examples) {
        sha.update(FlmJsonl.toLine(e).getBytes(StandardCharsets.UTF_8));
        sha.update((byte) '\n');
      }
      return HexFormat.of().formatHex(sha.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }
}
