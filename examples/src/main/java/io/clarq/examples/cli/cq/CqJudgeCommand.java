package io.clarq.examples.cli.cq;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.cq.CqGeneration;
import io.clarq.core.cq.CqJudgement;
import io.clarq.core.cq.Grade;
import io.clarq.core.cq.HumanRating;
import io.clarq.core.cq.RubricAgreement;
import io.clarq.core.cq.RubricOutcome;
import io.clarq.core.cq.RubricScale;
import io.clarq.core.cq.RubricSummary;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmSpec;
import io.clarq.datasets.cq.CqGenerationFile;
import io.clarq.datasets.cq.HumanRatingsFile;
import io.clarq.datasets.cq.RubricRatingFile;
import io.clarq.datasets.jsonl.JsonLines;
import io.clarq.eval.cq.CqGenerationRun;
import io.clarq.eval.cq.CqJudgeRun;
import io.clarq.eval.cq.LlmRubricJudge;
import io.clarq.eval.kernel.RunKernel;
import io.clarq.eval.kernel.Shard;
import io.clarq.examples.cli.LlmOptions;
import io.clarq.examples.cli.OldOptionNames;
import io.clarq.examples.cli.ProgressLine;
import io.clarq.examples.cli.ShardOptions;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import java.util.function.Consumer;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code clarq cq judge}: rates generated questions on naturalness and usefulness, prints Good/Fair/Bad shares. */
@Command(
    name = "judge",
    mixinStandardHelpOptions = true,
    description = "Rates the questions of a generation file (from clarq cq generate) on naturalness and usefulness, "
        + "Good / Fair / Bad with a short reason, against each row's reference question, and prints the shares per "
        + "scale. Replies that cannot be read are recorded as unparsed and counted apart. With --ratings, also "
        + "reports the judge's agreement with people's ratings: exact agreement and Cohen's kappa per scale.")
