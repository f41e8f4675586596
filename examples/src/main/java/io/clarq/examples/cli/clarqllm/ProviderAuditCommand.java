package io.clarq.examples.cli.clarqllm;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.clarq.core.clarqllm.provider.ProviderAgent;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskSet;
import io.clarq.core.files.AtomicFiles;
import io.clarq.core.prompt.PromptPack;
import io.clarq.datasets.clarqllm.ClarqLlmTasks;
import io.clarq.datasets.clarqllm.PublishedRun;
import io.clarq.datasets.clarqllm.PublishedRuns;
import io.clarq.eval.clarqllm.audit.AuditGroup;
import io.clarq.eval.clarqllm.audit.AuditReport;
import io.clarq.eval.clarqllm.audit.AuditedTurn;
import io.clarq.eval.clarqllm.audit.ProviderAudit;
import io.clarq.eval.clarqllm.audit.ProviderNoise;
import io.clarq.eval.clarqllm.audit.RecordedTurn;
import io.clarq.examples.cli.DataDefaults;
import io.clarq.examples.cli.InputPaths;
import io.clarq.examples.cli.LlmOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code clarq provider-audit}: replays a provider on the recorded turns of published runs, with the tree state the
 * recorded provider had, and reports how often it chose the same (docs/protocol/clarq-llm.md §7).
 */
@Command(
    name = "provider-audit",
    mixinStandardHelpOptions = true,
    header = "Replays a provider on the recorded provider turns of published runs and compares its choices.",
    description = {
      "Replays a provider on every recorded provider turn of published ClarQ-LLM runs (turn 2 on, after node 0 was",
      "given), with the history and tree state the recorded provider had, and compares the choices: decision",
      "agreement (Response I vs II) and exact agreement (same node, or Response II from both; multi-info runs: the",
      "same set), per run, language and task type, next to two baselines (always the first available node, always",
      "Response II)."
    })
