package io.clarq.retrieval.clarqllm;

import io.clarq.core.clarqllm.provider.FixedReplies;
import io.clarq.core.clarqllm.provider.Intent;
import io.clarq.core.clarqllm.provider.ProviderAgent;
import io.clarq.core.clarqllm.provider.ProviderReply;
import io.clarq.core.clarqllm.provider.ProviderTurn;
import io.clarq.core.clarqllm.provider.ReplyKind;
import io.clarq.core.clarqllm.task.ClarqTask;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.clarqllm.tree.TreeCursor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * A ClarQ-LLM provider without a language model: deterministic, about a millisecond a turn. Its rules, in order:
 *
 * <ol>
 *   <li>Before the task started (node 0 not given): node 0 if the line is about the task (uses any of the task's
 *       words, or asks for help with a task), else an apology.
 *   <li>A goodbye anywhere in the line: a farewell (Response II).
 *   <li>Nothing in the line that the task knows of: unrelated (Response II).
 *   <li>No node available: the fixed "enough information" line.
 *   <li>Every available node is scored by its best TF-IDF cosine against the question sentences of the turn (the
 *       whole turn when it asks nothing), so one question of several can pick its node. A vague or confirming question whose best score stays below the vague threshold: a reassurance.
 *   <li>Best score below the minimum: nothing matches; a repeat (the earlier answer restated) when an already given
 *       node matches, else a reassurance.
 *   <li>Otherwise Response I: the first node in display order that matches well enough, else the first node
 *       (multi-info: every node that matches well enough).
 * </ol>
 *
 * <p>Stateless per dialogue and thread-safe; each task's term statistics are computed once and cached.
 */
public final class OfflineProvider implements ProviderAgent {
  private static final int CACHE_LIMIT = 2048;
  private static final List<String> TASK_REQUEST_EN = List.of("task", "mission", "quest", "help");
  private static final List<String> TASK_REQUEST_ZH = List.of("任务", "帮");

  private final OfflineProviderSettings settings;
  private final ConcurrentMap<ClarqTask, TaskIndex> indexes = new ConcurrentHashMap<>();

  /** A provider with the tuned defaults. */
  public OfflineProvider() {
    this(OfflineProviderSettings.DEFAULTS);
  }

  public OfflineProvider(OfflineProviderSettings settings) {
    this.settings = Objects.requireNonNull(settings, "settings");
  }

  /** The thresholds this provider uses. */
  public OfflineProviderSettings settings() {
    return settings;
  }

  @Override
  public String name() {
    return settings.multiInfo() ? "offline-multi-info" : "offline";
  }

  @Override
  public ProviderReply reply(ProviderTurn turn) {
    ClarqTask task = turn.task();
    Language lang = task.language();
    TaskIndex index = index(task);
    TreeCursor cursor = turn.tree();
    String line = turn.seekerLine();
    if (!cursor.started()) {
      return relevanceGate(task, index, line);
    }
    if (TurnCues.goodbye(lang, line)) {
      return responseII(ReplyTemplates.farewell(lang), Intent.WHOLE_TASK, "goodbye: the seeker takes leave");
    }
    if (index.knownTerms(index.query(line)) == 0) {
      return responseII(ReplyTemplates.unrelated(lang), Intent.UNRELATED,
          "unrelated: no word of the line occurs in the task's nodes or briefing");
    }
    List<NodeId> available = cursor.available();
    if (available.isEmpty()) {
      return responseII(ReplyTemplates.enoughInformation(lang), Intent.UNANSWERABLE_DETAIL,
          "enough information: no node is available any more");
    }
    QuestionPart question = QuestionPart.of(lang, line);
    List<Map<String, Double>> queries = new ArrayList<>();
    for (String sentence : question.sentences()) {
      queries.add(index.query(sentence));
    }
    Map<NodeId, Double> scores = new LinkedHashMap<>();
    for (NodeId id : available) {
      double s = 0;
      for (Map<String, Double> q : queries) {
        s = Math.max(s, index.score(q, id));
      }
      scores.put(id, s);
    }
    double best = scores.values().stream().mapToDouble(Double::doubleValue).max().orElse(0);
    String evidence = evidence(question, scores);
    if (TurnCues.vagueOrConfirming(lang, question) && best < settings.vagueThreshold()) {
      return responseII(ReplyTemplates.reassurance(lang), Intent.VAGUE, String.format(Locale.ROOT,
          "vague: a vague or confirming question and best score %.3f < vague threshold %.3f; %s",
          best, settings.vagueThreshold(), evidence));
    }
    if (best < settings.minScore()) {
      return nothingMatches(task, index, cursor, queries, best, evidence);
    }
    List<NodeId> chosen = choose(scores);
    String why = chosen.size() > 1
        ? "multi-info: every node with score >= " + fmt(settings.matchThreshold())
        : scores.get(chosen.get(0)) >= settings.matchThreshold()
            ? "the first node in display order with score >= " + fmt(settings.matchThreshold())
            : "no node reaches " + fmt(settings.matchThreshold()) + ", best " + fmt(best) + " >= min score "
                + fmt(settings.minScore()) + ": the first node";
    return new ProviderReply(responseIText(task, chosen), ReplyKind.RESPONSE_I,
        Optional.of(Intent.ANSWERABLE_DETAIL), chosen, 0, "answerable: " + chosen + " (" + why + "); " + evidence);
  }

