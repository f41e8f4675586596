package io.clarq.examples.cli.suite;

import io.clarq.core.llm.LlmClients;
import io.clarq.eval.clarqllm.ForecastTable;
import io.clarq.eval.clarqllm.RunForecast;
import io.clarq.eval.kernel.Shard;
import io.clarq.eval.suite.SuiteEntry;
import io.clarq.eval.suite.SuiteFile;
import io.clarq.eval.suite.SuiteRun;
import io.clarq.examples.cli.AgentSpecs;
import io.clarq.examples.cli.ClarqCommand;
import io.clarq.examples.cli.DataDefaults;
import io.clarq.examples.cli.LlmOptions;
import io.clarq.examples.cli.ShardOptions;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code clarq suite}: runs one asking agent on every entry of a suite, each as its benchmark's own run command into
 * the folder named by the entry's id (a CQ entry with a judge: generation, then the judge), records the suite whole in
 * {@code suite.json} and writes the scorecard when the run is whole and complete; resumable, shardable, with a
 * forecast and a model-free rehearsal.
 */
@Command(
    name = "suite",
    mixinStandardHelpOptions = true,
    header = "Runs one asking agent on every benchmark of a suite; resumable, shardable.",
    description = {
      "Runs the asking agent --agent on every entry of a suite (--suite FILE, default: clarq's built-in suite:"
          + " ClarQ-LLM test in English and Chinese, MediQ craft_md and 100 dev cases, TOA on FLM examples of HotpotQA"
          + " dev, question generation on ClariQ-FKw dev). Each entry runs as its benchmark's own command (clarq run,"
          + " clarq mediq run, clarq toa run, clarq cq generate) with the entry's settings and roles, into --out/ID, an"
          + " ordinary run folder of that benchmark; --out/suite.json records the suite as it ran and the agent. A CQ"
          + " entry with a judge generates into --out/ID/generation and then rates the questions with clarq cq judge"
          + " into --out/ID; without one (as in a rehearsal) it stays a generation run, listed as not judged.",
      "When every entry has finished, the suite writes --out/scorecard.json and scorecard.html (as clarq scorecard"
          + " does) and prints where; a shard writes none: the scorecard comes after the entries' merge.",
      "Rerun the same command to resume: each entry resumes its own run, so nothing is played twice. --rehearsal"
          + " plays every role with its model-free counterpart (entries with a role that has none are left out, and"
          + " said). The model options (--base-url, --llm-cache, ...) go to every entry where a model plays.",
      "Progress is printed to stderr, entry by entry."
    })
