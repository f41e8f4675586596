package io.clarq.serve.study.web;

import io.clarq.serve.study.StudyHost;
import io.clarq.serve.web.Html;
import io.javalin.Javalin;
import io.javalin.http.HttpStatus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Javalin server with the study routes alone ({@link StudyPages}): what the browser tests and the load benchmark
 * start, and what {@code clarq serve} mounts beside its run pages. Every failure that is not the caller's becomes a
 * plain "something went wrong" page (the cause goes to the log, never to the page).
 */
public final class StudyServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(StudyServer.class);
  /** The CSRF key's file under the studies folder (kept, so forms shown before a restart still post after it). */
  public static final String CSRF_KEY = ".csrf-key";

  private final Javalin app;

  private StudyServer(Javalin app) {
    this.app = app;
  }

  /** Starts a server for the studies under {@code host}'s folder on {@code bind}:{@code port} (0: any free port). */
  public static StudyServer start(StudyHost host, String adminToken, String bind, int port) {
    Objects.requireNonNull(bind, "bind");
    Javalin app = Javalin.create(config -> {
      config.showJavalinBanner = false;
      config.http.maxRequestSize = StudyPages.MAX_BODY;
    });
    install(app, host, adminToken);
    app.start(bind, port);
    return new StudyServer(app);
  }

  /** Mounts the study routes and their error pages on an app that is not started yet. */
  public static void install(Javalin app, StudyHost host, String adminToken) {
    new StudyPages(host, adminToken, new Csrf(csrfKey(host.root()))).mount(app);
    StudyPages.errors(app);
    app.exception(Exception.class, (e, ctx) -> {
      LOG.error("study request {} {} failed", ctx.method(), ctx.path(), e);
      ctx.status(HttpStatus.INTERNAL_SERVER_ERROR).contentType("text/html; charset=utf-8")
          .result(Page.of("Something went wrong", "", "<div class=\"card\"><p>Something went wrong on the server; what"
              + " you sent before is kept. Go back and try again. (" + Html.escape(e.getClass().getSimpleName())
              + ")</p></div>"));
    });
  }

  /**
   * Mounts the studies under {@code host}'s folder on {@code clarq serve}'s application (before it starts): the admin
   * pages take its admin sign-in ({@link io.clarq.serve.web.AdminAuth}); the forms keep the study's own CSRF key
   * (kept in the studies folder, so a participant's page shown before a restart still posts after it).
   */
  public static void mount(io.clarq.serve.web.ServeApp serve, StudyHost host) {
    Javalin app = serve.javalin();
    new StudyPages(host, serve.auth()::isAdmin, "/login", new Csrf(csrfKey(host.root()))).mount(app);
    StudyPages.errors(app);
  }

  /** The port the server listens on. */
  public int port() {
    return app.port();
  }

  @Override
  public void close() {
    app.stop();
  }

  /** A new admin token: 32 random bytes, URL-safe Base64. */
  public static String newAdminToken() {
    byte[] b = new byte[32];
    new SecureRandom().nextBytes(b);
    return java.util.Base64.getUrlEncoder().withoutPadding().encodeToString(b);
  }

  static byte[] csrfKey(Path root) {
    Path file = root.resolve(CSRF_KEY);
    try {
      if (Files.isRegularFile(file)) {
        return Files.readAllBytes(file);
      }
      byte[] key = new byte[32];
      new SecureRandom().nextBytes(key);
      Path tmp = root.resolve(CSRF_KEY + ".tmp");
      Files.write(tmp, key);
      try {
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-------"));
      } catch (UnsupportedOperationException e) {
        // not a POSIX file system: the folder's own permissions guard it
      }
      Files.move(tmp, file, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
      return key;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read or write the CSRF key " + file + ": " + e.getMessage(), e);
    }
  }
}