public final class CqJudgeCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--in", required = true, paramLabel = "DIR|FILE",
      description = "the generations: a cq generate run directory, or its generations.jsonl")
  Path in;

  @Option(names = "--judge", required = true, paramLabel = "SPEC",
      description = "the judge model: openai:MODEL (with --base-url for any OpenAI-compatible server)")
  String judge;

  @Option(names = "--out", required = true, paramLabel = "DIR",
      description = "The run directory: judgements.jsonl (every rating with its reason), run-config.json,"
          + " results.json and summary.md. A rerun into it keeps the ratings there and rates only the rest; another"
          + " judge or other questions are refused, and so is a second writer.")
  Path out;

  @CommandLine.Mixin ShardOptions sharding;

  /** The old flag asking to resume, still accepted: a rerun resumes by itself now. */
  @Option(names = "--resume", hidden = true)
  boolean resume;

  @Option(names = "--concurrency", defaultValue = "1", paramLabel = "N",
      description = "Questions rated at once. Default: ${DEFAULT-VALUE}.")
  int threads;

  /** The old name of {@code --concurrency}, taken exactly like it (same checks); not both. */
  @Option(names = "--threads", hidden = true, paramLabel = "N")
  Integer oldThreads;

  @Option(names = "--json", description = "print the shares as JSON")
  boolean json;

  @Option(names = "--ratings", paramLabel = "FILE",
      description = "people's Good/Fair/Bad ratings of the same questions (JSONL: id, naturalness, usefulness,"
          + " optionally question) to measure the judge's agreement with")
  Path ratings;

  @Option(names = "--dry-run", description = "Call no model and write nothing: print the judge's calls, tokens and"
      + " cost (with --prices) for the questions, its prompts rendered without a model.")
  boolean dryRun;

  /** What the last {@code --dry-run} of this command forecast. */
  private io.clarq.eval.clarqllm.RunForecast dryRunForecast;

  @Mixin LlmOptions llm;

  /** The forecast the last {@code --dry-run} of this command printed; empty before one. */
  public java.util.Optional<io.clarq.eval.clarqllm.RunForecast> dryRunForecast() {
    return java.util.Optional.ofNullable(dryRunForecast);
  }

  @Override
  public Integer call() throws Exception {
    threads = OldOptionNames.resolve(spec, "--concurrency", threads, "--threads", oldThreads);
    if (threads < 1) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--concurrency " + threads + ": must be at least 1");
    }
    LlmSpec judgeSpec = llm.spec(spec.commandLine(), "--judge", judge);
    llm.alsoTell(io.clarq.eval.kernel.ItemUsage.listener());   // each question's judge usage, in the run's usage
    if (Files.isDirectory(in)) {
      in = in.resolve(CqGenerationRun.LOG);
    }
    List<CqGeneration> generations = CqGenerationFile.read(in);
    List<HumanRating> human = ratings == null ? List.of() : humanRatings(generations);
    Shard shard = sharding.shard(spec.commandLine());
    out = ShardOptions.out(spec.commandLine(), "--out", out, shard);
    List<CqJudgement> judgements;
    if (dryRun) {
      io.clarq.eval.clarqllm.RenderedCalls rendered = new io.clarq.eval.clarqllm.RenderedCalls();
      llm.renderInto(rendered);
      dryRunForecast = io.clarq.eval.cq.CqForecast.judging(LlmRubricJudge.builder(llm.client(spec.commandLine(),
          "--judge", judge)).name("llm:" + judgeSpec).build(), shard.of(generations), rendered, judgeSpec.model());
      spec.commandLine().getOut().print(io.clarq.eval.clarqllm.ForecastTable.table(dryRunForecast, llm.prices(), "questions"));
      spec.commandLine().getOut().flush();
      return 0;
    }
    try (LlmClient client = llm.client(spec.commandLine(), "--judge", judge)) {
      CqJudgeRun.Result r = CqJudgeRun.run(generations,
          LlmRubricJudge.builder(client).name("llm:" + judgeSpec).build(),
          java.util.Map.of(io.clarq.eval.results.ModelRole.JUDGE, io.clarq.eval.results.ModelRef.of(judgeSpec)),
          new RunKernel.Plan(out, shard, threads, "clarq-cq-judge"),
          ProgressLine.listener(spec.commandLine().getErr(), "cq judge: questions"));
      if (r.resumed() > 0) {
        spec.commandLine().getErr().println("cq judge: resumed " + out + ", " + r.resumed() + " ratings kept");
      }
      judgements = r.judgements();
    }
    RubricAgreement agreement = null;
    if (ratings != null) {
      Map<String, RubricOutcome> byId = new HashMap<>();
      judgements.forEach(j -> byId.put(j.id(), j.outcome()));
      agreement = RubricAgreement.of(human, byId);
    }
    print(RubricSummary.of(judgements.stream().map(CqJudgement::outcome).toList()), "llm:" + judgeSpec, agreement);
    return 0;
  }

  /** The people's ratings, each for a question of the generation file (checked before any model call). */
  private List<HumanRating> humanRatings(List<CqGeneration> generations) {
    Map<String, String> questions = new HashMap<>();
    generations.forEach(g -> questions.put(g.example().id(), g.generated().question()));
    List<HumanRating> human = HumanRatingsFile.read(ratings);
    for (HumanRating h : human) {
      String q = questions.get(h.id());
      if (q == null) {
        throw new IllegalArgumentException("human ratings file " + ratings + ": id " + h.id() + " is not in " + in);
      }
      if (h.question().isPresent() && !h.question().get().equals(q)) {
        throw new IllegalArgumentException("human ratings file " + ratings + ": id " + h.id() + " rates \""
            + h.question().get() + "\", but " + in + " asks \"" + q + "\"");
      }
    }
    return human;
  }

  private void print(RubricSummary s, String judgeName, RubricAgreement agreement) {
    PrintWriter w = spec.commandLine().getOut();
    if (json) {
      StringBuilder b = new StringBuilder();
      b.append(String.format(Locale.ROOT, "{\"judge\":\"%s\",\"questions\":%d,\"unparsed\":%d",
          judgeName.replace("\\", "\\\\").replace("\"", "\\\""), s.total(), s.unparsed()));
      for (RubricScale scale : RubricScale.values()) {
        b.append(",\"").append(scale.key()).append("\":{");
        for (Grade g : Grade.values()) {
          b.append(g == Grade.GOOD ? "" : ",").append(String.format(Locale.ROOT, "\"%s\":%s",
              g.label().toLowerCase(Locale.ROOT), s.share(scale, g)));
        }
        b.append('}');
      }
      if (agreement != null) {
        b.append(",\"agreement\":").append(agreementJson(agreement));
      }
      w.println(b.append('}'));
    } else {
      w.printf(Locale.ROOT, "%d questions rated by %s (%d unparsed)%n", s.total(), judgeName, s.unparsed());
      w.printf(Locale.ROOT, "%-12s %7s %7s %7s %9s%n", "", "Good", "Fair", "Bad", "unparsed");
      for (RubricScale scale : RubricScale.values()) {
        w.printf(Locale.ROOT, "%-12s %7.4f %7.4f %7.4f %9.4f%n", scale.key(), s.share(scale, Grade.GOOD),
            s.share(scale, Grade.FAIR), s.share(scale, Grade.BAD), s.unparsedShare());
      }
      if (agreement != null) {
        w.printf(Locale.ROOT, "agreement with %d human ratings (%s): %d compared, %d not judged, %d unparsed by the"
            + " judge%n", agreement.humanRatings(), ratings, agreement.on(RubricScale.NATURALNESS).compared(),
            agreement.notJudged(), agreement.judgeUnparsed());
        w.printf(Locale.ROOT, "%-12s %7s %7s%n", "", "exact", "kappa");
        for (RubricScale scale : RubricScale.values()) {
          RubricAgreement.ScaleAgreement a = agreement.on(scale);
          w.printf(Locale.ROOT, "%-12s %7s %7s%n", scale.key(), format(a.exact()), format(a.kappa()));
        }
      }
    }
    w.flush();
  }

  private static String format(OptionalDouble v) {
    return v.isPresent() ? String.format(Locale.ROOT, "%.4f", v.getAsDouble()) : "n/a";
  }

  private static String agreementJson(RubricAgreement a) {
    ObjectNode o = JsonLines.newObject();
    o.put("human_ratings", a.humanRatings()).put("not_judged", a.notJudged()).put("judge_unparsed",
        a.judgeUnparsed());
    for (RubricScale scale : RubricScale.values()) {
      RubricAgreement.ScaleAgreement sa = a.on(scale);
      ObjectNode so = o.putObject(scale.key()).put("compared", sa.compared());
      put(so, "exact", sa.exact());
      put(so, "kappa", sa.kappa());
    }
    return o.toString();
  }

  private static void put(ObjectNode o, String key, OptionalDouble v) {
    if (v.isPresent()) {
      o.put(key, v.getAsDouble());
    } else {
      o.putNull(key);
    }
  }
}