public final class SuiteCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--agent", required = true, paramLabel = "SPEC", description = AgentSpecs.DESCRIPTION
      + " It plays the asking role of every entry.")
  String agent;

  @Option(names = "--suite", paramLabel = "FILE", description = "The suite file (JSON; docs/suite.md,"
      + " docs/schemas/suite.schema.json). Default: clarq's built-in suite.")
  Path suiteFile;

  @Option(names = "--rehearsal", description = "The model-free rehearsal: every role (provider, judge, patient,"
      + " oracle) offline; an entry with a role that has no model-free counterpart (TOA's primary model) is left out.")
  boolean rehearsal;

  @Option(names = "--out", required = true, paramLabel = "DIR",
      description = "The suite's folder: suite.json and one run folder per entry, named by its id.")
  Path out;

  @Option(names = "--dry-run", description = "Call no model and write nothing: print each entry's forecast of calls,"
      + " tokens and cost (with --prices), as its benchmark's command prints it with --dry-run, then their sum per role"
      + " and model and the whole suite's total.")
  boolean dryRun;

  /** The folders a dry run made for TOA entries' FLM examples, removed when it ends. */
  private final List<Path> dryFolders = new ArrayList<>();

  @Mixin ShardOptions sharding;

  @Mixin LlmOptions llm;

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    AgentSpecs.check(cl, "--agent", agent);
    SuiteFile suite = suite(cl);
    Map<String, String> leftOut = new LinkedHashMap<>();
    if (rehearsal) {
      SuiteFile.Rehearsal r = suite.rehearsal();
      suite = r.suite();
      leftOut.putAll(r.leftOut());
    }
    checkModels(cl, suite);
    List<String> llmOptions = llmOptions(cl);
    boolean agentIsModel = AgentSpecs.modelSpec(agent).isPresent();
    if (!llmOptions.isEmpty() && !agentIsModel && suite.entries().stream().allMatch(e -> e.modelSpecs().isEmpty())) {
      throw new CommandLine.ParameterException(cl, "no model plays in this suite (the agent " + agent + " and every"
          + " role are model-free), so the model options " + llmOptions.stream().filter(a -> a.startsWith("--"))
          .toList() + " would be ignored; drop them");
    }
    Shard shard = sharding.shard(cl);
    Path folder = ShardOptions.out(cl, "--out", out, shard);
    SuiteRun run = new SuiteRun(suite, agent, rehearsal, shard.toString(), leftOut);
    Optional<SuiteRun> recorded = SuiteRun.read(folder);
    if (recorded.isPresent()) {
      Optional<String> refused = run.refusal(recorded.get());
      if (refused.isPresent()) {
        throw new CommandLine.ParameterException(cl, "--out " + folder + " holds another suite run: "
            + refused.get() + "; give another --out");
      }
    }
    PrintWriter err = cl.getErr();
    leftOut.forEach((id, why) -> err.println("entry " + id + " left out of the rehearsal: " + why));
    if (!dryRun) {
      run.write(folder);
    }
    List<String> lines = new ArrayList<>();
    List<RunForecast> forecasts = new ArrayList<>();
    int failed = 0;
    int n = suite.entries().size();
    for (int i = 0; i < n; i++) {
      SuiteEntry e = suite.entries().get(i);
      String label = String.format(Locale.ROOT, "entry %d/%d %s", i + 1, n, e.id());
      Path entryFolder = folder.resolve(e.id());
      Path flm = null;
      if (e.benchmark() == io.clarq.eval.suite.SuiteBenchmark.TOA) {
        try {
          // a dry run writes nothing into the suite's folder: its FLM examples go to a folder it removes after
          flm = EntryCommand.prepareFlm(spec, e, dryRun ? dryFolder(e) : entryFolder);
        } catch (CommandLine.ParameterException | IllegalArgumentException | java.io.IOException x) {
          if (dryRun) {   // nothing to forecast from: said, and left out of the sum, which counts its entries
            err.println(label + ": no forecast: its FLM examples could not be made: " + x.getMessage());
            lines.add(row(e, "no forecast (no FLM examples: " + x.getMessage() + ")"));
            continue;
          }
          failed++;   // like any entry's command that fails: said, and the other entries still run
          err.println(label + " failed: its FLM examples could not be made: " + x.getMessage());
          lines.add(row(e, "failed (no FLM examples)"));
          continue;
        }
      }
      EntryCommand c = EntryCommand.of(e, agent, agentIsModel, entryFolder, shard, dryRun, llmOptions, flm);
      Optional<EntryCommand> judge = EntryCommand.judge(e, entryFolder, llmOptions);
      if (dryRun && judge.isPresent()) {
        // clarq cq judge forecasts from the questions it rates, which only the generation writes
        err.println(label + ": the entry's forecast is its generation's; the judge's calls (one per generated question,"
            + " " + judge.get().name() + ") are not in it, nor in the sum");
        judge = Optional.empty();
      }
      long started = System.nanoTime();
      CommandLine nested = ClarqCommand.nested(DataDefaults.directory(spec));
      int rc = execute(nested, label, e, c, judge.isPresent() ? EntryCommand.generationFolder(entryFolder)
          : entryFolder);
      String judged = "";
      if (rc == 0 && judge.isPresent() && shard.count() > 1) {
        judged = ", not judged in a shard (merge the generation shards, then clarq cq judge; docs/suite.md)";
        err.println(label + ": the judge rates the merged questions, not a shard's: merge the shards' "
            + EntryCommand.GENERATION + " folders with clarq cq merge, then run " + judge.get().name() + " on the"
            + " merge (docs/suite.md)");
      } else if (rc == 0 && judge.isPresent()) {
        rc = execute(ClarqCommand.nested(DataDefaults.directory(spec)), label, e, judge.get(), entryFolder);
      }
      double seconds = (System.nanoTime() - started) / 1e9;
      if (rc != 0) {
        failed++;
        err.println(String.format(Locale.ROOT, "%s failed (exit %d) after %.1f s", label, rc, seconds));
        lines.add(row(e, "failed (exit " + rc + ")"));
      } else {
        err.println(String.format(Locale.ROOT, "%s %s in %.1f s", label, dryRun ? "forecast" : "finished",
            seconds));
        if (dryRun) {
          java.util.Optional<RunForecast> f = EntryCommand.dryRunForecast(nested, e);
          f.ifPresent(forecasts::add);
          lines.add(row(e, f.isPresent() ? "forecast above" : "no forecast (said above)"));
        } else {
          lines.add(row(e, "finished: " + entryFolder + judged));
        }
      }
      err.flush();
    }
    PrintWriter o = cl.getOut();
    o.println("suite " + suite.name() + (rehearsal ? " (rehearsal)" : "") + ", agent " + agent + ", shard " + shard
        + (dryRun ? "" : ", in " + folder) + ":");
    lines.forEach(o::println);
    leftOut.forEach((id, why) -> o.println(String.format(Locale.ROOT, "  %-20s left out (%s)", id, why)));
    if (dryRun && !forecasts.isEmpty()) {
      o.println("sum of the forecasts above (" + forecasts.size() + " of " + n + " entries), per role and model:");
      o.print(ForecastTable.table(RunForecast.combine(forecasts, "the sum of the entries' forecasts above, each"
          + " obtained as its basis says"), llm.prices(), "items"));
      o.println(ForecastTable.totalLine(RunForecast.combine(forecasts, ""), llm.prices()));
    }
    deleteDryFolders();
    o.flush();
    if (failed > 0) {
      throw new IllegalStateException(failed + " of " + n + " entries failed (said above); rerun the same command"
          + " to resume them");
    }
    if (!dryRun) {
      SuiteScorecard.write(o, folder, shard, llm.prices());
    }
    return 0;
  }

  /** Runs one step of an entry as a nested {@code clarq} command, its output going to this command's. */
  private int execute(CommandLine nested, String label, SuiteEntry e, EntryCommand c, Path into) {
    CommandLine cl = spec.commandLine();
    PrintWriter err = cl.getErr();
    err.println(label + " (" + describe(e) + "): " + c.name() + (dryRun ? " --dry-run" : " into " + into));
    err.flush();
    nested.setOut(cl.getOut());
    nested.setErr(err);
    cl.getOut().println("== " + e.id() + ": " + c.name() + " ==");
    cl.getOut().flush();
    return nested.execute(c.args().toArray(String[]::new));
  }

  private Path dryFolder(SuiteEntry e) throws java.io.IOException {
    Path p = java.nio.file.Files.createTempDirectory("clarq-suite-dry-" + e.id());
    dryFolders.add(p);
    return p;
  }

  private void deleteDryFolders() throws java.io.IOException {
    for (Path p : dryFolders) {
      try (java.util.stream.Stream<Path> s = java.nio.file.Files.walk(p)) {
        for (Path f : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
          java.nio.file.Files.deleteIfExists(f);
        }
      }
    }
    dryFolders.clear();
  }

  private SuiteFile suite(CommandLine cl) {
    if (suiteFile == null) {
      return SuiteFile.builtIn();
    }
    io.clarq.examples.cli.InputPaths.requireFile(cl, "--suite", suiteFile);
    try {
      return SuiteFile.read(suiteFile);
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, "--suite: " + e.getMessage(), e, null, suiteFile.toString());
    }
  }

  /** Refuses a role's model spec that no client on the class path serves, before any entry runs. */
  private void checkModels(CommandLine cl, SuiteFile suite) {
    for (SuiteEntry e : suite.entries()) {
      e.modelSpecs().forEach((role, model) -> {
        String lower = model.toLowerCase(Locale.ROOT);
        int colon = model.indexOf(':');
        String scheme = colon < 0 ? lower : lower.substring(0, colon);
        if (!lower.startsWith("http://") && !lower.startsWith("https://")
            && !LlmClients.knownSchemes().containsKey(scheme)) {
          throw new CommandLine.ParameterException(cl, (suiteFile == null ? "built-in suite" : "--suite "
              + suiteFile) + ", entry \"" + e.id() + "\": role " + role + " \"" + model + "\": no model client serves"
              + " the scheme '" + scheme + "' (known: " + String.join(", ", LlmClients.knownSchemes().keySet())
              + "; or a base URL)");
        }
      });
    }
  }

  /** The model options given to this command, as they were typed, to pass on to every entry where a model plays. */
  private List<String> llmOptions(CommandLine cl) {
    List<String> a = new ArrayList<>();
    CommandLine.ParseResult parsed = cl.getParseResult();
    for (CommandLine.Model.OptionSpec o : spec.mixins().get("llm").options()) {
      if (!parsed.hasMatchedOption(o)) {
        continue;
      }
      CommandLine.Model.OptionSpec matched = parsed.matchedOption(o.longestName());
      if (matched.arity().max() == 0) {
        a.add(o.longestName());
      } else {
        for (String v : matched.originalStringValues()) {
          a.add(o.longestName());
          a.add(v);
        }
      }
    }
    return a;
  }

  private static String describe(SuiteEntry e) {
    StringBuilder s = new StringBuilder(e.benchmark().id()).append(' ').append(e.split());
    e.language().ifPresent(l -> s.append(' ').append(l));
    e.types().ifPresent(t -> s.append(" types ").append(t));
    e.sampleSize().ifPresent(k -> s.append(", first ").append(k));
    if (e.trials() > 1) {
      s.append(", ").append(e.trials()).append(" trials");
    }
    return s.toString();
  }

  private static String row(SuiteEntry e, String status) {
    return String.format(Locale.ROOT, "  %-20s %-10s %s", e.id(), e.benchmark().id(), status);
  }
}
