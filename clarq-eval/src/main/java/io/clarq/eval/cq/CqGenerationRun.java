package io.clarq.eval.cq;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.cq.CqExample;
import io.clarq.core.cq.CqGeneration;
import io.clarq.core.cq.CqOverlap;
import io.clarq.core.cq.OverlapConvention;
import io.clarq.core.cq.OverlapReport;
import io.clarq.core.cq.OverlapScores;
import io.clarq.core.cq.QuestionGenerator;
import io.clarq.core.cq.TemplateWords;
import io.clarq.core.llm.LlmException;
import io.clarq.datasets.cq.CqGenerationFile;
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
import java.util.Map;
import java.util.Objects;

/**
 * Generates one clarifying question per example on the run kernel ({@link RunKernel}): the output directory holds
 * {@code run-config.json}, {@value #LOG} (one question a line, forced to disk as it is made), and at the end
 * {@code results.json}, {@code summary.md} and {@code report.html} (overlap with the reference questions, when they
 * are references: {@link CqReportPage}). A
 * rerun resumes, other settings are refused, a second writer is refused, {@code --shard} and {@link #merge} work as
 * for every benchmark.
 */
public final class CqGenerationRun {
  /** The item log: one generated question a line ({@link CqGenerationFile}'s format). */
  public static final String LOG = "generations.jsonl";
  static final String NAME = "cq-generate";

  /**
   * A finished generation run.
   *
   * @param generations one per example, in the examples' order
   * @param resumed generations read back from an earlier run
   * @param output the output directory
   */
  public record Result(List<CqGeneration> generations, int resumed, Path output) {
    public Result {
      generations = List.copyOf(generations);
      Objects.requireNonNull(output, "output");
    }
  }

  private CqGenerationRun() {}

  /**
   * Runs (or resumes) the generator over the examples.
   *
   * @param examples every example of the run (all shards'), in order, each id once
   * @param generator the generator (thread-safe when the plan's concurrency is above 1)
   * @param settings what else decides the questions (the generator's options, the split), recorded and checked on
   *     resume beside the generator's name
   * @param scoreOverlap whether the examples' references are reference questions to score the overlap against
   * @throws io.clarq.eval.kernel.RunStopped at the first model failure, naming the example; finished ones are kept
   */
  public static Result run(List<CqExample> examples, QuestionGenerator generator, Map<String, String> settings,
      boolean scoreOverlap, RunKernel.Plan plan, ItemListener<CqExample, CqGeneration> listener)
      throws InterruptedException {
    return run(examples, generator, settings, Map.of(), scoreOverlap, plan, listener);
  }

  /**
   * Runs (or resumes) the generator, naming the models behind it in the results ({@code models}, by role: the
   * generator, and a judge ranking its candidates).
   */
  public static Result run(List<CqExample> examples, QuestionGenerator generator, Map<String, String> settings,
      Map<ModelRole, ModelRef> models, boolean scoreOverlap, RunKernel.Plan plan,
      ItemListener<CqExample, CqGeneration> listener) throws InterruptedException {
    Objects.requireNonNull(generator, "generator");
    return RunKernel.run(new Generation(generator, settings, RecordedModels.record(models), scoreOverlap), examples,
        plan, listener);
  }

  /** Joins the shards of one generation run into {@code out} (the one merge, {@link RunKernel#merge}: empty when {@code out} already holds it). */
  public static ShardMerge.Merged<Result> merge(List<CqExample> examples, List<Path> shards, Path out, boolean scoreOverlap) {
    return RunKernel.merge(new Generation(null, Map.of(), Map.of(), scoreOverlap), examples, shards, out);
  }

  /** The benchmark: an item is an example, its record the generated question. */
  private record Generation(QuestionGenerator generator, Map<String, String> extra, Map<String, String> recorded,
      boolean scoreOverlap)
      implements Benchmark<CqExample, CqGeneration, Result> {
    @Override
    public String name() {
      return NAME;
    }

    @Override
    public String logFile() {
      return LOG;
    }

    @Override
    public String key(CqExample example) {
      return example.id();
    }

    @Override
    public String recordKey(CqGeneration g) {
      return g.example().id();
    }

    @Override
    public String toLine(CqGeneration g) {
      return CqGenerationFile.toJson(g);
    }

    @Override
    public CqGeneration fromLine(String line, String where) {
      return CqGenerationFile.fromLine(line, where);
    }

    @Override
    public RunSettings settings(List<CqExample> selection) {
      Map<String, String> s = new LinkedHashMap<>();
      s.put("generator", generator.name());
      s.putAll(extra);
      // no digest of the examples: a rerun with a larger --limit resumes (every record must still be an example)
      return new RunSettings(NAME, s, recorded);
    }

    @Override
    public CqGeneration play(CqExample e, RunLog log) throws LlmException {
      try {
        return new CqGeneration(e, io.clarq.eval.kernel.ItemUsage.inRole(
            ModelRole.GENERATOR.key(), () -> generator.generate(e.request())));
      } catch (LlmException ex) {
        throw new LlmException("example " + e.id() + " (topic " + e.request().topicId() + "): " + ex.getMessage(),
            ex);
      }
    }

    @Override
    public Result finish(RunEnd<CqExample, CqGeneration> end) {
      List<CqGeneration> generations = List.copyOf(end.records().values());
      ObjectNode figures = CqResults.newObject();
      long satisfied = generations.stream().filter(g -> g.generated().facetSatisfied()).count();
      figures.put("questions", generations.size()).put("facet_satisfied", satisfied);
      StringBuilder md = new StringBuilder("# Clarifying questions generated\n\n").append(generations.size())
          .append(" questions, ").append(satisfied).append(" holding every facet word.\n\n");
      if (scoreOverlap) {
        List<String> hyps = generations.stream().map(g -> g.generated().question()).toList();
        List<String> refs = generations.stream().map(g -> g.example().reference()).toList();
        md.append("| | tokenization | corpus BLEU-4 | sentence BLEU-4 | ROUGE-L |\n|---|---|---:|---:|---:|\n");
        for (OverlapConvention c : OverlapConvention.values()) {
          OverlapReport r = CqOverlap.report(hyps, refs, TemplateWords.DEFAULT, c);
          ObjectNode co = figures.withArray("overlap").addObject().put("bleu_tokenizer", c.bleuTokenizer())
              .put("rouge_tokenizer", c.rougeTokenizer()).put("convention", c.describe());
          overlap(co.putObject("with_template_words"), r.withTemplateWords(), md, "with template words");
          overlap(co.putObject("without_template_words"), r.withoutTemplateWords(), md, "without template words");
        }
      }
      CqResults.write(end, NAME, ModelRole.GENERATOR, generator, figures, Map.of(), md.toString());
      if (scoreOverlap) {
        CqReportPage.write(end.output(), generations, List.of(), end.settings().values(), end.log().deviations());
      }
      return new Result(generations, end.resumed(), end.output());
    }

    private static void overlap(ObjectNode o, OverlapScores s, StringBuilder md, String label) {
      o.put("corpus_bleu4", s.corpusBleu4()).put("sentence_bleu4", s.sentenceBleu4()).put("rouge_l", s.rougeL());
      md.append(String.format(java.util.Locale.ROOT, "| %s | %s / %s | %.4f | %.4f | %.4f |%n", label,
          s.convention().bleuTokenizer(), s.convention().rougeTokenizer(), s.corpusBleu4(), s.sentenceBleu4(),
          s.rougeL()));
    }
  }
}
