package io.clarq.serve.web;

import io.clarq.core.clarqllm.judge.Judge;
import io.clarq.core.stats.Bootstrap;
import io.clarq.eval.compare.ComparedRun;
import io.clarq.eval.compare.ComparisonReport;
import io.clarq.eval.compare.OutcomeComparison;
import io.clarq.eval.compare.OutcomeRun;
import io.clarq.eval.compare.OutcomeRuns;
import io.clarq.eval.leaderboard.Leaderboard;
import io.clarq.eval.leaderboard.LeaderboardFiles;
import io.clarq.eval.leaderboard.OutcomeLeaderboard;
import io.clarq.eval.leaderboard.OutcomeLeaderboardFiles;
import io.clarq.eval.leaderboard.RunExtras;
import io.clarq.eval.report.HtmlPage;
import io.clarq.eval.report.HtmlReport;
import io.clarq.eval.report.RunReport;
import io.clarq.serve.runs.RunIndex;
import io.clarq.serve.runs.RunQuery;
import io.clarq.serve.runs.RunSummary;
import io.javalin.Javalin;
import io.javalin.http.BadRequestResponse;
import io.javalin.http.Context;
import io.javalin.http.NotFoundResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

/**
 * The run pages, all for the admin: {@code /runs} (the index: sortable by column through its links, filtered by
 * {@code ?benchmark=}, {@code ?status=} and {@code ?q=} on the server and by the report kit's filter in the page),
 * {@code /report/ID} (the run's {@code report.html}; a finished ClarQ-LLM run without one rendered as {@code clarq
 * report} writes it; otherwise the run's facts and files), {@code /files/ID} (a run's
 * JSON, JSONL, Markdown or CSV file as plain text), and {@code /compare} and {@code /leaderboard} with
 * {@code ?run=ID} repeated: the pages of {@code clarq compare --html} and {@code clarq leaderboard}, rendered by the
 * same code ({@link ComparisonReport#html()}, {@link LeaderboardFiles#html} for ClarQ-LLM runs,
 * {@link OutcomeComparison#html()}, {@link OutcomeLeaderboardFiles#html} for the other benchmarks) from the same
 * loading ({@link ComparedRun#load}, {@link RunExtras#of(Path)}, {@link OutcomeRuns#load}). Every path is confined to
 * the served directories
 * ({@link io.clarq.serve.runs.RunRoots#resolve}); anything else is "not found".
 */
