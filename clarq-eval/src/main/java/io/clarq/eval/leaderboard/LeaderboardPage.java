package io.clarq.eval.leaderboard;

import static io.clarq.eval.report.FigureText.fixed;

import io.clarq.core.stats.Estimate;
import io.clarq.eval.compare.ComparedRun;
import io.clarq.eval.report.Charts;
import io.clarq.eval.report.HtmlPage;
import java.util.ArrayList;
import java.util.List;
import org.jsoup.nodes.DataNode;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * A {@link Leaderboard} as one self-contained page from the page kit: when the runs were ranked on their shared
 * tasks, {@code section#shared-tasks} comes first (after {@code ul#not-scored}, naming each run's lines not scored,
 * when a run has some); when setups differ, {@code section#setup-differences} next; then per language {@code section.language.CODE} with a dot plot of
 * each run's success and its Wilson interval ({@code div.chart svg}) and the table {@code table.board.CODE}, one
 * {@code tr.row} per run ({@code tr.tied} when it shares the leader's rank), the run's cell ({@code td.run}) naming
 * its models by role ({@code span.models}: seeker, provider, judge, as far as its setup records them); the pass^k,
 * tokens and cost columns appear only when some run on the board records them. The table fits a 1280 px window; a
 * wider one scrolls inside its own box ({@code div.table-wrap}), never the page.
 */
final class LeaderboardPage {
  // (shared with the outcome boards' page, OutcomeLeaderboardFiles) a wider page than the kit's, and a table that
  // fits it at 1280 px: headings, run names, success and pass^k wrap,
  // other figures do not; a table wider still scrolls inside its own box, never the page
  static final String STYLE = "body{max-width:1200px}#setup-differences,#shared-tasks{border:2px solid #a01818;"
      + "background:#fff4f4;padding:.5em 1em;margin-bottom:1em}.table-wrap{overflow-x:auto}"
      + "table.board{font-size:82%}table.board th,table.board td{padding:3px 5px}table.board td{white-space:nowrap}"
      + "table.board th{text-align:left;vertical-align:bottom}table.board td.text{white-space:normal;"
      + "overflow-wrap:anywhere;min-width:12em;max-width:20em;text-align:left}table.board td.wrap{white-space:normal;"
      + "min-width:6em}table.board .models{display:block;color:#555;font-size:90%}";

  private LeaderboardPage() {}

  static String render(Leaderboard board) {
    Document doc = HtmlPage.shell("ClarQ-LLM leaderboard");
    doc.head().appendElement("style").appendChild(new DataNode(STYLE));
    Element body = doc.body();
    if (!board.setupDifferences().isEmpty()) {
      Element w = body.prependElement("section").id("setup-differences");
      w.appendElement("p").appendElement("strong").text("The runs' setups differ: ranked together only because"
          + " --allow-different-setup was given, so a difference in rank is not the seeker's alone.");
      Element ul = w.appendElement("ul");
      board.setupDifferences().forEach(x -> ul.appendElement("li").text(x));
    }
    if (!board.taskSets().same()) {
      Element w = body.prependElement("section").id("shared-tasks");
      w.appendElement("p").appendElement("strong").text(board.taskSets().headline());
      Element ul = w.appendElement("ul");
      board.taskSets().differences().forEach(x -> ul.appendElement("li").text(x));
    }
    List<String> notScored = ComparedRun.notScoredNotes(board.runs());
    if (!notScored.isEmpty()) {
      Element ul = body.prependElement("ul").id("not-scored");
      notScored.forEach(n -> ul.appendElement("li").text("not scored: " + n));
    }
    // which trial is ranked, above everything else: read first
    ComparedRun.trialNote(board.runs()).ifPresent(n -> body.prependElement("p").id("compared-trial")
        .appendElement("strong").text(n));
    body.appendElement("p").addClass("muted").text(LeaderboardFiles.METHOD);
    java.util.Map<String, ComparedRun> byName = new java.util.HashMap<>();
    board.runs().forEach(r -> byName.putIfAbsent(r.name(), r));
    board.languages().forEach((l, rows) -> {
      Element s = body.appendElement("section").addClass("language").addClass(l.code());
      s.appendElement("h2").text(l.directoryName());
      List<Charts.Dot> dots = new ArrayList<>();
      for (Leaderboard.Row r : rows) {
        Estimate e = r.figures().success();
        if (!Double.isNaN(e.value())) {
          ComparedRun named = byName.get(r.run());
          String label = r.rankLabel() + "  " + r.run() + (named == null ? "" : named.setup().seekerLabel()
              .map(m -> " (" + m + ")").orElse(""));
          dots.add(e.interval().defined() ? new Charts.Dot(label, e.value(), e.interval().lower(),
              e.interval().upper()) : Charts.Dot.of(label, e.value()));
        }
      }
      HtmlPage.chart(s, Charts.dotPlot("Success, " + l.directoryName() + " (95% Wilson interval)",
          "success-" + l.code(), "success", dots, Charts.Bounds.RATE));
      Element wrap = s.appendElement("div").addClass("table-wrap");
      Element t = wrap.appendElement("table").addClass("board").addClass(l.code());
      Element head = t.appendElement("tr");
      // pass^k, tokens and cost only when some run records them
      boolean trials = rows.stream().anyMatch(r -> !r.passHat().isEmpty());
      boolean tokens = rows.stream().anyMatch(r -> r.tokens() >= 0);
      boolean cost = rows.stream().anyMatch(r -> !Double.isNaN(r.cost()));
      List<String> heads = new ArrayList<>(List.of("rank", "run", "success [95%]", "judged / dialogues", "AQD",
          "AQL", "only leader", "only run", "McNemar p", "Holm p", "significantly better"));
      if (trials) {
        heads.add("pass^k");
      }
      if (tokens) {
        heads.add("tokens");
      }
      if (cost) {
        heads.add("cost");
      }
      heads.forEach(h -> head.appendElement("th").text(h));
      s.appendElement("p").addClass("muted").text("AQL: " + LeaderboardFiles.aqlUnit(l) + ". Only leader / only"
          + " run: dialogues judged in both that only the leader / only this run solved, McNemar's discordant pairs.");
      for (Leaderboard.Row r : rows) {
        Element tr = t.appendElement("tr").addClass("row");
        if (r.tiedWithLeader()) {
          tr.addClass("tied");
        }
        Leaderboard.VersusLeader v = r.versusLeader();
        tr.appendElement("td").addClass("rank").text(r.rankLabel());
        Element run = tr.appendElement("td").addClass("text").addClass("run").text(r.run());
        ComparedRun named = byName.get(r.run());
        if (named != null) {
          run.appendElement("span").addClass("models").text(named.setup().modelsText());
        }
        tr.appendElement("td").addClass("wrap").text(LeaderboardFiles.estimate(r.figures().success()));
        tr.appendElement("td").text(r.figures().judged() + " / " + r.figures().dialogues());
        tr.appendElement("td").text(fixed(r.figures().aqd().value()));
        tr.appendElement("td").text(fixed(r.figures().aql().value()));
        tr.appendElement("td").text(v == null ? "-" : String.valueOf(v.leaderOnly()));
        tr.appendElement("td").text(v == null ? "-" : String.valueOf(v.runOnly()));
        tr.appendElement("td").text(v == null ? "-" : LeaderboardFiles.p(v.mcnemarP()));
        tr.appendElement("td").text(v == null ? "-" : LeaderboardFiles.p(v.holmP()));
        tr.appendElement("td").addClass("text").text(r.significantlyBetter().isEmpty() ? "-"
            : String.join(", ", r.significantlyBetter()));
        if (trials) {
          tr.appendElement("td").addClass("wrap").text(LeaderboardFiles.passHat(r.passHat()));
        }
        if (tokens) {
          tr.appendElement("td").text(LeaderboardFiles.tokens(r.tokens(), r.cachedTokens()));
        }
        if (cost) {
          tr.appendElement("td").text(LeaderboardFiles.cost(r));
        }
      }
    });
    return HtmlPage.html(doc);
  }
}