  private ProviderReply relevanceGate(ClarqTask task, TaskIndex index, String line) {
    Language lang = task.language();
    String l = line.toLowerCase(Locale.ROOT);
    int known = index.knownTerms(index.query(line));
    boolean request = (lang == Language.CHINESE ? TASK_REQUEST_ZH : TASK_REQUEST_EN).stream().anyMatch(l::contains);
    if (known > 0 || request) {
      return new ProviderReply(FixedReplies.withPrefix(task.tree().root().text()), ReplyKind.RESPONSE_I,
          Optional.empty(), List.of(NodeId.ROOT), 0, "relevance gate: about the task (" + known
              + " task words" + (request ? ", asks about a task" : "") + "): node 0");
    }
    return new ProviderReply(ReplyTemplates.notAboutTheTask(lang), ReplyKind.RESPONSE_II, Optional.empty(),
        List.of(), 0, "relevance gate: no task word and no request for a task: apology, task not started");
  }

  private ProviderReply nothingMatches(ClarqTask task, TaskIndex index, TreeCursor cursor,
      List<Map<String, Double>> queries, double best, String evidence) {
    Language lang = task.language();
    NodeId repeated = null;
    double repeatScore = 0;
    for (NodeId id : cursor.given()) {
      double s = 0;
      for (Map<String, Double> q : id.isRoot() ? List.<Map<String, Double>>of() : queries) {
        s = Math.max(s, index.score(q, id));
      }
      if (s > repeatScore) {
        repeated = id;
        repeatScore = s;
      }
    }
    if (repeated != null && repeatScore >= settings.repeatThreshold()) {
      return responseII(ReplyTemplates.restatement(lang, task.tree().node(repeated).text()), Intent.REPEAT,
          String.format(Locale.ROOT, "repeat: best score %.3f < min score %.3f, given node %s scores %.3f >= %.3f; %s",
              best, settings.minScore(), repeated, repeatScore, settings.repeatThreshold(), evidence));
    }
    return responseII(ReplyTemplates.reassurance(lang), Intent.UNANSWERABLE_DETAIL, String.format(Locale.ROOT,
        "no answer: best score %.3f < min score %.3f; %s", best, settings.minScore(), evidence));
  }

  private List<NodeId> choose(Map<NodeId, Double> scores) {
    List<NodeId> matching = new ArrayList<>();
    for (var e : scores.entrySet()) {
      if (e.getValue() >= settings.matchThreshold()) {
        matching.add(e.getKey());
        if (!settings.multiInfo()) {
          break;
        }
      }
    }
    return matching.isEmpty() ? List.of(scores.keySet().iterator().next()) : matching;
  }

  private static String responseIText(ClarqTask task, List<NodeId> nodes) {
    StringBuilder sb = new StringBuilder(FixedReplies.PREFIX);
    String[] connectors = task.language() == Language.CHINESE
        ? new String[] {"此外，", "另外，", "还有，"} : new String[] {"Besides, ", "Moreover, ", "Also, "};
    for (int i = 0; i < nodes.size(); i++) {
      if (i > 0) {
        sb.append(' ').append(connectors[(i - 1) % connectors.length]);
      }
      sb.append(task.tree().node(nodes.get(i)).text());
    }
    return sb.toString();
  }

  private static ProviderReply responseII(String text, Intent intent, String explanation) {
    return new ProviderReply(text, ReplyKind.RESPONSE_II, Optional.of(intent), List.of(), 0,
        intent.name().toLowerCase(Locale.ROOT) + " -> " + explanation);
  }

  private String evidence(QuestionPart question, Map<NodeId, Double> scores) {
    StringBuilder sb = new StringBuilder("scores");
    scores.forEach((id, s) -> sb.append(' ').append(id).append('=').append(fmt(s)));
    sb.append("; question part ").append(question.asks() ? "(question sentences)" : "(whole turn)").append(": \"")
        .append(question.text().replace('\n', ' ')).append('"');
    return sb.toString();
  }

  private static String fmt(double v) {
    return String.format(Locale.ROOT, "%.3f", v);
  }

  private TaskIndex index(ClarqTask task) {
    TaskIndex idx = indexes.get(task);
    if (idx == null) {
      if (indexes.size() >= CACHE_LIMIT) {
        indexes.clear();
      }
      idx = indexes.computeIfAbsent(task, TaskIndex::build);
    }
    return idx;
  }

  @Override
  public String toString() {
    return "OfflineProvider" + settings;
  }
}