final class RunPages {
  /** The file kinds {@code /files/} serves, by ending, with their content type. */
  static final Map<String, String> FILE_TYPES = Map.of(".json", "application/json; charset=utf-8",
      ".jsonl", "text/plain; charset=utf-8", ".md", "text/plain; charset=utf-8", ".csv", "text/plain; charset=utf-8");
  private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'",
      java.util.Locale.ROOT).withZone(ZoneOffset.UTC);
  // wider than the kit's page, one figure a line, ids in small type
  private static final String STYLE = "body{max-width:1240px}table.runs td.figures .figure,table.runs .model{"
      + "display:block;white-space:nowrap}table.runs .model{white-space:normal}table.runs .id{display:block;font-size:85%}table.runs th{text-align:left}"
      + "p.actions{display:flex;flex-wrap:wrap;gap:.3em 1em;align-items:center}";
  private final RunIndex index;
  private final AdminAuth auth;

  RunPages(RunIndex index, AdminAuth auth) {
    this.index = index;
    this.auth = auth;
  }

  void register(Javalin app) {
    app.get("/runs", this::runs);
    app.get("/report/<id>", this::report);
    app.get("/files/<id>", this::file);
    app.get("/compare", this::compare);
    app.get("/leaderboard", this::leaderboard);
  }

  private void runs(Context ctx) {
    auth.require(ctx);
    List<RunSummary> all = index.runs();
    RunQuery query = RunQuery.of(ctx.queryParam("benchmark"), ctx.queryParam("status"), ctx.queryParam("q"),
        ctx.queryParam("sort"), ctx.queryParam("order"));
    List<RunSummary> shown = query.apply(all);
    Document doc = Pages.shell("Runs");
    doc.head().appendElement("style").appendChild(new org.jsoup.nodes.DataNode(STYLE));
    Element body = doc.body();
    Element summary = body.appendElement("p").addClass("muted").addClass("summary").text(all.size() + " runs under "
        + String.join(", ", index.roots().roots().stream().map(Path::toString).toList()) + (shown.size() == all.size()
        ? "" : "; " + shown.size() + " match " + query.describe()) + ". New runs appear when the page is loaded"
        + " again.");
    if (!query.describe().isEmpty()) {
      summary.appendText(" ").appendElement("a").addClass("show-all").attr("href", "/runs").text("Show all runs.");
    }
    Map<String, String> benchmarks = new TreeMap<>();
    all.forEach(r -> benchmarks.put(r.benchmark(), r.benchmark()));
    Map<String, String> statuses = new LinkedHashMap<>();
    for (RunSummary.Status s : RunSummary.Status.values()) {
      statuses.put(s.key(), s.key());
    }
    HtmlPage.filter(body, "tr.run", List.of(new HtmlPage.Choice("benchmark", "benchmark", benchmarks),
        new HtmlPage.Choice("status", "status", statuses)));
    Element form = body.appendElement("form").attr("method", "get").attr("action", "/compare").id("pick");
    Element actions = form.appendElement("p").addClass("actions");
    actions.appendElement("button").attr("type", "submit").attr("formaction", "/compare").id("compare")
        .text("Compare selected");
    actions.appendText(" ");
    actions.appendElement("button").attr("type", "submit").attr("formaction", "/leaderboard").id("leaderboard")
        .text("Leaderboard of selected");
    actions.appendText(" ");
    actions.appendElement("label").text(" allow different setups").prependElement("input")
        .attr("type", "checkbox").attr("name", "allow").attr("value", "on");
    actions.appendElement("label").text(" rank on shared tasks").prependElement("input")
        .attr("type", "checkbox").attr("name", "shared").attr("value", "on");
    actions.appendElement("span").addClass("muted").text(" Finished runs of one benchmark can be compared and ranked.");
    Element wrap = form.appendElement("div").addClass("table-wrap");
    Element table = wrap.appendElement("table").addClass("wide").addClass("runs");
    Element head = table.appendElement("thead").appendElement("tr");
    head.appendElement("th").text("pick");
    for (String[] c : new String[][] {{"name", "run"}, {"benchmark", "benchmark"}, {"status", "status"},
        {"started", "started"}, {"models", "models"}, {"trials", "trials"}, {"figures", "headline figures"}}) {
      Element th = head.appendElement("th").addClass("text").attr("data-column", c[0]);
      if (RunQuery.SORTS.contains(c[0])) {
        th.appendElement("a").attr("href", query.sortedBy(c[0]).href("/runs")).text(c[1]
            + (query.sort().equals(c[0]) ? (query.descending() ? " \u2193" : " \u2191") : ""));
      } else {
        th.text(c[1]);
      }
    }
    Element tbody = table.appendElement("tbody");
    for (RunSummary r : shown) {
      row(tbody, r);
    }
    if (shown.isEmpty()) {
      body.appendElement("p").addClass("empty").text(all.isEmpty() ? "No run folders here yet." : "No run matches.");
    }
    Pages.send(ctx, doc);
  }

  private static void row(Element tbody, RunSummary r) {
    Element tr = tbody.appendElement("tr").addClass("run").attr("data-benchmark", r.benchmark())
        .attr("data-status", r.status().key()).attr("data-id", r.id());
    Element pick = tr.appendElement("td");
    if (r.comparable()) {
      pick.appendElement("input").attr("type", "checkbox").attr("name", "run").attr("value", r.id())
          .attr("aria-label", "pick " + r.id());
    }
    Element name = tr.appendElement("td").addClass("text").addClass("name");
    name.appendElement("a").attr("href", "/report/" + r.id()).text(r.name());
    name.appendElement("span").addClass("muted").addClass("id").text(r.id());
    tr.appendElement("td").addClass("text").addClass("benchmark").text(r.benchmark());
    Element status = tr.appendElement("td").addClass("text").addClass("status").text(r.status().key());
    if (r.failed() > 0) {
      status.appendElement("span").addClass("note").text(", " + r.failed() + " failed");
    }
    tr.appendElement("td").addClass("text").addClass("nowrap").addClass("started")
        .text(r.started().map(DATE::format).orElse("-"));
    Element models = tr.appendElement("td").addClass("text").addClass("models");
    r.models().forEach((role, model) -> models.appendElement("span").addClass("model").text(role + ": " + model));
    tr.appendElement("td").addClass("trials").text(Integer.toString(r.trials()));
    Element figures = tr.appendElement("td").addClass("text").addClass("figures");
    r.headline().forEach((label, value) -> figures.appendElement("span").addClass("figure").text(label + " " + value));
  }

  private void report(Context ctx) {
    auth.require(ctx);
    String id = ctx.pathParam("id");
    RunSummary run = index.run(id).orElseThrow(() -> new NotFoundResponse("There is no run at this address."));
    Optional<Path> report = index.roots().resolve(id + "/" + RunReport.FILE).filter(Files::isRegularFile);
    if (report.isPresent()) {
      Pages.send(ctx, read(report.get()));
      return;
    }
    if (run.comparable()) {
      // a finished ClarQ-LLM run without its page (written before reports were, or deleted): rendered as
      // `clarq report` would write it, in memory; the server writes nothing into a run folder
      Pages.send(ctx, HtmlReport.render(RunReport.read(dir(id))));
      return;
    }
    Document doc = Pages.shell("Run " + run.name());
    Element body = doc.body();
    body.appendElement("p").text("No report.html yet: the run is " + run.status().key() + ".");
    Map<String, String> facts = new LinkedHashMap<>();
    facts.put("id", run.id());
    facts.put("benchmark", run.benchmark());
    facts.put("status", run.status().key() + (run.failed() > 0 ? ", " + run.failed() + " failed" : ""));
    facts.put("started", run.started().map(DATE::format).orElse("-"));
    facts.put("models", run.modelsText());
    facts.put("trials", Integer.toString(run.trials()));
    facts.put("figures", run.headlineText());
    HtmlPage.settings(body, facts);
    files(body, id);
    Pages.send(ctx, doc);
  }

  private void files(Element body, String id) {
    Path dir = index.roots().resolve(id).orElseThrow(NotFoundResponse::new);
    Element ul = body.appendElement("ul").addClass("files");
    try (var s = Files.list(dir)) {
      s.filter(Files::isRegularFile).map(p -> p.getFileName().toString()).filter(RunPages::servable).sorted()
          .forEach(n -> ul.appendElement("li").appendElement("a").attr("href", "/files/" + id + "/" + n).text(n));
    } catch (IOException e) {
      throw new NotFoundResponse("The run's folder cannot be read.");
    }
  }

  private static boolean servable(String name) {
    return FILE_TYPES.keySet().stream().anyMatch(name::endsWith);
  }

  private void file(Context ctx) {
    auth.require(ctx);
    String id = ctx.pathParam("id");
    Path file = index.roots().resolve(id).filter(Files::isRegularFile)
        .filter(p -> servable(p.getFileName().toString()))
        .orElseThrow(() -> new NotFoundResponse("There is no such file."));
    String name = file.getFileName().toString();
    String type = FILE_TYPES.entrySet().stream().filter(e -> name.endsWith(e.getKey())).findFirst().orElseThrow()
        .getValue();
    ctx.contentType(type);
    try {
      ctx.result(Files.readAllBytes(file));
    } catch (IOException e) {
      throw new NotFoundResponse("The file cannot be read.");
    }
  }

  /** The picked runs' summaries: at least {@code least}, each comparable, all of one benchmark. */
  private List<RunSummary> picked(Context ctx, int least) {
    List<String> ids = ctx.queryParams("run");
    if (ids.size() < least) {
      throw new BadRequestResponse("Pick at least " + least + " finished run" + (least == 1 ? "" : "s")
          + " on the runs page.");
    }
    List<RunSummary> runs = new ArrayList<>();
    for (String id : ids) {
      RunSummary r = index.run(id).orElseThrow(() -> new NotFoundResponse("There is no run " + id + "."));
      if (!r.comparable()) {
        throw new BadRequestResponse("Run " + id + " is not a finished run of a benchmark with per-item outcomes:"
            + " only those can be compared and ranked.");
      }
      if (!r.benchmark().equals(runs.isEmpty() ? r.benchmark() : runs.get(0).benchmark())) {
        throw new BadRequestResponse("Runs of different benchmarks cannot be compared: " + runs.get(0).id() + " is "
            + runs.get(0).benchmark() + ", " + id + " is " + r.benchmark() + ".");
      }
      runs.add(r);
    }
    return runs;
  }

  private static boolean clarqLlm(List<RunSummary> runs) {
    return runs.get(0).benchmark().equals(RunSummary.CLARQ_LLM);
  }

  private List<ComparedRun> clarqLlmRuns(List<RunSummary> runs) throws Exception {
    List<ComparedRun> out = new ArrayList<>();
    for (RunSummary r : runs) {
      out.add(ComparedRun.load(dir(r.id()), Optional.empty(), Judge.none()));
    }
    return out;
  }

  private List<OutcomeRun> outcomeRuns(List<RunSummary> runs) {
    return runs.stream().map(r -> OutcomeRuns.load(dir(r.id()))).toList();
  }

  private Path dir(String id) {
    return index.roots().resolve(id).orElseThrow(NotFoundResponse::new);
  }

  private void compare(Context ctx) throws Exception {
    auth.require(ctx);
    List<RunSummary> picked = picked(ctx, 2);
    boolean allow = "on".equals(ctx.queryParam("allow"));
    String html;
    try {
      html = clarqLlm(picked) ? ComparisonReport.of(clarqLlmRuns(picked), Bootstrap.DEFAULT, allow).html()
          : OutcomeComparison.of(outcomeRuns(picked), Bootstrap.DEFAULT, allow).html();
    } catch (IllegalArgumentException e) {
      throw new BadRequestResponse(e.getMessage());
    }
    Pages.send(ctx, html);
  }

  private void leaderboard(Context ctx) throws Exception {
    auth.require(ctx);
    List<RunSummary> picked = picked(ctx, 1);
    boolean allow = "on".equals(ctx.queryParam("allow"));
    boolean shared = "on".equals(ctx.queryParam("shared"));
    String html;
    try {
      if (clarqLlm(picked)) {
        List<RunExtras> extras = picked.stream().map(r -> RunExtras.of(dir(r.id()))).toList();
        html = LeaderboardFiles.html(Leaderboard.of(clarqLlmRuns(picked), extras, Bootstrap.DEFAULT, allow, shared));
      } else {
        List<RunExtras> extras = picked.stream().map(r -> RunExtras.of(dir(r.id()))).toList();
        html = OutcomeLeaderboardFiles.html(OutcomeLeaderboard.of(outcomeRuns(picked), extras, Bootstrap.DEFAULT,
            allow, shared));
      }
    } catch (IllegalArgumentException e) {
      throw new BadRequestResponse(e.getMessage());
    }
    Pages.send(ctx, html);
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new NotFoundResponse("The report cannot be read.");
    }
  }
}
