package io.clarq.serve.study.web;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.serve.study.SeekerSessions;
import io.clarq.serve.study.StudyExport;
import io.clarq.serve.study.StudyHost;
import io.clarq.serve.study.StudySpec;
import io.clarq.serve.study.StudyStore;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.Cookie;
import io.javalin.http.HttpStatus;
import io.javalin.http.SameSite;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The study routes, mounted on a Javalin server ({@link #mount}):
 *
 * <ul>
 *   <li>{@code GET /study/NAME/p/TOKEN}: a participant's list; {@code GET .../N}: their N-th item;
 *       {@code GET .../N/state.json}: the same as JSON; {@code POST .../N/say}, {@code POST .../N/rate},
 *       {@code POST .../N/answer} (a human provider's reply: {@code node} fields or a typed {@code line}),
 *       {@code POST .../N/move} (a MediQ expert's question or answer). The link
 *       token is the participant's only key and opens their own sessions only; an unknown token is a plain 404.
 *   <li>{@code /admin/login}; {@code GET, POST /admin/studies}; {@code GET /admin/studies/NAME};
 *       {@code POST /admin/studies/NAME/export}: only with the admin token (the sign-in cookie, or
 *       {@code Authorization: Bearer TOKEN}).
 * </ul>
 *
 * Every POST carries a CSRF token ({@link Csrf}) and is refused without it; bodies over {@link #MAX_BODY} bytes are
 * refused before they are read; every page is sent with a policy that runs no script ({@link Page#POLICY}).
 */
public final class StudyPages {
  /** The largest request body a study route reads (a spec pasted on the admin page is the largest). */
  public static final long MAX_BODY = 256 * 1024;
  /** The sign-in cookie's name. */
  public static final String ADMIN_COOKIE = "clarq_study_admin";

  private static final ObjectMapper JSON = new ObjectMapper();

  private final StudyHost host;
  private final String adminToken;
  private final Csrf csrf;
  private final java.util.function.Predicate<Context> isAdmin;
  private final String loginPath;

  /** Pages with their own admin sign-in ({@code /admin/login}) for {@code adminToken}: the standalone server. */
  public StudyPages(StudyHost host, String adminToken, Csrf csrf) {
    this.host = Objects.requireNonNull(host, "host");
    this.adminToken = Objects.requireNonNull(adminToken, "adminToken");
    this.csrf = Objects.requireNonNull(csrf, "csrf");
    if (adminToken.length() < 20) {
      throw new IllegalArgumentException("illegal admin token: at least 20 characters");
    }
    this.isAdmin = this::hasToken;
    this.loginPath = "/admin/login";
  }

  /**
   * Pages inside a server that signs its admin in itself ({@code clarq serve}): {@code isAdmin} tells an admin's
   * request, {@code loginPath} is where the admin signs in.
   */
  public StudyPages(StudyHost host, java.util.function.Predicate<Context> isAdmin, String loginPath, Csrf csrf) {
    this.host = Objects.requireNonNull(host, "host");
    this.adminToken = null;
    this.csrf = Objects.requireNonNull(csrf, "csrf");
    this.isAdmin = Objects.requireNonNull(isAdmin, "isAdmin");
    this.loginPath = Objects.requireNonNull(loginPath, "loginPath");
  }

  /** Adds the study routes to {@code app}. */
  public void mount(Javalin app) {
    app.before("/study/*", this::guard);
    app.before("/admin/*", this::guard);
    app.get("/study/{name}/p/{token}", ctx -> participant(ctx).ifPresent(p -> home(ctx, p)));
    app.get("/study/{name}/p/{token}/{n}", ctx -> participant(ctx).ifPresent(p -> item(ctx, p, Optional.empty())));
    app.get("/study/{name}/p/{token}/{n}/state.json", ctx -> participant(ctx).ifPresent(p -> state(ctx, p)));
    app.post("/study/{name}/p/{token}/{n}/say", ctx -> participant(ctx).ifPresent(p -> say(ctx, p)));
    app.post("/study/{name}/p/{token}/{n}/rate", ctx -> participant(ctx).ifPresent(p -> rate(ctx, p)));
    app.post("/study/{name}/p/{token}/{n}/answer", ctx -> participant(ctx).ifPresent(p -> answer(ctx, p)));
    app.post("/study/{name}/p/{token}/{n}/move", ctx -> participant(ctx).ifPresent(p -> move(ctx, p)));
    if (adminToken != null) {
      app.get("/admin/login", ctx -> html(ctx, AdminPages.login(csrf.token("login"), Optional.empty())));
      app.post("/admin/login", this::login);
    }
    app.get("/admin/studies", ctx -> {
      if (admin(ctx)) {
        html(ctx, AdminPages.list(rows(), csrf.token("admin"), Optional.empty()));
      }
    });
    app.post("/admin/studies", this::create);
    app.get("/admin/studies/{name}", ctx -> {
      if (admin(ctx)) {
        var h = host.find(ctx.pathParam("name")).orElseThrow(() -> new NotFound());
        html(ctx, AdminPages.study(h.study(), origin(ctx), csrf.token("admin"), Optional.empty(), Optional.empty()));
      }
    });
    app.post("/admin/studies/{name}/export", this::export);
  }

  // ---- guards

  private void guard(Context ctx) {
    ctx.header("Content-Security-Policy", Page.POLICY);
    ctx.header("X-Content-Type-Options", "nosniff");
    ctx.header("Referrer-Policy", "no-referrer");   // a participant's link never leaves in a Referer header
    ctx.header("Cache-Control", "no-store");
    long length = ctx.contentLength();
    if (length > MAX_BODY) {
      throw new TooLarge();
    }
  }

  /** The participant a link names, or a 404 (the same for an unknown study and an unknown token). */
  private Optional<Participant> participant(Context ctx) {
    Optional<StudyHost.Hosted> h = host.find(ctx.pathParam("name"));
    Optional<StudyStore.Participant> p = h.flatMap(x -> x.study().store().participantByToken(ctx.pathParam("token")));
    if (p.isEmpty()) {
      throw new NotFound();
    }
    String agent = Optional.ofNullable(ctx.header("User-Agent")).orElse("");
    agent = agent.length() > 300 ? agent.substring(0, 300) : agent;
    if (!agent.isEmpty() && !p.get().userAgent().orElse("").equals(agent)) {
      h.get().study().store().recordUserAgent(p.get().id(), agent);
    }
    return Optional.of(new Participant(h.get(), p.get(), h.get().study().linkPath(p.get().token())));
  }

  private record Participant(StudyHost.Hosted hosted, StudyStore.Participant who, String base) {
    List<StudyStore.Session> sessions() {
      return hosted.study().store().sessions(who.id());
    }
  }

  private boolean admin(Context ctx) {
    if (isAdmin.test(ctx)) {
      return true;
    }
    ctx.status(HttpStatus.UNAUTHORIZED);
    html(ctx, Page.of("clarq studies", "admin", "<div class=\"card\"><p>This page needs the admin token."
        + " <a href=\"" + loginPath + "\">Sign in</a>.</p></div>"));
    return false;
  }

  private boolean hasToken(Context ctx) {
    String given = Optional.ofNullable(ctx.cookie(ADMIN_COOKIE)).orElse("");
    String auth = ctx.header("Authorization");
    if (auth != null && auth.startsWith("Bearer ")) {
      given = auth.substring("Bearer ".length()).strip();
    }
    return MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8), adminToken.getBytes(StandardCharsets.UTF_8));
  }

  private boolean csrfOk(Context ctx, String subject) {
    if (csrf.valid(subject, ctx.formParam(Csrf.FIELD))) {
      return true;
    }
    ctx.status(HttpStatus.FORBIDDEN);
    html(ctx, Page.of("Refused", "", "<div class=\"card\"><p class=\"error\">This form was not sent from this site's"
        + " own page (its security token is missing or wrong). Reload the page and send it again.</p></div>"));
    return false;
  }

  // ---- participant routes

  private void home(Context ctx, Participant p) {
    html(ctx, ParticipantPages.home(p.hosted().study(), p.base(), p.sessions()));
  }

  private StudyStore.Session session(Context ctx, Participant p) {
    int n;
    try {
      n = Integer.parseInt(ctx.pathParam("n"));
    } catch (NumberFormatException e) {
      throw new NotFound();
    }
    List<StudyStore.Session> mine = p.sessions();
    if (n < 1 || n > mine.size()) {
      throw new NotFound();
    }
    return mine.get(n - 1);
  }

  private void item(Context ctx, Participant p, Optional<String> error) {
    StudyStore.Session s = session(ctx, p);
    String token = csrf.token("participant:" + p.who().token());
    long now = System.currentTimeMillis();
    if (p.hosted().providers().isPresent()) {
      html(ctx, ProviderPages.dialogue(p.hosted().study(), p.base(), p.hosted().providers().get().view(s), token, now,
          error));
    } else if (p.hosted().experts().isPresent()) {
      html(ctx, ExpertPage.page(p.hosted().study(), p.base(), p.hosted().experts().get().view(s), token, now, error));
    } else if (p.hosted().seekers().isPresent()) {
      html(ctx, ParticipantPages.dialogue(p.hosted().study(), p.base(), p.hosted().seekers().get().view(s), token,
          now, error));
    } else {
      html(ctx, ParticipantPages.rating(p.hosted().study(), p.base(), p.hosted().ratings().get().view(s), token, now,
          error));
    }
  }

  private void state(Context ctx, Participant p) {
    StudyStore.Session s = session(ctx, p);
    ObjectNode o = JSON.createObjectNode();
    o.put(Csrf.FIELD, csrf.token("participant:" + p.who().token())).put("shown", System.currentTimeMillis());
    if (p.hosted().providers().isPresent()) {
      ProviderJson.fill(o, p.hosted().providers().get().view(s));
    } else if (p.hosted().experts().isPresent()) {
      ExpertPage.json(p.hosted().experts().get().view(s), o);
    } else if (p.hosted().seekers().isPresent()) {
      ParticipantPages.json(p.hosted().seekers().get().view(s), o);
    } else {
      ParticipantPages.json(p.hosted().ratings().get().view(s), o);
    }
    ctx.contentType("application/json; charset=utf-8").result(o.toString());
  }

  private void say(Context ctx, Participant p) {
    if (!csrfOk(ctx, "participant:" + p.who().token())) {
      return;
    }
    StudyStore.Session s = session(ctx, p);
    SeekerSessions seekers = p.hosted().seekers().orElseThrow(NotFound::new);
    // the End button sends the benchmark's own goodbye, whatever is in the box
    String line = ctx.formParam("end") != null ? "Goodbye." : Optional.ofNullable(ctx.formParam("line")).orElse("");
    try {
      seekers.say(s, line, millis(ctx));
    } catch (IllegalArgumentException | IllegalStateException e) {
      ctx.status(HttpStatus.BAD_REQUEST);
      item(ctx, p, Optional.of(e.getMessage()));
      return;
    }
    ctx.redirect(p.base() + "/" + (s.position() + 1), HttpStatus.SEE_OTHER);
  }

  private void answer(Context ctx, Participant p) {
    if (!csrfOk(ctx, "participant:" + p.who().token())) {
      return;
    }
    StudyStore.Session s = session(ctx, p);
    Optional<String> error = ProviderPages.answer(ctx::formParam, ctx.formParams("node"),
        p.hosted().providers().orElseThrow(NotFound::new), s, millis(ctx));
    if (error.isPresent()) {
      ctx.status(HttpStatus.BAD_REQUEST);
      item(ctx, p, error);
      return;
    }
    ctx.redirect(p.base() + "/" + (s.position() + 1), HttpStatus.SEE_OTHER);
  }

  private void rate(Context ctx, Participant p) {
    if (!csrfOk(ctx, "participant:" + p.who().token())) {
      return;
    }
    StudyStore.Session s = session(ctx, p);
    Optional<String> error = ParticipantPages.rate(ctx::formParam, p.hosted().ratings().orElseThrow(NotFound::new), s,
        millis(ctx));
    if (error.isPresent()) {
      ctx.status(HttpStatus.BAD_REQUEST);
      item(ctx, p, error);
      return;
    }
    ctx.redirect(p.base() + "/" + (s.position() + 1), HttpStatus.SEE_OTHER);
  }

  private void move(Context ctx, Participant p) {
    if (!csrfOk(ctx, "participant:" + p.who().token())) {
      return;
    }
    StudyStore.Session s = session(ctx, p);
    Optional<String> error = ExpertPage.move(ctx::formParam, p.hosted().experts().orElseThrow(NotFound::new), s,
        millis(ctx));
    if (error.isPresent()) {
      ctx.status(HttpStatus.BAD_REQUEST);
      item(ctx, p, error);
      return;
    }
    ctx.redirect(p.base() + "/" + (s.position() + 1), HttpStatus.SEE_OTHER);
  }

  // the time since the page was shown (the page carries it), at most a day; empty when the field is missing or odd
  private static Optional<Long> millis(Context ctx) {
    try {
      long shown = Long.parseLong(Optional.ofNullable(ctx.formParam("shown")).orElse(""));
      long ms = System.currentTimeMillis() - shown;
      return ms >= 0 && ms <= 86_400_000L ? Optional.of(ms) : Optional.empty();
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  // ---- admin routes

  private void login(Context ctx) {
    if (!csrfOk(ctx, "login")) {
      return;
    }
    String given = Optional.ofNullable(ctx.formParam("token")).orElse("").strip();
    if (!MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8), adminToken.getBytes(StandardCharsets.UTF_8))) {
      ctx.status(HttpStatus.UNAUTHORIZED);
      html(ctx, AdminPages.login(csrf.token("login"), Optional.of("That is not the admin token.")));
      return;
    }
    Cookie cookie = new Cookie(ADMIN_COOKIE, adminToken, "/", -1, false, 0, true, null, null, SameSite.STRICT);
    ctx.cookie(cookie);
    ctx.redirect("/admin/studies", HttpStatus.SEE_OTHER);
  }

  private List<AdminPages.StudyRow> rows() {
    return host.names().stream().map(n -> host.find(n).orElseThrow()).map(h -> {
      List<StudyStore.Session> all = h.study().store().allSessions();
      return new AdminPages.StudyRow(h.study().name(), h.study().spec().mode(), h.study().spec().participants(),
          (int) all.stream().filter(StudyStore.Session::finished).count(), all.size());
    }).toList();
  }

  private void create(Context ctx) {
    if (!admin(ctx) || !csrfOk(ctx, "admin")) {
      return;
    }
    try {
      StudySpec spec = StudySpec.parse(JSON.readTree(Optional.ofNullable(ctx.formParam("spec")).orElse("")),
          host.root());
      host.create(spec);
      ctx.redirect("/admin/studies/" + spec.name(), HttpStatus.SEE_OTHER);
    } catch (IllegalArgumentException | com.fasterxml.jackson.core.JsonProcessingException e) {
      ctx.status(HttpStatus.BAD_REQUEST);
      html(ctx, AdminPages.list(rows(), csrf.token("admin"), Optional.of("spec: " + e.getMessage())));
    }
  }

  private void export(Context ctx) throws InterruptedException {
    if (!admin(ctx) || !csrfOk(ctx, "admin")) {
      return;
    }
    var h = host.find(ctx.pathParam("name")).orElseThrow(NotFound::new);
    Path out = h.study().folder().resolve("export");
    try {
      List<Path> written = StudyExport.export(h.study(), out);
      html(ctx, AdminPages.study(h.study(), origin(ctx), csrf.token("admin"),
          Optional.of(written.stream().map(p -> h.study().folder().relativize(p)).toList()), Optional.empty()));
    } catch (IllegalStateException | IllegalArgumentException e) {
      ctx.status(HttpStatus.BAD_REQUEST);
      html(ctx, AdminPages.study(h.study(), origin(ctx), csrf.token("admin"), Optional.empty(),
          Optional.of(e.getMessage())));
    }
  }

  private static String origin(Context ctx) {
    return ctx.scheme() + "://" + ctx.host();
  }

  private static void html(Context ctx, String page) {
    ctx.contentType("text/html; charset=utf-8").result(page);
  }

  /** Handlers for the study routes' own failures; call once on the app. */
  public static void errors(Javalin app) {
    app.exception(NotFound.class, (e, ctx) -> {
      ctx.status(HttpStatus.NOT_FOUND);
      html(ctx, Page.of("Not found", "", "<div class=\"card\"><p>There is nothing here. Check the link you were"
          + " given.</p></div>"));
    });
    app.exception(TooLarge.class, (e, ctx) -> {
      ctx.status(HttpStatus.CONTENT_TOO_LARGE);
      html(ctx, Page.of("Too large", "", "<div class=\"card\"><p>That request is too large (at most " + MAX_BODY / 1024
          + " KiB).</p></div>"));
    });
  }

  /** A page that does not exist for this caller. */
  static final class NotFound extends RuntimeException {
    private static final long serialVersionUID = 1L;

    NotFound() {
      super("not found", null, false, false);
    }
  }

  /** A request body over the limit. */
  static final class TooLarge extends RuntimeException {
    private static final long serialVersionUID = 1L;

    TooLarge() {
      super("request body too large", null, false, false);
    }
  }
}
