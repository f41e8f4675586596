package io.clarq.examples.cli.clariq;

import io.clarq.core.clariq.ClariqSplit;
import io.clarq.core.ir.FScoreFormula;
import io.clarq.datasets.clariq.OfficialEvalFiles;
import io.clarq.eval.clariq.ClariqEvaluator;
import io.clarq.eval.clariq.ClariqReport;
import io.clarq.eval.clariq.ClariqTask;
import io.clarq.examples.cli.DataDefaults;
import io.clarq.examples.cli.ParsingConverter;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code clarq clariq eval}: the official ClariQ evaluation, line for line. */
@Command(
    name = "eval",
    mixinStandardHelpOptions = true,
    description = {
      "Evaluates a ClariQ run; the output is line for line the official clariq_eval_tool.py's.",
      "A malformed run (header line, leading space, tabs, wrong column count, labels outside 1-4, unknown topic"
          + " ids) is an error naming the line, unless --lenient asks for the official tool's behaviour.",
      "A ranking run without its run tag (5 columns) is scored as the official tool scores it, with a warning."
    })
public final class ClariqEvalCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--task", paramLabel = "TASK", required = true, converter = TaskConverter.class,
      description = "clarification_need, question_relevance or document_relevance")
  ClariqTask task;

  @Option(names = "--split", paramLabel = "train|dev|test", defaultValue = "dev", converter = SplitConverter.class,
      description = "train, dev or test (test reads test_with_labels.tsv); default ${DEFAULT-VALUE}")
  ClariqSplit split;

  @Option(names = "--data", paramLabel = "DIR", description = "The ClariQ data directory (train.tsv, dev.tsv, ...). Default: clariq in the data directory (clarq data"
          + " fetch clariq).")
  Path data;

  @Option(names = "--run", paramLabel = "FILE", required = true, description = "the run file")
  Path run;

  @Option(names = "--per-topic", paramLabel = "FILE", description = "also write per-topic (per-facet) values as JSON, like --out_file")
  Path perTopic;

  @Option(names = "--json", description = "print the means as one JSON object instead of the official lines")
  boolean json;

  @Option(names = "--lenient", description = "read the run as the official tool does (silently scoring what it"
      + " silently scores) instead of rejecting malformed lines")
  boolean lenient;

  @Option(names = "--f1-formula", paramLabel = "counts|pr", defaultValue = "counts", converter = FormulaConverter.class,
      description = "clarification_need: counts (per-class F = 2tp/(true+pred), scikit-learn >= 1.3, what the official"
          + " tool prints today) or pr (F = 2PR/(P+R), scikit-learn < 1.3, what it printed in the ClariQ challenge);"
          + " default ${DEFAULT-VALUE}")
  FScoreFormula f1Formula;

  @Option(names = "--table", paramLabel = "FILE", description = "document_relevance: the official table as JSON "
      + "(metric -> facet -> question -> {no_answer, with_answer})")
  Path table;

  @Override
  public Integer call() {
    data = DataDefaults.orFetched(spec, data, "--data", "clariq", "");
    if (perTopic != null && task == ClariqTask.CLARIFICATION_NEED) {
      throw new CommandLine.ParameterException(spec.commandLine(),
          "--per-topic is not available for clarification_need (the official tool writes no per-topic values)");
    }
    ClariqReport report = ClariqEvaluator.evaluate(data, task, split, run, lenient, table, f1Formula);
    PrintWriter err = spec.commandLine().getErr();
    report.warnings().forEach(w -> err.println("warning: " + w));
    err.flush();
    PrintWriter out = spec.commandLine().getOut();
    if (json) {
      out.println(report.meansJson());
    } else {
      report.officialLines().forEach(out::println);
    }
    out.flush();
    if (perTopic != null) {
      OfficialEvalFiles.writePerTopic(perTopic, report.perItem());
    }
    return 0;
  }

  /** Parses {@code --task}. */
  static final class TaskConverter extends ParsingConverter<ClariqTask> {
    TaskConverter() {
      super(ClariqTask::parse);
    }
  }

  /** Parses {@code --f1-formula}. */
  static final class FormulaConverter extends ParsingConverter<FScoreFormula> {
    FormulaConverter() {
      super(FScoreFormula::parse);
    }
  }

  /** Parses {@code --split}. */
  static final class SplitConverter extends ParsingConverter<ClariqSplit> {
    SplitConverter() {
      super(ClariqSplit::parse);
    }
  }
}
