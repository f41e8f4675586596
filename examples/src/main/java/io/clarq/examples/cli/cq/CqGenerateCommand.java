package io.clarq.examples.cli.cq;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.cq.CqExample;
import io.clarq.core.cq.CqGeneration;
import io.clarq.core.cq.CqOverlap;
import io.clarq.core.cq.OverlapConvention;
import io.clarq.core.cq.OverlapReport;
import io.clarq.core.cq.OverlapScores;
import io.clarq.core.cq.QuestionGenerator;
import io.clarq.core.cq.TemplateWords;
import io.clarq.core.llm.batch.BatchPasses;
import io.clarq.datasets.cq.CqGenerationFile;
import io.clarq.datasets.cq.FkwDataset;
import io.clarq.datasets.cq.FkwSplit;
import io.clarq.datasets.jsonl.JsonLines;
import io.clarq.eval.cq.CqGenerationRun;
import io.clarq.eval.kernel.RunKernel;
import io.clarq.eval.kernel.Shard;
import io.clarq.examples.cli.DataDefaults;
import io.clarq.examples.cli.OldOptionNames;
import io.clarq.examples.cli.ProgressLine;
import io.clarq.examples.cli.ShardOptions;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code clarq cq generate}: one question per ClariQ-FKw row, written as JSONL, scored by BLEU-4 and ROUGE-L. */
@Command(
    name = "generate",
    mixinStandardHelpOptions = true,
    description = "Generates one clarifying question per ClariQ-FKw (request, facet) row, writes them as JSON Lines "
        + "and prints BLEU-4 and ROUGE-L against the reference questions, with and without template words, in two "
        + "tokenizations: sacreBLEU's 13a with rouge-score's tokenizer (the toolkits' defaults), and clarq's own.")
