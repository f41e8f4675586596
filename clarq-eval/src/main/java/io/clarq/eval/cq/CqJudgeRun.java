package io.clarq.eval.cq;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.cq.CqGeneration;
import io.clarq.core.cq.CqJudgement;
import io.clarq.core.cq.Grade;
import io.clarq.core.cq.RubricJudge;
import io.clarq.core.cq.RubricScale;
import io.clarq.core.cq.RubricSummary;
import io.clarq.core.llm.LlmException;
import io.clarq.datasets.cq.RubricRatingFile;
import io.clarq.eval.kernel.Benchmark;
import io.clarq.eval.kernel.ItemListener;
import io.clarq.eval.kernel.RunEnd;
import io.clarq.eval.kernel.RunKernel;
import io.clarq.eval.kernel.RunLog;
import io.clarq.eval.kernel.RunSettings;
import io.clarq.eval.kernel.ShardMerge;
import io.clarq.eval.results.ModelRef;
import io.clarq.eval.results.ModelRole;
import io.clarq.eval.results.RecordedModels;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Rates generated questions with a rubric judge against their reference questions, on the run kernel: the output
 * directory holds {@code run-config.json}, {@value #LOG} (one rating a line, unparsed replies kept with their raw
 * text), and at the end {@code results.json}, {@code summary.md} (Good / Fair / Bad shares per scale, unparsed
 * counted apart) and {@code report.html} ({@link CqReportPage}: each question beside its reference, with its
 * rating). The settings hold a digest of the questions, so a regenerated question is never resumed with the rating
 * of the old one.
 */
public final class CqJudgeRun {
  /** The item log: one rating a line ({@link RubricRatingFile}'s format). */
  public static final String LOG = "judgements.jsonl";
  static final String NAME = "cq-judge";

  /**
   * A finished judging run.
   *
   * @param judgements one per generated question, in order
   * @param summary the shares per scale
   * @param resumed ratings read back from an earlier run
   * @param output the output directory
   */
  public record Result(List<CqJudgement> judgements, RubricSummary summary, int resumed, Path output) {
    public Result {
      judgements = List.copyOf(judgements);
      Objects.requireNonNull(summary, "summary");
      Objects.requireNonNull(output, "output");
    }
  }

  private CqJudgeRun() {}

  /**
   * Rates (or resumes rating) the questions.
   *
   * @throws io.clarq.eval.kernel.RunStopped at the first model failure, naming the example; finished ones are kept
   */
  public static Result run(List<CqGeneration> generations, RubricJudge judge, RunKernel.Plan plan,
      ItemListener<CqGeneration, CqJudgement> listener) throws InterruptedException {
    return run(generations, judge, Map.of(), plan, listener);
  }

  /** Rates (or resumes rating) the questions, naming the judge's model in the results ({@code models}). */
  public static Result run(List<CqGeneration> generations, RubricJudge judge, Map<ModelRole, ModelRef> models,
      RunKernel.Plan plan, ItemListener<CqGeneration, CqJudgement> listener) throws InterruptedException {
    Objects.requireNonNull(judge, "judge");
    return RunKernel.run(new Judging(judge, RecordedModels.record(models)), generations, plan, listener);
  }

  /** Joins the shards of one judging run into {@code out} (the one merge, {@link RunKernel#merge}: empty when {@code out} already holds it). */
  public static ShardMerge.Merged<Result> merge(List<CqGeneration> generations, List<Path> shards, Path out) {
    return RunKernel.merge(new Judging(null, Map.of()), generations, shards, out);
  }

  /** The benchmark: an item is a generated question, its record the judge's rating. */
  private record Judging(RubricJudge judge, Map<String, String> recorded) implements Benchmark<CqGeneration, CqJudgement, Result> {
    @Override
    public String name() {
      return NAME;
    }

    @Override
    public String logFile() {
      return LOG;
    }

    @Override
    public String key(CqGeneration g) {
      return g.example().id();
    }

    @Override
    public String recordKey(CqJudgement j) {
      return j.id();
    }

    @Override
    public String toLine(CqJudgement j) {
      return RubricRatingFile.toJson(j);
    }

    @Override
    public CqJudgement fromLine(String line, String where) {
      return RubricRatingFile.fromLine(line, where);
    }

    @Override
    public RunSettings settings(List<CqGeneration> selection) {
      Map<String, String> s = new LinkedHashMap<>();
      s.put("judge", judge.name());
      s.put("questions", String.valueOf(selection.size()));
      s.put("questions_digest", CqResults.digest(selection.stream().map(g -> g.example().id() + '\u0000'
          + g.generated().question() + '\u0000' + g.example().reference()).toList()));
      return new RunSettings(NAME, s, recorded);
    }

    @Override
    public CqJudgement play(CqGeneration g, RunLog log) throws LlmException {
      try {
        return new CqJudgement(g.example().id(), g.generated().question(), judge.name(),
            io.clarq.eval.kernel.ItemUsage.inRole(ModelRole.JUDGE.key(),
            () -> judge.rate(g.example(), g.generated().question())));
      } catch (LlmException ex) {
        throw new LlmException("example " + g.example().id() + ": " + ex.getMessage(), ex);
      }
    }

    @Override
    public Result finish(RunEnd<CqGeneration, CqJudgement> end) {
      List<CqJudgement> judgements = List.copyOf(end.records().values());
      RubricSummary summary = RubricSummary.of(judgements.stream().map(CqJudgement::outcome).toList());
      ObjectNode figures = CqResults.newObject().put("questions", summary.total());
      StringBuilder md = new StringBuilder("# Clarifying questions judged\n\n").append(summary.total())
          .append(" questions rated; ").append(summary.unparsed()).append(" replies could not be read (kept with "
          + "their raw text in ").append(LOG).append(").\n\n| scale | Good | Fair | Bad |\n|---|---:|---:|---:|\n");
      for (RubricScale scale : RubricScale.values()) {
        ObjectNode so = figures.putObject(scale.key());
        md.append("| ").append(scale.key());
        for (Grade g : Grade.values()) {
          so.put(g.label().toLowerCase(Locale.ROOT), summary.share(scale, g));
          md.append(String.format(Locale.ROOT, " | %.4f", summary.share(scale, g)));
        }
        md.append(" |\n");
      }
      CqResults.write(end, NAME, ModelRole.JUDGE, judge, figures, Map.of("unparsed", summary.unparsed()),
          md.toString());
      CqReportPage.write(end.output(), end.items(), judgements, end.settings().values(), end.log().deviations());
      return new Result(judgements, summary, end.resumed(), end.output());
    }
  }
}
