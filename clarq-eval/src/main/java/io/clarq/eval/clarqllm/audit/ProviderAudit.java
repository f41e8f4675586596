package io.clarq.eval.clarqllm.audit;

import io.clarq.core.clarqllm.provider.ProviderAgent;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.TaskSet;
import io.clarq.core.llm.LlmException;
import io.clarq.core.prompt.PromptPack;
import io.clarq.datasets.clarqllm.PublishedDialogue;
import io.clarq.datasets.clarqllm.PublishedRun;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.IntPredicate;

/**
 * Replays a provider on the recorded turns of published runs and compares its choices with the recorded ones. Only
 * turns from 2 on, after node 0 was given, are audited: turn 1 is the relevance gate, which every run passes.
 *
 * <pre>{@code
 * AuditReport r = ProviderAudit.audit("offline", ProviderAudit.turns(run, tasks, type -> type <= 13),
 *     name -> new OfflineProvider(), PromptPack.load(referencePromptsDir));
 * r.overall().audited().exactAgreement();
 * }</pre>
 */
public final class ProviderAudit {
  private ProviderAudit() {}

  /** The audited turns of one run: turn >= 2, node 0 given, task type accepted. */
  public static List<RecordedTurn> turns(PublishedRun run, TaskSet tasks, IntPredicate types) {
    List<RecordedTurn> out = new ArrayList<>();
    for (PublishedDialogue d : run.dialogues()) {
      if (!types.test(d.task().id().type())) {
        continue;
      }
      ClarqTask task = taskOf(run, d, tasks);
      for (RecordedTurn t : RecordedTurns.of(run.name(), task, d.dialogue())) {
        if (t.turn() >= 2 && t.before().started()) {
          out.add(t);
        }
      }
    }
    return out;
  }

  /**
   * Asks a provider to reply to every turn and tallies its agreement with the recorded replies.
   *
   * @param name the audited provider's name, for the report
   * @param turns the recorded turns (see {@link #turns})
   * @param providerForRun the provider to audit on a run, by run name (e.g. a multi-info variant for the multi-info
   *     runs)
   * @param recordedWith the prompt pack the runs were recorded with (the reference pack for the published runs): its
   *     fixed lines tell the recorded provider's readings apart
   * @throws LlmException when a model behind the provider could not be reached
   */
  public static AuditReport audit(String name, List<RecordedTurn> turns,
      Function<String, ProviderAgent> providerForRun, PromptPack recordedWith) throws LlmException {
    Map<String, ProviderAgent> providers = new LinkedHashMap<>();
    List<AuditedTurn> audited = new ArrayList<>(turns.size());
    AuditGroup overall = AuditGroup.empty("all");
    Map<String, AuditGroup> perRun = new LinkedHashMap<>();
    Map<String, AuditGroup> perLanguage = new TreeMap<>();
    Map<Integer, AuditGroup> perType = new TreeMap<>();
    Map<RecordedReading, Map<String, Integer>> confusion = new EnumMap<>(RecordedReading.class);
    for (RecordedTurn t : turns) {
      ProviderAgent provider = providers.computeIfAbsent(t.run(), providerForRun);
      AuditedTurn a = new AuditedTurn(t, provider.reply(t.providerTurn()), RecordedReading.of(recordedWith,
          t.task().language(), t.recordedReply(), !t.recordedNodes().isEmpty()));
      audited.add(a);
      overall = overall.plus(a);
      perRun.computeIfAbsent(t.run(), AuditGroup::empty);
      perRun.computeIfPresent(t.run(), (k, g) -> g.plus(a));
      String language = t.task().language().code();
      perLanguage.put(language, perLanguage.getOrDefault(language, AuditGroup.empty(language)).plus(a));
      int type = t.task().id().type();
      perType.put(type, perType.getOrDefault(type, AuditGroup.empty("type " + type)).plus(a));
      confusion.computeIfAbsent(a.recordedReading(), r -> new TreeMap<>()).merge(a.auditedReading(), 1, Integer::sum);
    }
    return new AuditReport(name, overall, List.copyOf(perRun.values()), List.copyOf(perLanguage.values()),
        List.copyOf(perType.values()), confusion, audited);
  }

  private static ClarqTask taskOf(PublishedRun run, PublishedDialogue d, TaskSet tasks) {
    ClarqTask task = tasks.find(d.task().id()).orElseThrow(() -> new IllegalArgumentException(
        "run " + run.name() + ": task " + d.task().id() + " is not in the " + tasks.language().directoryName()
            + " tasks given"));
    if (!task.tree().goldNodes().stream().map(n -> n.text()).toList()
        .equals(d.task().tree().goldNodes().stream().map(n -> n.text()).toList())) {
      throw new IllegalArgumentException("run " + run.name() + ": task " + d.task().id()
          + " has other gold lines than the task file; give the tasks the run was played on");
    }
    return task;
  }
}
