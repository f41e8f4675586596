package io.clarq.eval.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.clarqllm.judge.JudgeQuestion;
import io.clarq.core.clarqllm.judge.Verdict;
import io.clarq.core.clarqllm.metrics.ClarqStatistics;
import io.clarq.core.clarqllm.metrics.DialogueScore;
import io.clarq.core.clarqllm.metrics.GoldMatch;
import io.clarq.core.clarqllm.metrics.JudgeCall;
import io.clarq.core.clarqllm.metrics.QueryLength;
import io.clarq.core.clarqllm.metrics.SuccessBreakdown;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.TaskId;
import io.clarq.core.clarqllm.tree.NodeId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One dialogue's score as a JSON object and back, losslessly: the figures, where each gold line was found, the
 * leftover provider lines and every judge question with its verdict. This is what lets a report be written from a
 * finished run directory alone ({@code results.json} plus {@code transcripts.jsonl}).
 */
public final class ScoreJson {
  private ScoreJson() {}

  /** Fills {@code o} with the score. */
  public static ObjectNode write(DialogueScore d, ObjectNode o) {
    SuccessBreakdown b = d.success();
    o.put("task", d.taskId().toString());
    o.put("success", lower(b.outcome()));
    o.put("decided_by", lower(b.decidedBy()));
    o.put("aqd", d.aqd());
    o.put("aql", d.aql().reference());
    o.put("aql_words", d.aql().words());
    o.put("aql_language", d.aql().language().code());
    o.put("turns", ClarqStatistics.turns(d));
    o.put("gold_lines", ClarqStatistics.goldLines(d));
    ArrayNode gold = o.putArray("gold");
    for (GoldMatch g : b.gold()) {
      ObjectNode n = gold.addObject().put("node", g.node().toString()).put("text", g.gold()).put("found", lower(g.found()));
      g.providerLine().ifPresent(i -> n.put("provider_line", i));
    }
    ArrayNode leftover = o.putArray("leftover_provider_lines");
    b.leftoverProviderLines().forEach(leftover::add);
    ArrayNode calls = o.putArray("judge_calls");
    for (JudgeCall c : b.judged()) {
      ObjectNode n = calls.addObject().put("node", c.node().toString()).put("language", c.question().language().code())
          .put("purpose", c.question().purpose());
      n.put("verdict", c.verdict().map(v -> lower(v.outcome())).orElse("none"));
      c.verdict().ifPresent(v -> n.put("analysis", v.analysis()).put("raw", v.raw()));
    }
    return o;
  }

  /**
   * Reads a score written by {@link #write}.
   *
   * @param where names the object in errors, e.g. "runs/x/results.json, en dialogue 12"
   * @throws IllegalArgumentException naming {@code where} and the field when the object is not a full score
   */
  public static DialogueScore read(JsonNode o, String where) {
    try {
      TaskId task = TaskId.parse(text(o, "task", where));
      List<GoldMatch> gold = new ArrayList<>();
      Map<String, String> goldText = new HashMap<>();
      for (JsonNode g : array(o, "gold", where)) {
        String node = text(g, "node", where);
        goldText.put(node, text(g, "text", where));
        OptionalInt line = g.has("provider_line") ? OptionalInt.of(g.get("provider_line").asInt()) : OptionalInt.empty();
        gold.add(new GoldMatch(NodeId.parse(node), text(g, "text", where),
            GoldMatch.Found.valueOf(upper(text(g, "found", where))), line));
      }
      List<String> leftover = new ArrayList<>();
      array(o, "leftover_provider_lines", where).forEach(l -> leftover.add(l.asText()));
      List<JudgeCall> calls = new ArrayList<>();
      for (JsonNode c : array(o, "judge_calls", where)) {
        String node = text(c, "node", where);
        JudgeQuestion q = new JudgeQuestion(Language.parse(text(c, "language", where)),
            goldText.getOrDefault(node, ""), text(c, "purpose", where), leftover);
        String verdict = text(c, "verdict", where);
        Optional<Verdict> v = verdict.equals("none") ? Optional.empty() : Optional.of(new Verdict(
            Verdict.Outcome.valueOf(upper(verdict)), c.path("analysis").asText(""), c.path("raw").asText("")));
        calls.add(new JudgeCall(NodeId.parse(node), q, v));
      }
      SuccessBreakdown b = new SuccessBreakdown(SuccessBreakdown.Outcome.valueOf(upper(text(o, "success", where))),
          SuccessBreakdown.Stage.valueOf(upper(text(o, "decided_by", where))), gold, leftover, calls);
      QueryLength aql = new QueryLength(Language.parse(text(o, "aql_language", where)), o.path("turns").asInt(),
          o.path("aql").asDouble(), o.path("aql_words").asDouble());
      return new DialogueScore(task, b, o.path("aqd").asInt(), aql);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
    }
  }

  private static Iterable<JsonNode> array(JsonNode o, String field, String where) {
    JsonNode a = o.get(field);
    if (a == null || !a.isArray()) {
      throw new IllegalArgumentException("no \"" + field + "\" list (results written by an older clarq? rerun the"
          + " same command into the same directory to rewrite them)");
    }
    return a;
  }

  private static String text(JsonNode o, String field, String where) {
    JsonNode v = o.get(field);
    if (v == null || !v.isTextual()) {
      throw new IllegalArgumentException("no text field \"" + field + "\"");
    }
    return v.asText();
  }

  private static String lower(Enum<?> e) {
    return e.name().toLowerCase(Locale.ROOT);
  }

  private static String upper(String s) {
    return s.toUpperCase(Locale.ROOT);
  }
}
