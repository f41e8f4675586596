package io.clarq.eval.clarqllm.audit;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskSet;
import io.clarq.core.prompt.PromptPack;
import io.clarq.core.testing.Regressions;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.clarqllm.ClarqLlmTasks;
import io.clarq.datasets.clarqllm.PublishedRun;
import io.clarq.datasets.clarqllm.PublishedRuns;
import io.clarq.retrieval.clarqllm.OfflineProvider;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The audit on the published runs, types 1-13: the trivial baselines must come out as the issue measured them
 * elsewhere (regressions/clarq-llm.json, table provider_audit_baselines), which checks the turn reconstruction; and the offline provider must meet its targets.
 */
class PublishedAuditTest {
  @Test
  void testBaselinesAndOfflineProviderOnTypes1To13() throws Exception {
    Map<Language, TaskSet> tasks = new EnumMap<>(Language.class);
    List<RecordedTurn> turns = new ArrayList<>();
    for (String run : List.of("Comp.En", "Chat.En", "Comp.Ch", "Chat.Ch")) {
      PublishedRun r = PublishedRuns.load(SharedData.require(
          "clarq-llm/transcripts/l2l_GPT-4o_seeker_vs_GPT-4o_provider." + run + ".json"));
      TaskSet set = tasks.computeIfAbsent(r.language(),
          l -> ClarqLlmTasks.load(SharedData.require("clarq-llm/tasks"), l));
      turns.addAll(ProviderAudit.turns(r, set, type -> type <= 13));
    }
    AuditReport report = ProviderAudit.audit("offline", turns, run -> new OfflineProvider(),
        PromptPack.load(SharedData.require("clarq-llm/reference-prompts")));
    AuditGroup all = report.overall();
    Regressions baselines = Regressions.of("clarq-llm").table("provider_audit_baselines");
    baselines.assertFigure("first node", "exact", all.firstNode().exactAgreement());
    baselines.assertFigure("first node", "decision", all.firstNode().decisionAgreement());
    baselines.assertFigure("always Response II", "exact", all.alwaysResponseII().exactAgreement());
    assertThat(all.audited().exactAgreement()).isGreaterThanOrEqualTo(0.82);
    assertThat(all.audited().decisionAgreement()).isGreaterThanOrEqualTo(0.94);
    // the recorded replies are read with the reference pack's fixed lines, which the published runs use
    assertThat(report.confusion().get(RecordedReading.ENOUGH_INFORMATION)).isNotEmpty();
    assertThat(report.perRun()).hasSize(4)
        .allSatisfy(g -> assertThat(g.audited().exactAgreement()).as(g.name()).isGreaterThanOrEqualTo(0.77));
  }
}
