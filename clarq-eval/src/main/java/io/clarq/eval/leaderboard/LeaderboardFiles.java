package io.clarq.eval.leaderboard;

import static io.clarq.eval.report.FigureText.fixed;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.clarqllm.metrics.GroupFigures;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.files.AtomicFiles;
import io.clarq.core.stats.Estimate;
import io.clarq.eval.compare.ComparedRun;
import io.clarq.eval.report.FiguresJson;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A {@link Leaderboard} as files: {@code leaderboard.md}, {@code leaderboard.csv}, {@code leaderboard.json} (schema:
 * {@code docs/schemas/leaderboard.schema.json}) and the self-contained {@code leaderboard.html}. Every one opens with
 * the trial ranked when a run played trials (trial 1, {@link ComparedRun#trialNote}), then the task sets when runs
 * over different tasks were ranked on their shared tasks ({@link TaskSets#headline()}; in the CSV a first line
 * starting "#"), then the setup differences when runs of different setups were ranked together.
 *
 * <p>JSON: {@code format} ({@code clarq-leaderboard/1}), {@code shared_tasks} (null when every run holds the same
 * tasks, otherwise {@code note}, {@code tasks} and {@code differences}), {@code compared_trial} (1),
 * {@code trial_note} (only when a run played trials), {@code not_scored} (one line per run with lines not scored,
 * only when a run has some), {@code runs} (name, judge, dialogues, trials, setup, tokens or null,
 * cost_usd or null), {@code setup_differences} (lines), {@code method}, and {@code languages}: per language code the
 * rows, best first, each with {@code rank} (null when unranked), {@code rank_label} ("1="), {@code tied_with_leader},
 * {@code significantly_better} (the runs significantly better than this one), {@code run},
 * {@code dialogues}, {@code judged}, {@code successes}, {@code unjudged}, {@code success}, {@code aqd}, {@code aql}
 * ({@code value}, {@code ci95}), {@code versus_leader} (null for the leader: {@code shared}, {@code judged_in_both},
 * {@code leader_only}, {@code run_only}, {@code mcnemar_p}, {@code mcnemar_p_holm}), {@code pass_hat} (k = 1.., empty
 * without trials), {@code tokens} (the whole run's, null when not recorded), {@code cached_tokens} (the cached input
 * tokens among them, only when the run records usage by role), {@code cost_usd} (the whole run's
 * seeker and provider calls at the board's prices, null when unknown: {@link RunExtras#cost()}) and
 * {@code cost_batch} (whether that cost is at batch prices: the run played in batch mode). In the Markdown and HTML
 * tables such a cost reads "$1.23 batch", and tokens read "120000 (80000 cached)" when some were cached; the CSV has
 * a {@code cost_batch} column.
 */
public final class LeaderboardFiles {
  /** The JSON format name and version. */
  public static final String FORMAT = "clarq-leaderboard/1";
  /** The files written, in order. */
  public static final List<String> NAMES = List.of("leaderboard.md", "leaderboard.csv", "leaderboard.json",
      "leaderboard.html");
  static final String METHOD = "Each language on its own. Success: the share of judged dialogues that succeeded, with"
      + " a 95% Wilson interval. Ranks: every pair of runs is tested with McNemar's exact two-sided test over the"
      + " dialogues both judged, p-values adjusted by Holm's method over all pairs; a run's rank is 1 + the number of"
      + " runs significantly better than it (higher success, adjusted p below 0.05), raised where needed to the rank"
      + " of any run with a higher success, so a run never ranks above one with a higher success. Runs sharing a rank"
      + " (\"2=\") are not told apart. Holm p in the table: the run against the leader.";
  private static final ObjectMapper JSON = new ObjectMapper();

  private LeaderboardFiles() {}

  /**
   * Writes the four files into {@code dir} (created when missing), each atomically, once all four are rendered.
   *
   * @return the files written, in {@link #NAMES} order
   */
  public static List<Path> write(Leaderboard board, Path dir) {
    List<String> contents = List.of(markdown(board), csv(board), jsonText(board), LeaderboardPage.render(board));
    List<Path> out = new ArrayList<>();
    for (int i = 0; i < NAMES.size(); i++) {
      Path f = dir.resolve(NAMES.get(i));
      AtomicFiles.write(f, contents.get(i));
      out.add(f);
    }
    return out;
  }

  /** The self-contained page, as {@code leaderboard.html} holds it ({@code clarq serve} shows it without a file). */
  public static String html(Leaderboard board) {
    return LeaderboardPage.render(board);
  }

  /** The board as one JSON object. */
  public static ObjectNode json(Leaderboard board) {
    ObjectNode o = JSON.createObjectNode().put("format", FORMAT);
    if (board.taskSets().same()) {
      o.putNull("shared_tasks");
    } else {
      ObjectNode t = o.putObject("shared_tasks").put("note", board.taskSets().headline())
          .put("tasks", board.taskSets().shared());
      board.taskSets().differences().forEach(t.putArray("differences")::add);
    }
    o.put("compared_trial", ComparedRun.COMPARED_TRIAL);
    ComparedRun.trialNote(board.runs()).ifPresent(n -> o.put("trial_note", n));
    List<String> notScored = ComparedRun.notScoredNotes(board.runs());
    if (!notScored.isEmpty()) {   // only when a run has lines not scored: other boards stay as they were
      notScored.forEach(o.putArray("not_scored")::add);
    }
    ArrayNode rs = o.putArray("runs");
    for (int i = 0; i < board.runs().size(); i++) {
      ComparedRun r = board.runs().get(i);
      ObjectNode n = rs.addObject().put("name", r.name()).put("judge", r.judge()).put("dialogues", r.scores().size())
          .put("trials", r.trials());
      ObjectNode setup = n.putObject("setup");
      r.setup().values().forEach(setup::put);
      if (board.extras().get(i).tokens().isPresent()) {
        n.put("tokens", board.extras().get(i).tokens().getAsLong());
      } else {
        n.putNull("tokens");
      }
      if (board.extras().get(i).cost().isPresent()) {
        n.put("cost_usd", board.extras().get(i).cost().getAsDouble());
      } else {
        n.putNull("cost_usd");
      }
      n.put("cost_batch", board.extras().get(i).costAtBatchPrices());
    }
    ArrayNode diffs = o.putArray("setup_differences");
    board.setupDifferences().forEach(diffs::add);
    ObjectNode method = FiguresJson.method(board.bootstrap(), o.putObject("method"));
    method.put("tie_test", "McNemar exact two-sided between every pair of runs, Holm over all pairs; rank = 1 + the"
        + " runs significantly better, raised to the rank of any run with a higher success").put("alpha",
        Leaderboard.ALPHA);
    ObjectNode langs = o.putObject("languages");
    board.languages().forEach((l, rows) -> {
      ArrayNode a = langs.putArray(l.code());
      for (Leaderboard.Row row : rows) {
        ObjectNode n = a.addObject();
        if (row.rank() == 0) {
          n.putNull("rank");
        } else {
          n.put("rank", row.rank());
        }
        n.put("rank_label", row.rankLabel()).put("tied_with_leader", row.tiedWithLeader());
        row.significantlyBetter().forEach(n.putArray("significantly_better")::add);
        n.put("run", row.run());
        GroupFigures f = row.figures();
        n.put("dialogues", f.dialogues()).put("judged", f.judged()).put("successes", f.successes())
            .put("unjudged", f.unjudged());
        FiguresJson.estimate(f.success(), n.putObject("success"));
        FiguresJson.estimate(f.aqd(), n.putObject("aqd"));
        FiguresJson.estimate(f.aql(), n.putObject("aql"));
        Leaderboard.VersusLeader v = row.versusLeader();
        if (v == null) {
          n.putNull("versus_leader");
        } else {
          ObjectNode vn = n.putObject("versus_leader").put("shared", v.shared()).put("judged_in_both",
              v.judgedInBoth()).put("leader_only", v.leaderOnly()).put("run_only", v.runOnly());
          FiguresJson.number(vn, "mcnemar_p", v.mcnemarP());
          FiguresJson.number(vn, "mcnemar_p_holm", v.holmP());
        }
        ArrayNode hat = n.putArray("pass_hat");
        row.passHat().forEach(x -> {
          if (x.isNaN()) {
            hat.addNull();
          } else {
            hat.add(x);
          }
        });
        if (row.tokens() < 0) {
          n.putNull("tokens");
        } else {
          n.put("tokens", row.tokens());
        }
        if (row.cachedTokens() >= 0) {
          n.put("cached_tokens", row.cachedTokens());
        }
        FiguresJson.number(n, "cost_usd", row.cost());
        n.put("cost_batch", row.costAtBatchPrices());
      }
    });
    return o;
  }

  /** {@link #json} as indented text. */
  public static String jsonText(Leaderboard board) {
    try {
      return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(json(board)) + "\n";
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("cannot write the leaderboard as JSON", e);
    }
  }

  /**
   * The board as Markdown: which trial is ranked (when a run played trials), the runs with lines not scored (one
   * line each), setup differences, then a table per
   * language.
   */
  public static String markdown(Leaderboard board) {
    StringBuilder sb = new StringBuilder("# ClarQ-LLM leaderboard\n\n");
    ComparedRun.trialNote(board.runs()).ifPresent(n -> sb.append("**").append(md(n)).append("**\n\n"));
    List<String> notScored = ComparedRun.notScoredNotes(board.runs());
    notScored.forEach(n -> sb.append("**note:** ").append(md(n)).append("\n\n"));
    if (!board.taskSets().same()) {
      sb.append("**").append(md(board.taskSets().headline())).append("**\n\n");
      board.taskSets().differences().forEach(d -> sb.append("- ").append(md(d)).append('\n'));
      sb.append('\n');
    }
    if (!board.setupDifferences().isEmpty()) {
      sb.append("**The runs' setups differ**: ranked together only because --allow-different-setup was given; a"
          + " difference in rank is not the seeker's alone.\n\n");
      board.setupDifferences().forEach(d -> sb.append("- ").append(md(d)).append('\n'));
      sb.append('\n');
    }
    sb.append(METHOD).append('\n');
    ComparedRun first = board.runs().get(0);
    sb.append("\nJudge: ").append(md(first.judge())).append("; prompt pack: ")
        .append(md(first.setup().values().get("prompts"))).append(" (the first run's setup).\n");
    board.languages().forEach((l, rows) -> {
      sb.append("\n## ").append(l.directoryName()).append("\n\n");
      sb.append("| rank | run | success [95%] | judged | AQD | AQL (").append(aqlUnit(l))
          .append(") | vs leader: only leader / only run | McNemar p | Holm p | significantly better | pass^k | tokens"
              + " | cost |\n");
      sb.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
      for (Leaderboard.Row r : rows) {
        Leaderboard.VersusLeader v = r.versusLeader();
        sb.append("| ").append(r.rankLabel()).append(" | ").append(md(r.run())).append(" | ")
            .append(estimate(r.figures().success())).append(" | ").append(r.figures().judged()).append('/')
            .append(r.figures().dialogues()).append(" | ").append(fixed(r.figures().aqd().value())).append(" | ")
            .append(fixed(r.figures().aql().value())).append(" | ")
            .append(v == null ? "-" : v.leaderOnly() + " / " + v.runOnly()).append(" | ")
            .append(v == null ? "-" : p(v.mcnemarP())).append(" | ").append(v == null ? "-" : p(v.holmP()))
            .append(" | ").append(better(r)).append(" | ").append(passHat(r.passHat())).append(" | ").append(tokens(r.tokens(), r.cachedTokens()))
            .append(" | ").append(cost(r)).append(" |\n");
      }
    });
    return sb.toString();
  }

  /**
   * The board as CSV, one line per language and run, with a header line, after a line "# note: ..." per run with
   * lines not scored and the shared-tasks line when they apply; the first column, {@code compared_trial},
   * is the trial the figures are of (1: runs of several trials are ranked on trial 1).
   */
  public static String csv(Leaderboard board) {
    StringBuilder sb = new StringBuilder();
    ComparedRun.notScoredNotes(board.runs()).forEach(n -> sb.append("# note: ").append(n.replace('\n', ' '))
        .append('\n'));
    if (!board.taskSets().same()) {
      sb.append("# ").append(board.taskSets().headline().replace('\n', ' ')).append('\n');
    }
    sb.append("compared_trial,language,rank,rank_label,tied_with_leader,run,dialogues,judged,successes,"
        + "success,success_low,success_high,aqd,aql,leader_only,run_only,mcnemar_p,mcnemar_p_holm,significantly_better,"
        + "pass_hat,tokens,cost_usd,cost_batch\n");
    board.languages().forEach((l, rows) -> {
      for (Leaderboard.Row r : rows) {
        GroupFigures f = r.figures();
        Leaderboard.VersusLeader v = r.versusLeader();
        List<String> cells = new ArrayList<>(List.of(String.valueOf(ComparedRun.COMPARED_TRIAL), l.code(),
            r.rank() == 0 ? "" : String.valueOf(r.rank()), r.rankLabel(), String.valueOf(r.tiedWithLeader()), r.run(), String.valueOf(f.dialogues()),
            String.valueOf(f.judged()), String.valueOf(f.successes()), num(f.success().value()),
            num(f.success().interval().lower()), num(f.success().interval().upper()), num(f.aqd().value()),
            num(f.aql().value()), v == null ? "" : String.valueOf(v.leaderOnly()),
            v == null ? "" : String.valueOf(v.runOnly()), v == null ? "" : num(v.mcnemarP()),
            v == null ? "" : num(v.holmP()), String.join(" | ", r.significantlyBetter()),
            r.passHat().stream().map(LeaderboardFiles::num).collect(Collectors.joining(" ")), r.tokens() < 0 ? "" : String.valueOf(r.tokens()),
            Double.isNaN(r.cost()) ? "" : num(r.cost()), String.valueOf(r.costAtBatchPrices())));
        sb.append(cells.stream().map(LeaderboardFiles::csvCell).collect(Collectors.joining(","))).append('\n');
      }
    });
    return sb.toString();
  }

  /** The runs significantly better than a row's, "-" when none. */
  static String better(Leaderboard.Row r) {
    return r.significantlyBetter().isEmpty() ? "-" : md(String.join(", ", r.significantlyBetter()));
  }

  /** A row's cost to the cent, marked "batch" when it is at batch prices ("$1.23 batch"), "-" when unknown. */
  static String cost(Leaderboard.Row r) {
    return cost(r.cost(), r.costAtBatchPrices());
  }

  /** A cost to the cent, marked "batch" when it is at batch prices ("$1.23 batch"), "-" when unknown (NaN). */
  static String cost(double usd, boolean atBatchPrices) {
    return cost(usd) + (atBatchPrices && !Double.isNaN(usd) ? " batch" : "");
  }

  /**
   * A run's tokens as the tables show them: "-" when not recorded (below 0), else the count, followed by the cached
   * input tokens among them when known and above 0 ("120000 (80000 cached)").
   */
  static String tokens(long tokens, long cached) {
    return tokens < 0 ? "-" : tokens + (cached > 0 ? " (" + cached + " cached)" : "");
  }

  /** A cost in US dollars to the cent, "-" when unknown. */
  static String cost(double usd) {
    return Double.isNaN(usd) ? "-" : String.format(Locale.ROOT, "$%.2f", usd);
  }

  static String aqlUnit(Language l) {
    return l == Language.CHINESE ? "characters per seeker line" : "spaces per seeker line";
  }

  static String estimate(Estimate e) {
    if (Double.isNaN(e.value())) {
      return "-";
    }
    return e.interval().defined() ? String.format(Locale.ROOT, "%.4f [%.4f, %.4f]", e.value(), e.interval().lower(),
        e.interval().upper()) : fixed(e.value());
  }

  static String passHat(List<Double> hat) {
    if (hat.isEmpty()) {
      return "-";
    }
    List<String> out = new ArrayList<>();
    for (int k = 0; k < hat.size(); k++) {
      out.add("^" + (k + 1) + " " + (hat.get(k).isNaN() ? "-" : fixed(hat.get(k))));
    }
    return String.join(", ", out);
  }

  static String p(double p) {
    if (Double.isNaN(p)) {
      return "-";
    }
    return p >= 0.001 ? String.format(Locale.ROOT, "%.4f", p) : String.format(Locale.ROOT, "%.2e", p);
  }

  static String num(double v) {
    return Double.isNaN(v) ? "" : String.valueOf(v);
  }

  static String csvCell(String s) {
    return s.contains(",") || s.contains("\"") || s.contains("\n") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
  }

  static String md(String s) {
    return s.replace("|", "\\|").replace("\n", " ");
  }
}