public final class CqGenerateCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--data", paramLabel = "DIR",
      description = "The ClariQ-FKw directory (holding ClariQ-FKw.tsv.train/.dev) or one split file. Default:"
          + " clariq-fkw in the data directory (clarq data fetch clariq-fkw).")
  Path data;

  @Option(names = "--split", defaultValue = "dev", paramLabel = "SPLIT",
      description = "train or dev (default: ${DEFAULT-VALUE})")
  String split;

  @CommandLine.Mixin public CqGeneratorOptions generatorOptions;

  @Option(names = "--out", required = true, paramLabel = "DIR",
      description = "The run directory: generations.jsonl (one question a line), run-config.json, results.json and"
          + " summary.md. A rerun into it keeps the questions there and generates only the rest; other settings are"
          + " refused, and so is a second writer.")
  Path out;

  @CommandLine.Mixin ShardOptions sharding;

  /** The old flag asking to resume, still accepted: a rerun resumes by itself now. */
  @Option(names = "--resume", hidden = true)
  boolean resume;

  @Option(names = "--limit", paramLabel = "N", description = "only the first N rows")
  Integer limit;

  @Option(names = "--concurrency", defaultValue = "1", paramLabel = "N",
      description = "Rows generated at once. Default: ${DEFAULT-VALUE}.")
  int threads;

  /** The old name of {@code --concurrency}, taken exactly like it (same checks); not both. */
  @Option(names = "--threads", hidden = true, paramLabel = "N")
  Integer oldThreads;

  @Option(names = "--batch", description = "Generate through the provider's batch API (openai: or anthropic:; half"
      + " price, answered within 24 hours): each pass asks every row's next question until one waits for its answer,"
      + " then one batch per model goes out with the waiting calls. The batches are kept in batch-generator.json"
      + " (and batch-rank-judge.json) in --out, so a killed command polls the same batch when started again.")
  boolean batch;

  @Option(names = "--dry-run", description = "Call no model and write nothing: print the calls, tokens and cost (with"
      + " --prices; the batch price with --batch) of the generator and the rank judge for the selected rows, the"
      + " generator run on each row with clients that render its requests without a model.")
  boolean dryRun;

  /** What the last {@code --dry-run} of this command forecast, for a caller that sums several ({@code clarq suite}). */
  private io.clarq.eval.clarqllm.RunForecast dryRunForecast;

  @Option(names = "--json", description = "print the scores as JSON")
  boolean json;

  @Override
  public Integer call() throws Exception {
    data = DataDefaults.orFetched(spec, data, "--data", "clariq-fkw", "");
    FkwSplit s = parse(() -> FkwSplit.parse(split));
    if (limit != null && limit < 1) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--limit must be positive, got " + limit);
    }
    threads = OldOptionNames.resolve(spec, "--concurrency", threads, "--threads", oldThreads);
    if (threads < 1) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--concurrency " + threads + ": must be at least 1");
    }
    if (batch) {
      generatorOptions.checkBatch(spec.commandLine());
    }
    List<AutoCloseable> opened = new ArrayList<>();
    try {
      Shard shard = sharding.shard(spec.commandLine());
      out = ShardOptions.out(spec.commandLine(), "--out", out, shard);
      java.util.function.Consumer<String> progress = line -> {
        spec.commandLine().getErr().println("cq generate: " + line);
        spec.commandLine().getErr().flush();
      };
      io.clarq.eval.clarqllm.RenderedCalls rendered = new io.clarq.eval.clarqllm.RenderedCalls();
      if (dryRun) {
        generatorOptions.llm.renderInto(rendered);
      }
      java.util.Optional<CqGeneratorOptions.Batches> batches = batch && !dryRun ? java.util.Optional.of(
          new CqGeneratorOptions.Batches(out, new ArrayList<>(), progress)) : java.util.Optional.empty();
      QuestionGenerator gen = parse(() -> generatorOptions.open(spec.commandLine(), opened, batches));
      List<CqExample> examples = FkwDataset.load(data, s);
      if (limit != null && limit < examples.size()) {
        examples = examples.subList(0, limit);
      }
      if (dryRun) {
        dryRunForecast = generatorOptions.forecast(spec.commandLine(), gen, shard.of(examples).stream()
            .map(CqExample::request).toList(), rendered, batch);
        spec.commandLine().getOut().print(io.clarq.eval.clarqllm.ForecastTable.table(dryRunForecast,
            generatorOptions.llm.prices(), "facet requests"));
        spec.commandLine().getOut().flush();
        return 0;
      }
      java.util.Map<String, String> settings = generatorOptions.settings();
      settings.put("split", s.name().toLowerCase(Locale.ROOT));
      RunKernel.Plan plan = new RunKernel.Plan(out, shard, threads, "clarq-cq-generate");
      java.util.Optional<BatchPasses> passes = batches.map(b -> BatchPasses.of(b.clients(), progress));
      if (passes.isPresent()) {
        plan = plan.withBatches(passes.get());
      }
      CqGenerationRun.Result r = CqGenerationRun.run(examples, gen, settings,
          generatorOptions.models(spec.commandLine()), true, plan,
          ProgressLine.listener(spec.commandLine().getErr(), "cq generate: rows"));
      passes.ifPresent(p -> p.summary(generatorOptions.llm.prices()).forEach(line -> spec.commandLine().getErr()
          .println("cq generate: " + line)));
      if (r.resumed() > 0) {
        spec.commandLine().getErr().println("cq generate: resumed " + out + ", " + r.resumed() + " questions kept");
      }
      print(r.generations());
      return 0;
    } finally {
      CqCommand.closeAll(opened);
    }
  }

  /** The forecast the last {@code --dry-run} of this command printed; empty before one (or after a real run). */
  public java.util.Optional<io.clarq.eval.clarqllm.RunForecast> dryRunForecast() {
    return java.util.Optional.ofNullable(dryRunForecast);
  }

  private <T> T parse(java.util.function.Supplier<T> parser) {
    try {
      return parser.get();
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage(), e);
    }
  }

  private void print(List<CqGeneration> generations) {
    List<String> hyps = generations.stream().map(g -> g.generated().question()).toList();
    List<String> refs = generations.stream().map(g -> g.example().reference()).toList();
    long satisfied = generations.stream().filter(g -> g.generated().facetSatisfied()).count();
    PrintWriter w = spec.commandLine().getOut();
    if (json) {
      ObjectNode o = JsonLines.newObject();
      o.put("questions", generations.size()).put("facet_satisfied", satisfied);
      ArrayNode overlap = o.putArray("overlap");
      for (OverlapConvention c : OverlapConvention.values()) {
        OverlapReport r = CqOverlap.report(hyps, refs, TemplateWords.DEFAULT, c);
        ObjectNode co = overlap.addObject().put("bleu_tokenizer", c.bleuTokenizer())
            .put("rouge_tokenizer", c.rougeTokenizer()).put("convention", c.describe());
        json(co.putObject("with_template_words"), r.withTemplateWords());
        json(co.putObject("without_template_words"), r.withoutTemplateWords());
      }
      w.println(o);
    } else {
      w.printf(Locale.ROOT, "%d questions written to %s (%d contain every facet word)%n", generations.size(),
          out.resolve(CqGenerationRun.LOG), satisfied);
      w.printf(Locale.ROOT, "%-24s %-19s %14s %16s %8s%n", "", "tokenization", "corpus BLEU-4", "sentence BLEU-4",
          "ROUGE-L");
      for (OverlapConvention c : OverlapConvention.values()) {
        OverlapReport r = CqOverlap.report(hyps, refs, TemplateWords.DEFAULT, c);
        row(w, "with template words", r.withTemplateWords());
        row(w, "without template words", r.withoutTemplateWords());
      }
      for (OverlapConvention c : OverlapConvention.values()) {
        w.printf(Locale.ROOT, "%s: %s%n", tokenization(c), c.describe());
      }
    }
    w.flush();
  }

  private static String tokenization(OverlapConvention c) {
    return c.bleuTokenizer().equals(c.rougeTokenizer()) ? c.bleuTokenizer()
        : c.bleuTokenizer() + " / " + c.rougeTokenizer();
  }

  private static void row(PrintWriter w, String label, OverlapScores s) {
    w.printf(Locale.ROOT, "%-24s %-19s %14.4f %16.4f %8.4f%n", label, tokenization(s.convention()), s.corpusBleu4(),
        s.sentenceBleu4(), s.rougeL());
  }

  private static void json(ObjectNode o, OverlapScores s) {
    o.put("corpus_bleu4", s.corpusBleu4()).put("sentence_bleu4", s.sentenceBleu4()).put("rouge_l", s.rougeL());
  }
}
