package io.clarq.eval.report;

import io.clarq.core.clarqllm.judge.Verdict;
import io.clarq.core.clarqllm.metrics.DialogueScore;
import io.clarq.core.clarqllm.metrics.GoldMatch;
import io.clarq.core.clarqllm.metrics.JudgeCall;
import io.clarq.core.clarqllm.metrics.SuccessBreakdown;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.dialogue.EndReason;
import io.clarq.core.dialogue.Speaker;
import io.clarq.core.dialogue.Utterance;
import io.clarq.eval.report.ReportInput.Problem;
import io.clarq.eval.report.ReportInput.ReportedDialogue;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.jsoup.nodes.Element;

/**
 * One dialogue of the report as a chat (seeker and provider lines, each provider line marked with the gold lines it
 * gave) followed by where every gold line was found, and the lists of dialogues that need a reader's attention.
 * All text is set through jsoup text nodes, hence escaped.
 */
final class DialogueChat {
  /** Provider line h[4], the first the evaluator scores, is utterance 4; turn n answers the seeker's n-th line. */
  private static final int FIRST_SCORED_UTTERANCE = 4;

  private DialogueChat() {}

  static void render(Element parent, ReportedDialogue d, Map<Integer, String> typeNames) {
    DialogueScore s = d.score();
    SuccessBreakdown b = s.success();
    Element details = parent.appendElement("details").addClass("dialogue").id(d.anchor())
        .attr("data-outcome", lower(b.outcome()))
        .attr("data-language", d.language().code())
        .attr("data-type", String.valueOf(s.taskId().type()))
        .attr("data-status", lower(b.outcome()))
        .attr("data-end", lower(d.dialogue().endReason()));
    details.appendElement("summary").text(String.format(Locale.ROOT, "%s %s · %s · %s (%s) · %d seeker turns · AQD %d"
        + " · AQL %.2f", d.language().code(), s.taskId(), typeNames.getOrDefault(s.taskId().type(), ""),
        lower(b.outcome()), b.decidedBy().name().toLowerCase(Locale.ROOT).replace('_', ' '), s.aql().seekerLines(),
        s.aqd(), s.aql().reference()));
    Map<Integer, List<String>> gives = new HashMap<>();
    for (GoldMatch g : b.gold()) {
      g.providerLine().ifPresent(i -> gives.computeIfAbsent(FIRST_SCORED_UTTERANCE + 2 * i, k -> new ArrayList<>())
          .add(g.node() + " (" + (g.found() == GoldMatch.Found.WHOLE_LINE ? "verbatim" : "substring") + ")"));
    }
    Element chat = details.appendElement("ol").addClass("chat");
    List<Utterance> us = d.dialogue().utterances();
    for (int i = 0; i < us.size(); i++) {
      Utterance u = us.get(i);
      boolean provider = u.speaker() == Speaker.PROVIDER;
      Element li = chat.appendElement("li").addClass(provider ? "provider" : "seeker");
      li.appendElement("span").addClass("who").text(provider ? "provider" : "seeker " + (i + 1) / 2);
      li.appendText(u.text());
      List<String> given = gives.get(i);
      if (given != null) {
        li.appendElement("span").addClass("gives").text("gives " + String.join(", ", given));
      }
    }
    goldTable(details, b);
  }

  private static void goldTable(Element parent, SuccessBreakdown b) {
    Map<NodeId, JudgeCall> calls = new HashMap<>();
    b.judged().forEach(c -> calls.put(c.node(), c));
    boolean saidNo = b.judged().stream().anyMatch(JudgeCall::saidNo);
    Element t = parent.appendElement("table").addClass("gold");
    Element h = t.appendElement("tr");
    for (String c : List.of("node", "gold line (as the evaluator compares it)", "obtained", "turn")) {
      h.appendElement("th").addClass("text").text(c);
    }
    for (GoldMatch g : b.gold()) {
      Element r = t.appendElement("tr").attr("data-found", lower(g.found()));
      r.appendElement("td").addClass("text").text(g.node().toString());
      r.appendElement("td").addClass("text").text(g.gold());
      r.appendElement("td").addClass("text").text(obtained(g, Optional.ofNullable(calls.get(g.node())), b, saidNo));
      r.appendElement("td").text(g.providerLine().isPresent()
          ? String.valueOf(g.providerLine().getAsInt() + FIRST_SCORED_UTTERANCE / 2) : "-");
    }
  }

