package io.clarq.eval.leaderboard;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.files.AtomicFiles;
import io.clarq.eval.compare.ComparedRun;
import io.clarq.eval.compare.OutcomePair;
import io.clarq.eval.compare.OutcomeRun;
import io.clarq.eval.report.FiguresJson;
import io.clarq.eval.report.HtmlPage;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.jsoup.nodes.DataNode;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * An {@link OutcomeLeaderboard} as the four files of {@link LeaderboardFiles#NAMES}. Every one opens with the trial
 * ranked when a run played trials, the lines of each run not scored, the item sets when runs were ranked on their
 * shared items, then the setup differences (in the CSV, lines starting "#").
 *
 * <p>JSON ({@value #FORMAT}, schema {@code docs/schemas/leaderboard.schema.json}): {@code format},
 * {@code benchmark}, {@code measure}, {@code outcome} (binary or graded), {@code shared_items} (null, or
 * {@code note}, {@code items}, {@code differences}), {@code compared_trial}, {@code trial_note} and
 * {@code not_scored} (only when they apply), {@code runs} (name, agent, items, trials, setup),
 * {@code setup_differences}, {@code method}, and {@code rows}, best first: {@code rank}, {@code rank_label},
 * {@code tied_with_leader}, {@code significantly_better}, {@code run}, {@code agent}, {@code items}, {@code mean}
 * ({@code value}, {@code ci95}), {@code versus_leader} (null for the leader: {@code shared}, {@code leader_higher},
 * {@code run_higher}, {@code p}, {@code p_holm}), {@code tokens} and {@code cached_tokens} (the whole run's, from its
 * {@code usage} by role; null when not recorded), {@code cost_usd} (every role's calls at the board's prices, null
 * when unknown: {@link RunExtras#cost()}) and {@code cost_batch} (whether that cost is at batch prices). Tokens and
 * cost are formatted as on the ClarQ-LLM board: "120000 (80000 cached)", "$1.23 batch", "-" when unknown.
 */
public final class OutcomeLeaderboardFiles {
  /** The JSON format name and version. */
  public static final String FORMAT = "clarq-outcome-leaderboard/1";
  private static final ObjectMapper JSON = new ObjectMapper();

  private OutcomeLeaderboardFiles() {}

  /** Writes the four files into {@code dir}, each atomically, once all four are rendered; returns them in order. */
  public static List<Path> write(OutcomeLeaderboard board, Path dir) {
    List<String> contents = List.of(markdown(board), csv(board), jsonText(board), html(board));
    List<Path> out = new ArrayList<>();
    for (int i = 0; i < LeaderboardFiles.NAMES.size(); i++) {
      Path f = dir.resolve(LeaderboardFiles.NAMES.get(i));
      AtomicFiles.write(f, contents.get(i));
      out.add(f);
    }
    return out;
  }

  /** The method, one paragraph. */
  static String method(OutcomeLeaderboard board) {
    OutcomeRun r = board.runs().get(0);
    return r.benchmark() + " outcome \"" + r.measure() + "\" (" + r.kind().key() + "): " + r.description() + ". Mean: "
        + (r.kind() == io.clarq.eval.compare.ItemOutcome.Kind.BINARY ? "the share of items, with a 95% Wilson"
        + " interval" : "with a 95% percentile-bootstrap interval (" + board.bootstrap().resamples() + " resamples,"
        + " seed " + board.bootstrap().seed() + ")") + ". Ranks: every pair of runs is tested with the "
        + OutcomePair.test(r.kind()) + ", p-values adjusted by Holm's method over all pairs; a run's rank is 1 + the"
        + " number of runs significantly better than it (higher mean, adjusted p below 0.05), raised where needed to"
        + " the rank of any run with a higher mean. Runs sharing a rank (\"2=\") are not told apart. Holm p in the"
        + " table: the run against the leader.";
  }

  /** Lines every file opens with. */
  static List<String> preamble(OutcomeLeaderboard board) {
    List<String> out = new ArrayList<>();
    OutcomeRun.trialNote(board.runs()).ifPresent(out::add);
    OutcomeRun.notScoredNotes(board.runs()).forEach(n -> out.add("note: " + n));
    if (!board.itemSets().same()) {
      out.add(board.itemsHeadline());
      out.addAll(board.itemSets().differences());
    }
    if (!board.setupDifferences().isEmpty()) {
      out.add("The runs' setups differ: ranked together only because --allow-different-setup was given; a difference"
          + " in rank is not the agent's alone.");
      out.addAll(board.setupDifferences());
    }
    return out;
  }

  /** The board as Markdown. */
  public static String markdown(OutcomeLeaderboard board) {
    StringBuilder sb = new StringBuilder("# " + board.benchmark() + " leaderboard\n\n");
    preamble(board).forEach(l -> sb.append("**").append(LeaderboardFiles.md(l)).append("**\n\n"));
    sb.append(LeaderboardFiles.md(method(board))).append("\n\n");
    String measure = board.runs().get(0).measure();
    sb.append("| rank | run | agent | items | ").append(measure).append(" [95%] | vs leader: leader higher / run"
        + " higher | p | Holm p | significantly better | tokens | cost |\n"
        + "|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (OutcomeLeaderboard.Row r : board.rows()) {
      OutcomePair v = r.versusLeader();
      sb.append("| ").append(r.rankLabel()).append(" | ").append(LeaderboardFiles.md(r.run())).append(" | ").append(LeaderboardFiles.md(r.agent()))
          .append(" | ").append(r.items()).append(" | ").append(LeaderboardFiles.estimate(r.mean())).append(" | ")
          .append(v == null ? "-" : v.aBetter().size() + " / " + v.bBetter().size()).append(" | ")
          .append(v == null ? "-" : LeaderboardFiles.p(v.p())).append(" | ")
          .append(v == null ? "-" : LeaderboardFiles.p(v.holmP())).append(" | ")
          .append(r.significantlyBetter().isEmpty() ? "-" : LeaderboardFiles.md(String.join(", ", r.significantlyBetter())))
          .append(" | ").append(LeaderboardFiles.tokens(r.tokens(), r.cachedTokens())).append(" | ")
          .append(LeaderboardFiles.cost(r.cost(), r.costAtBatchPrices())).append(" |\n");
    }
    return sb.toString();
  }

  /** The board as CSV: "#" lines first when they apply, then a header line and one line per run. */
  public static String csv(OutcomeLeaderboard board) {
    StringBuilder sb = new StringBuilder();
    preamble(board).forEach(l -> sb.append("# ").append(l.replace('\n', ' ')).append('\n'));
    sb.append("compared_trial,benchmark,measure,rank,rank_label,tied_with_leader,run,items,mean,mean_low,mean_high,"
        + "leader_higher,run_higher,p,p_holm,significantly_better,tokens,cached_tokens,cost_usd,cost_batch\n");
    OutcomeRun first = board.runs().get(0);
    for (OutcomeLeaderboard.Row r : board.rows()) {
      OutcomePair v = r.versusLeader();
      List<String> cells = List.of(String.valueOf(ComparedRun.COMPARED_TRIAL), first.benchmark(), first.measure(),
          String.valueOf(r.rank()), r.rankLabel(), String.valueOf(r.tiedWithLeader()), r.run(),
          String.valueOf(r.items()), LeaderboardFiles.num(r.mean().value()), LeaderboardFiles.num(r.mean().interval().lower()),
          LeaderboardFiles.num(r.mean().interval().upper()), v == null ? "" : String.valueOf(v.aBetter().size()),
          v == null ? "" : String.valueOf(v.bBetter().size()), v == null ? "" : LeaderboardFiles.num(v.p()),
          v == null ? "" : LeaderboardFiles.num(v.holmP()), String.join(" | ", r.significantlyBetter()),
          r.tokens() < 0 ? "" : String.valueOf(r.tokens()), r.cachedTokens() < 0 ? "" : String.valueOf(r.cachedTokens()),
          LeaderboardFiles.num(r.cost()), String.valueOf(r.costAtBatchPrices()));
      sb.append(cells.stream().map(LeaderboardFiles::csvCell).collect(Collectors.joining(","))).append('\n');
    }
    return sb.toString();
  }

  /** The board as one JSON object. */
  public static ObjectNode json(OutcomeLeaderboard board) {
    OutcomeRun first = board.runs().get(0);
    ObjectNode o = JSON.createObjectNode().put("format", FORMAT).put("benchmark", first.benchmark())
        .put("measure", first.measure()).put("outcome", first.kind().key());
    if (board.itemSets().same()) {
      o.putNull("shared_items");
    } else {
      ObjectNode t = o.putObject("shared_items").put("note", board.itemsHeadline())
          .put("items", board.itemSets().shared());
      board.itemSets().differences().forEach(t.putArray("differences")::add);
    }
    o.put("compared_trial", ComparedRun.COMPARED_TRIAL);
    OutcomeRun.trialNote(board.runs()).ifPresent(n -> o.put("trial_note", n));
    List<String> notScored = OutcomeRun.notScoredNotes(board.runs());
    if (!notScored.isEmpty()) {
      notScored.forEach(o.putArray("not_scored")::add);
    }
    ArrayNode rs = o.putArray("runs");
    board.runs().forEach(r -> {
      ObjectNode n = rs.addObject().put("name", r.name()).put("items", r.compared().size()).put("trials", r.trials());
      ObjectNode agent = n.putObject("agent");
      r.agent().forEach(agent::put);
      ObjectNode setup = n.putObject("setup");
      r.setup().forEach(setup::put);
    });
    board.setupDifferences().forEach(o.putArray("setup_differences")::add);
    FiguresJson.method(board.bootstrap(), o.putObject("method")).put("test", OutcomePair.test(first.kind()))
        .put("ranks", method(board)).put("alpha", Leaderboard.ALPHA);
    ArrayNode rows = o.putArray("rows");
    for (OutcomeLeaderboard.Row r : board.rows()) {
      ObjectNode n = rows.addObject().put("rank", r.rank()).put("rank_label", r.rankLabel())
          .put("tied_with_leader", r.tiedWithLeader());
      r.significantlyBetter().forEach(n.putArray("significantly_better")::add);
      n.put("run", r.run()).put("agent", r.agent()).put("items", r.items());
      FiguresJson.estimate(r.mean(), n.putObject("mean"));
      OutcomePair v = r.versusLeader();
      if (v == null) {
        n.putNull("versus_leader");
      } else {
        ObjectNode vn = n.putObject("versus_leader").put("shared", v.shared().size())
            .put("leader_higher", v.aBetter().size()).put("run_higher", v.bBetter().size());
        FiguresJson.number(vn, "p", v.p());
        FiguresJson.number(vn, "p_holm", v.holmP());
      }
      count(n, "tokens", r.tokens());
      count(n, "cached_tokens", r.cachedTokens());
      FiguresJson.number(n, "cost_usd", r.cost());
      n.put("cost_batch", r.costAtBatchPrices());
    }
    return o;
  }

  private static void count(ObjectNode n, String field, long value) {
    if (value < 0) {
      n.putNull(field);
    } else {
      n.put(field, value);
    }
  }

  /** {@link #json} as indented text. */
  public static String jsonText(OutcomeLeaderboard board) {
    try {
      return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(json(board)) + "\n";
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("cannot write the leaderboard as JSON", e);
    }
  }

  /**
   * The board as one self-contained page from the page kit: {@code section#preamble} first when anything applies
   * (trial, lines not scored, item sets, setup differences), then {@code table.board} ({@code tr.row} per run,
   * {@code tr.tied} when it shares the leader's rank; the tokens and cost columns only when some run records them)
   * and {@code p.method}. The table fits a 1280 px window, as the ClarQ-LLM board's does; a wider one scrolls inside
   * its own box ({@code div.table-wrap}), never the page.
   */
  public static String html(OutcomeLeaderboard board) {
    Document doc = HtmlPage.shell(board.benchmark() + " leaderboard");
    doc.head().appendElement("style").appendChild(new DataNode(LeaderboardPage.STYLE));
    Element body = doc.body();
    List<String> pre = preamble(board);
    if (!pre.isEmpty()) {
      Element s = body.prependElement("section").id("preamble");
      Element ul = s.appendElement("ul");
      pre.forEach(l -> ul.appendElement("li").appendElement("strong").text(l));
    }
    String measure = board.runs().get(0).measure();
    Element t = body.appendElement("div").addClass("table-wrap").appendElement("table").addClass("board");
    Element h = t.appendElement("tr");
    // tokens and cost only when some run records them, as on the ClarQ-LLM board
    boolean tokens = board.rows().stream().anyMatch(r -> r.tokens() >= 0);
    boolean cost = board.rows().stream().anyMatch(r -> !Double.isNaN(r.cost()));
    List<String> heads = new ArrayList<>(List.of("rank", "run", "agent", "items", measure + " [95%]",
        "leader higher / run higher", "p", "Holm p", "significantly better"));
    if (tokens) {
      heads.add("tokens");
    }
    if (cost) {
      heads.add("cost");
    }
    heads.forEach(c -> h.appendElement("th").text(c));
    for (OutcomeLeaderboard.Row r : board.rows()) {
      Element tr = t.appendElement("tr").addClass("row");
      if (r.tiedWithLeader()) {
        tr.addClass("tied");
      }
      OutcomePair v = r.versusLeader();
      tr.appendElement("td").addClass("rank").text(r.rankLabel());
      tr.appendElement("td").addClass("text").addClass("run").text(r.run());
      tr.appendElement("td").addClass("text").text(r.agent());
      List.of(String.valueOf(r.items()), LeaderboardFiles.estimate(r.mean()),
          v == null ? "-" : v.aBetter().size() + " / " + v.bBetter().size(),
          v == null ? "-" : LeaderboardFiles.p(v.p()), v == null ? "-" : LeaderboardFiles.p(v.holmP()))
          .forEach(c -> tr.appendElement("td").text(c));
      tr.appendElement("td").addClass("text").text(r.significantlyBetter().isEmpty() ? "-"
          : String.join(", ", r.significantlyBetter()));
      if (tokens) {
        tr.appendElement("td").text(LeaderboardFiles.tokens(r.tokens(), r.cachedTokens()));
      }
      if (cost) {
        tr.appendElement("td").text(LeaderboardFiles.cost(r.cost(), r.costAtBatchPrices()));
      }
    }
    body.appendElement("p").addClass("method").addClass("muted").text(method(board));
    return HtmlPage.html(doc);
  }
}