public final class ProviderAuditCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--tasks", paramLabel = "DIR",
      description = "The ClarQ-LLM tasks: the folder holding English/ and Chinese/, or one language's folder."
          + " Default: clarq-llm/tasks in the data directory (clarq data fetch clarq-llm).")
  Path tasks;

  @Option(names = "--transcripts", required = true, arity = "1..*", paramLabel = "FILE",
      description = "Published results files (transcripts/*.json), one or more; each may be named alone"
          + " (provider.Chat.En) when clarq-llm is fetched.")
  List<Path> transcripts;

  @Option(names = "--provider", defaultValue = "offline", paramLabel = "offline|SPEC",
      description = "The provider to audit: offline, or a model spec (e.g. openai:gpt-4o) for the LLM provider agent;"
          + " the multi-info variant on multi-info runs. Default: offline.")
  String provider;

  @Mixin LlmOptions llm;

  @Option(names = "--types", defaultValue = "1-26", paramLabel = "RANGE",
      description = "Task types to audit, e.g. 1-13 or 14-26 or 1,3,5-7. Default: 1-26 (the test split).")
  String types;

  @Option(names = "--json", description = "Print one JSON object: turns, decision_agreement, exact_agreement, overall"
      + " and per run, with the baselines.")
  boolean json;

  @Option(names = "--explain", paramLabel = "TASK/TURN",
      description = "Explain one turn, e.g. 3.2/4: the recorded reply, the available nodes, the audited reply and"
          + " why (its scores), in every run given.")
  String explain;

  @Option(names = "--trials", paramLabel = "K", defaultValue = "1",
      description = "Reply to every recorded turn K times, trial t with seed 8848 + t - 1, and print after the audit"
          + " how often the provider's decision flips between trials (Response I vs II, the nodes given, its"
          + " reading): the provider's share of a run's noise, the seeker's lines held fixed. Default: 1 (no noise"
          + " table). The offline provider is deterministic and never flips.")
  int trials;

  @Option(names = "--dump", paramLabel = "FILE",
      description = "Write every audited turn as one JSON line (run, task, turn, recorded and audited nodes, the"
          + " audited provider's explanation).")
  Path dump;

  @Override
  public Integer call() throws Exception {
    TypeRange typeRange = TypeRange.parse(spec.commandLine(), "--types", types);
    if (trials < 1 || trials > 100) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--trials " + trials + ": must be 1-100");
    }
    llm.refuseFixedSeed(spec.commandLine(), trials);
    tasks = DataDefaults.orFetched(spec, tasks, "--tasks", "clarq-llm", "tasks");
    transcripts = transcripts.stream().map(t -> DataDefaults.publishedRun(spec, t, "--transcripts")).toList();
    checkFiles();
    List<AutoCloseable> closing = new ArrayList<>();
    try {
      return audit(typeRange, ProviderChoice.forAudit(spec.commandLine(), provider, llm, closing));
    } finally {
      for (AutoCloseable c : closing) {
        c.close();
      }
    }
  }

  private int audit(TypeRange typeRange, Function<String, ProviderAgent> providerForRun) throws Exception {
    Map<Language, TaskSet> taskSets = new EnumMap<>(Language.class);
    List<RecordedTurn> turns = new ArrayList<>();
    for (Path file : transcripts) {
      PublishedRun run = PublishedRuns.load(file);
      TaskSet set = taskSets.computeIfAbsent(run.language(), l -> ClarqLlmTasks.load(tasks, l));
      turns.addAll(ProviderAudit.turns(run, set, typeRange::contains));
    }
    if (turns.isEmpty()) {
      throw new IllegalArgumentException("--types " + types + ": the runs given hold no recorded provider turn of"
          + " these types, so there is nothing to audit (the published runs hold dialogues of the test types 1-"
          + io.clarq.core.clarqllm.task.Split.LAST_TEST_TYPE + " only)");
    }
    PrintWriter err = spec.commandLine().getErr();
    err.println("provider-audit: " + turns.size() + " recorded turns from " + transcripts.size() + " run(s), provider "
        + provider);
    err.flush();
    AuditReport report = ProviderAudit.audit(provider, turns, providerForRun, recordedWith());
    err.println("provider-audit: done");
    err.flush();
    PrintWriter out = spec.commandLine().getOut();
    if (dump != null) {
      writeDump(report);
    }
    if (explain != null) {
      explain(out, report);
    } else if (json) {
      out.println(new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(jsonOf(report)));
    } else {
      out.print(report.table());
    }
    if (trials > 1) {
      err.println("provider-audit: replying to the same turns in trials 2-" + trials);
      err.flush();
      ProviderNoise noise = ProviderNoise.measure(report, providerForRun, trials);
      if (json) {
        err.print(noise.table());   // stdout holds one JSON object
      } else {
        out.print('\n');
        out.print(noise.table());
      }
    }
    out.flush();
    return 0;
  }

  /** The published runs were recorded with the reference prompt pack: its fixed lines tell their readings apart. */
  private PromptPack recordedWith() {
    return PromptPack.besideTasks(tasks).map(PromptPack::load).orElseThrow(() -> new CommandLine.ParameterException(
        spec.commandLine(), "--tasks " + tasks + ": no reference-prompts folder beside it; the recorded replies are"
            + " read with the reference prompt pack's fixed lines: give the tasks of a clarq-llm data folder that"
            + " holds reference-prompts (clarq data fetch clarq-llm)"));
  }

  private void checkFiles() {
    InputPaths.requireDirectory(spec.commandLine(), "--tasks", tasks);
    for (Path p : transcripts) {
      InputPaths.requireFile(spec.commandLine(), "--transcripts", p);
    }
  }

  private void explain(PrintWriter out, AuditReport report) {
    List<AuditedTurn> found = report.turns().stream().filter(t -> t.recorded().key().equals(explain.trim()))
        .toList();
    if (found.isEmpty()) {
      throw new IllegalArgumentException("--explain " + explain + ": no audited turn " + explain + " in the runs"
          + " and types given (turns are numbered from 1, audited from 2 on; e.g. 3.2/4)");
    }
    for (AuditedTurn t : found) {
      RecordedTurn r = t.recorded();
      out.printf(Locale.ROOT, "run %s, task %s, turn %d%n", r.run(), r.task().id(), r.turn());
      out.printf(Locale.ROOT, "  seeker:    %s%n", r.history().get(r.history().size() - 1).text().replace('\n', ' '));
      out.printf(Locale.ROOT, "  available: %s (given so far %s)%n", r.before().available(), r.before().given());
      out.printf(Locale.ROOT, "  recorded:  %s %s%n", r.recordedNodes().isEmpty() ? "Response II" : r.recordedNodes(),
          r.recordedReply().replace('\n', ' '));
      out.printf(Locale.ROOT, "  audited:   %s %s%n", t.reply().nodes().isEmpty() ? "Response II" : t.reply().nodes(),
          t.reply().text().replace('\n', ' '));
      out.printf(Locale.ROOT, "  why:       %s%n", t.reply().explanation());
      out.printf(Locale.ROOT, "  agreement: decision %s, exact %s%n%n", t.sameDecision() ? "same" : "differs",
          t.sameChoice() ? "same" : "differs");
    }
  }

  private void writeDump(AuditReport report) throws IOException {
    ObjectMapper mapper = new ObjectMapper();
    AtomicFiles.write(dump, w -> {
      for (AuditedTurn t : report.turns()) {
        Map<String, Object> line = new LinkedHashMap<>();
        RecordedTurn r = t.recorded();
        line.put("run", r.run());
        line.put("task", r.task().id().toString());
        line.put("turn", r.turn());
        line.put("available", r.before().available().stream().map(Object::toString).toList());
        line.put("recorded_nodes", r.recordedNodes().stream().map(Object::toString).toList());
        line.put("audited_nodes", t.reply().nodes().stream().map(Object::toString).toList());
        line.put("same_decision", t.sameDecision());
        line.put("same_choice", t.sameChoice());
        line.put("recorded_reading", t.recordedReading().name().toLowerCase(java.util.Locale.ROOT));
        line.put("audited_reading", t.auditedReading());
        line.put("explanation", t.reply().explanation());
        w.write(mapper.writeValueAsString(line));
        w.write('\n');
      }
    });
  }

  static Map<String, Object> jsonOf(AuditReport report) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("provider", report.provider());
    root.putAll(jsonOf(report.overall()));
    root.put("runs", groups(report.perRun()));
    root.put("languages", groups(report.perLanguage()));
    root.put("types", groups(report.perType()));
    Map<String, Object> confusion = new LinkedHashMap<>();
    report.confusion().forEach((k, v) -> confusion.put(k.name().toLowerCase(java.util.Locale.ROOT), v));
    root.put("confusion", confusion);
    return root;
  }

  private static Map<String, Object> groups(List<AuditGroup> groups) {
    Map<String, Object> out = new LinkedHashMap<>();
    groups.forEach(g -> out.put(g.name(), jsonOf(g)));
    return out;
  }

  private static Map<String, Object> jsonOf(AuditGroup g) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("turns", g.turns());
    m.put("decision_agreement", round(g.audited().decisionAgreement()));
    m.put("exact_agreement", round(g.audited().exactAgreement()));
    m.put("baselines", Map.of(
        "first_node", Map.of("decision_agreement", round(g.firstNode().decisionAgreement()),
            "exact_agreement", round(g.firstNode().exactAgreement())),
        "always_response_ii", Map.of("decision_agreement", round(g.alwaysResponseII().decisionAgreement()),
            "exact_agreement", round(g.alwaysResponseII().exactAgreement()))));
    return m;
  }

  private static double round(double v) {
    return Math.round(v * 10000) / 10000.0;
  }
}