  private static String obtained(GoldMatch g, Optional<JudgeCall> call, SuccessBreakdown b, boolean saidNo) {
    switch (g.found()) {
      case WHOLE_LINE:
        return "verbatim";
      case SUBSTRING:
        return "substring";
      default:
        break;
    }
    if (call.isEmpty()) {
      return b.decidedBy() == SuccessBreakdown.Stage.NO_PROVIDER_LINE_LEFT ? "missed (no provider line left to judge)"
          : saidNo ? "missed (not asked: the judge said no to an earlier line)" : "missed";
    }
    Optional<Verdict> v = call.get().verdict();
    if (v.isEmpty()) {
      return "unjudged (the judge had no answer)";
    }
    String analysis = v.get().analysis().isEmpty() ? "" : ": " + v.get().analysis();
    return switch (v.get().outcome()) {
      case MATCH -> "by the judge's verdict" + analysis;
      case NO_MATCH -> "missed (judge: no)" + analysis;
      case UNPARSED -> "unjudged (the judge's reply could not be read: " + v.get().raw() + ")";
    };
  }

  /**
   * The filter over the dialogues: language, task type, status (success, failure, unjudged), end reason, and text.
   * Each select offers the values the run has, with how many dialogues have each.
   */
  static void filter(Element parent, ReportInput in) {
    List<ReportedDialogue> ds = in.dialogues();
    Map<String, String> languages = new LinkedHashMap<>();
    Map<String, String> types = new LinkedHashMap<>();
    Map<String, String> statuses = new LinkedHashMap<>();
    Map<String, String> ends = new LinkedHashMap<>();
    for (Language l : Language.values()) {
      option(languages, l.code(), l.directoryName(), ds.stream().filter(d -> d.language() == l).count());
    }
    ds.stream().map(d -> d.score().taskId().type()).distinct().sorted().forEach(t -> option(types,
        String.valueOf(t), t + " " + in.taskTypes().getOrDefault(t, ""),
        ds.stream().filter(d -> d.score().taskId().type() == t).count()));
    for (SuccessBreakdown.Outcome o : SuccessBreakdown.Outcome.values()) {
      option(statuses, lower(o), lower(o), ds.stream().filter(d -> d.score().success().outcome() == o).count());
    }
    for (EndReason e : EndReason.values()) {
      option(ends, lower(e), lower(e).replace('_', ' '),
          ds.stream().filter(d -> d.dialogue().endReason() == e).count());
    }
    HtmlPage.filter(parent, "details.dialogue", List.of(new HtmlPage.Choice("language", "language", languages),
        new HtmlPage.Choice("type", "type", types), new HtmlPage.Choice("status", "status", statuses),
        new HtmlPage.Choice("end", "end reason", ends)));
  }

  private static void option(Map<String, String> options, String value, String label, long count) {
    if (count > 0) {
      options.put(value, label.strip() + " (" + count + ")");
    }
  }

  static void problems(Element s, ReportInput in) {
    list(s, "failed", "Failed dialogues (did not finish; not scored)", in.failed());
    links(s, "unjudged", "Unjudged dialogues (the judge left a gold line undecided; never counted as failures)", in,
        d -> d.score().success().unjudged());
    list(s, "unscored", "Unscored dialogues (finished, but scoring failed)", in.unscored());
    links(s, "unsuccessful", "Dialogues that did not succeed", in,
        d -> d.score().success().outcome() == SuccessBreakdown.Outcome.FAILURE);
  }

  private static void list(Element s, String cls, String title, List<Problem> problems) {
    s.appendElement("h3").text(title + ": " + problems.size());
    Element ul = s.appendElement("ul").addClass(cls);
    problems.forEach(p -> ul.appendElement("li").text(p.language().code() + " " + p.task() + ": " + p.error()));
  }

  /** The count, a link that filters the dialogues to these, and every one as a link in a list folded away. */
  private static void links(Element s, String cls, String title, ReportInput in, Predicate<ReportedDialogue> which) {
    List<ReportedDialogue> ds = in.dialogues().stream().filter(which).toList();
    s.appendElement("h3").text(title + ": " + ds.size());
    if (ds.isEmpty()) {
      return;
    }
    String status = cls.equals("unjudged") ? "unjudged" : "failure";
    s.appendElement("p").appendElement("a").addClass("show").attr("href", "#status=" + status)
        .text("show only these in the dialogues below");
    Element folded = s.appendElement("details").addClass("list");
    folded.appendElement("summary").text("all " + ds.size() + " as links");
    Element p = folded.appendElement("p").addClass(cls);
    ds.forEach(d -> {
      p.appendElement("a").attr("href", "#" + d.anchor()).text(d.language().code() + " " + d.score().taskId());
      p.appendText(" ");
    });
  }

  private static String lower(Enum<?> e) {
    return e.name().toLowerCase(Locale.ROOT);
  }
}
