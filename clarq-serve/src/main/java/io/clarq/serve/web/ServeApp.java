package io.clarq.serve.web;

import io.clarq.serve.ServeSettings;
import io.clarq.serve.runs.RunIndex;
import io.clarq.serve.runs.RunRoots;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HttpResponseException;
import io.javalin.http.RedirectResponse;
import java.net.URI;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code clarq serve} web application on Javalin (Jetty): the run pages ({@link RunPages}), the admin login, and
 * what guards every route: security headers on every response ({@link Pages#secure}), request bodies bounded by
 * {@link ServeSettings#maxRequestBytes()}, a plain error page for every failure with the details in the server's log
 * only (no stack trace reaches a page), and the helpers other pages use: {@link #auth()} for admin pages and
 * {@link #csrf()} for every POST form. More pages are added on {@link #javalin()} before {@link #start()}:
 *
 * <pre>{@code
 * ServeApp app = ServeApp.create(settings);
 * app.javalin().get("/studies", ctx -> { app.auth().require(ctx); Pages.send(ctx, page); });
 * app.start();
 * URI url = app.url();   // http://127.0.0.1:PORT/, the port chosen when the settings gave 0
 * }</pre>
 */
public final class ServeApp implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ServeApp.class);
  private final ServeSettings settings;
  private final Javalin javalin;
  private final AdminAuth auth;
  private final Csrf csrf;
  private final RunIndex index;

  private ServeApp(ServeSettings settings) {
    this.settings = settings;
    Secrets secrets = new Secrets();
    this.auth = new AdminAuth(settings.adminToken(), secrets);
    this.csrf = new Csrf(secrets);
    this.index = new RunIndex(new RunRoots(settings.dirs()));
    this.javalin = Javalin.create(config -> {
      config.showJavalinBanner = false;
      config.http.maxRequestSize = settings.maxRequestBytes();
      config.http.generateEtags = false;
    });
    javalin.before(Pages::secure);
    javalin.exception(HttpResponseException.class, ServeApp::refused);
    javalin.exception(Exception.class, (e, ctx) -> {
      String id = Secrets.token().substring(0, 8);
      LOG.error("request {} {} failed (error {})", ctx.method(), ctx.path(), id, e);
      Pages.message(ctx, 500, "Something went wrong", "The server could not answer this request (error " + id
          + ", described in the server's log).");
    });
    javalin.error(404, ctx -> {
      if (ctx.result() == null || ctx.result().isEmpty()) {
        Pages.message(ctx, 404, "Not found", "There is nothing at this address.");
      }
    });
    javalin.get("/", ctx -> ctx.redirect("/runs"));
    javalin.get("/login", this::loginPage);
    javalin.post("/login", this::logIn);
    javalin.post("/logout", ctx -> {
      csrf.require(ctx);
      auth.logOut(ctx);
      ctx.redirect("/login");
    });
    new RunPages(index, auth).register(javalin);
  }

  /** The application, not yet started. */
  public static ServeApp create(ServeSettings settings) {
    return new ServeApp(settings);
  }

  /** Javalin, to add routes before {@link #start()}. */
  public Javalin javalin() {
    return javalin;
  }

  /** The admin token's guard. */
  public AdminAuth auth() {
    return auth;
  }

  /** The CSRF tokens of every POST form. */
  public Csrf csrf() {
    return csrf;
  }

  /** The index of runs. */
  public RunIndex index() {
    return index;
  }

  /** Starts listening on the settings' address and port. */
  public ServeApp start() {
    javalin.start(settings.bind(), settings.port());
    return this;
  }

  /** The port listened on (the one chosen when the settings said 0). */
  public int port() {
    return javalin.port();
  }

  /** The server's address, e.g. {@code http://127.0.0.1:7070/}. */
  public URI url() {
    String host = settings.bind().contains(":") ? "[" + settings.bind() + "]" : settings.bind();
    if (host.equals("0.0.0.0")) {
      host = "127.0.0.1";
    }
    return URI.create("http://" + host + ":" + port() + "/");
  }

  /** Stops the server. */
  @Override
  public void close() {
    javalin.stop();
  }

  private static void refused(HttpResponseException e, Context ctx) {
    if (e instanceof RedirectResponse) {
      ctx.status(e.getStatus());
      return;
    }
    String title = switch (e.getStatus()) {
      case 401 -> "Admin token needed";
      case 403 -> "Refused";
      case 404 -> "Not found";
      case 413 -> "Too large";
      default -> "Refused";
    };
    String message = e.getStatus() == 413 ? "The request is larger than this server accepts."
        : e.getMessage() == null || e.getMessage().isBlank() ? title : e.getMessage();
    Pages.message(ctx, e.getStatus(), title, message);
  }

  private void loginPage(Context ctx) {
    Document doc = Pages.shell("Admin login");
    Element body = doc.body();
    if (auth.isAdmin(ctx)) {
      body.appendElement("p").text("You are logged in.");
    }
    body.appendElement("p").text("Enter the admin token that clarq serve printed when it started.");
    Element form = body.appendElement("form").attr("method", "post").attr("action", "/login").id("login");
    csrf.field(ctx, form);
    form.appendElement("input").attr("type", "hidden").attr("name", "next").attr("value", next(ctx.queryParam(
        "next")));
    form.appendElement("label").text("admin token ").appendElement("input").attr("type", "password")
        .attr("name", "token").attr("autocomplete", "off").attr("required", "");
    form.appendElement("button").attr("type", "submit").text("Log in");
    Pages.send(ctx, doc);
  }

  private void logIn(Context ctx) {
    csrf.require(ctx);
    if (!auth.matches(ctx.formParam("token"))) {
      LOG.warn("a wrong admin token was sent from {}", ctx.ip());
      Pages.message(ctx, 401, "Admin token needed", "That is not the admin token.");
      return;
    }
    auth.logIn(ctx);
    ctx.redirect(next(ctx.formParam("next")));
  }

  // only a path on this server: never an address elsewhere (//host, scheme:...)
  private static String next(String next) {
    if (next == null || !next.startsWith("/") || next.startsWith("//") || next.contains("\\")) {
      return "/runs";
    }
    return next;
  }
}
