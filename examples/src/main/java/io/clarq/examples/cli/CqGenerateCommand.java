package io.clarq.examples.cli;

import io.clarq.core.cq.CqExample;
import io.clarq.core.cq.CqGeneration;
import io.clarq.core.cq.CqOverlap;
import io.clarq.core.cq.OverlapReport;
import io.clarq.core.cq.OverlapScores;
import io.clarq.core.cq.QuestionGenerator;
import io.clarq.datasets.fkw.CqGenerationFile;
import io.clarq.datasets.fkw.FkwDataset;
import io.clarq.datasets.jsonl.JsonLines;
import io.clarq.datasets.fkw.FkwSplit;
import io.clarq.eval.cq.CqGenerationRun;
import java.io.PrintWriter;
import java.nio.file.Files;
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
        + "and prints BLEU-4 and ROUGE-L against the reference questions, with and without template words.")
public final class CqGenerateCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--data", paramLabel = "DIR",
      description = "The ClariQ-FKw directory (holding ClariQ-FKw.tsv.train/.dev) or one split file. Default:"
          + " clariq-fkw in the data directory (clarq data fetch clariq-fkw).")
  Path data;

  @Option(names = "--split", defaultValue = "dev", paramLabel = "SPLIT",
      description = "train or dev (default: ${DEFAULT-VALUE})")
  String split;

  @CommandLine.Mixin CqGeneratorOptions generatorOptions;

  @Option(names = "--out", required = true, paramLabel = "FILE", description = "the JSONL file to write")
  Path out;

  @Option(names = "--resume", description = "keep the questions already in --out and generate only the rest")
  boolean resume;

  @Option(names = "--limit", paramLabel = "N", description = "only the first N rows")
  Integer limit;

  @Option(names = "--concurrency", defaultValue = "1", paramLabel = "N",
      description = "Rows generated at once. Default: ${DEFAULT-VALUE}.")
  int threads;

  /** The old name of {@code --concurrency}, still accepted. */
  @Option(names = "--threads", hidden = true, paramLabel = "N")
  void threads(int n) {
    threads = n;
  }

  @Option(names = "--json", description = "print the scores as JSON")
  boolean json;

  @Override
  public Integer call() throws Exception {
    data = DataDefaults.orFetched(spec, data, "--data", "clariq-fkw", "");
    FkwSplit s = parse(() -> FkwSplit.parse(split));
    if (limit != null && limit < 1) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--limit must be positive, got " + limit);
    }
    if (threads < 1) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--concurrency must be positive, got " + threads);
    }
    List<AutoCloseable> opened = new ArrayList<>();
    try {
      QuestionGenerator gen = parse(() -> generatorOptions.open(spec.commandLine(), opened));
      List<CqExample> examples = FkwDataset.load(data, s);
      if (limit != null && limit < examples.size()) {
        examples = examples.subList(0, limit);
      }
      List<CqGeneration> done = resume && Files.exists(out) ? CqGenerationFile.readForResume(out) : List.of();
      List<CqGeneration> generations;
      try (JsonLines.Appender<CqGeneration> appender = CqGenerationFile.open(out, resume)) {
        ProgressLine progress = new ProgressLine(spec.commandLine().getErr(), "cq generate: rows", examples.size(),
            done.size());
        generations = CqGenerationRun.run(examples, gen, done, threads, g -> {
          appender.write(g);
          progress.tick();
        });
      }
      print(generations);
      return 0;
    } finally {
      CqCommand.closeAll(opened);
    }
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
    OverlapReport r = CqOverlap.report(hyps, refs);
    long satisfied = generations.stream().filter(g -> g.generated().facetSatisfied()).count();
    PrintWriter w = spec.commandLine().getOut();
    if (json) {
      w.printf(Locale.ROOT, "{\"questions\":%d,\"facet_satisfied\":%d,\"with_template_words\":%s,"
          + "\"without_template_words\":%s}%n", generations.size(), satisfied, json(r.withTemplateWords()),
          json(r.withoutTemplateWords()));
    } else {
      w.printf(Locale.ROOT, "%d questions written to %s (%d contain every facet word)%n", generations.size(), out,
          satisfied);
      w.printf(Locale.ROOT, "%-24s %14s %16s %8s%n", "", "corpus BLEU-4", "sentence BLEU-4", "ROUGE-L");
      row(w, "with template words", r.withTemplateWords());
      row(w, "without template words", r.withoutTemplateWords());
    }
    w.flush();
  }

  private static void row(PrintWriter w, String label, OverlapScores s) {
    w.printf(Locale.ROOT, "%-24s %14.4f %16.4f %8.4f%n", label, s.corpusBleu4(), s.sentenceBleu4(), s.rougeL());
  }

  private static String json(OverlapScores s) {
    return String.format(Locale.ROOT, "{\"corpus_bleu4\":%s,\"sentence_bleu4\":%s,\"rouge_l\":%s}",
        s.corpusBleu4(), s.sentenceBleu4(), s.rougeL());
  }
}
