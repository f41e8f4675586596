package io.clarq.examples.cli.study;

import io.clarq.serve.study.StudyHost;
import io.clarq.serve.study.web.StudyServer;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code clarq study serve}: the study pages alone, until the process is stopped. */
@Command(
    name = "serve",
    mixinStandardHelpOptions = true,
    description = {
      "Serves the studies in STUDIES: participant pages at their links, admin pages at /admin/studies.",
      "Bound to 127.0.0.1 unless --bind says otherwise. Prints the admin token (or takes it from CLARQ_ADMIN_TOKEN);"
          + " every turn is on disk before it is shown, so stopping the server loses nothing."
    })
public final class StudyServeCommand implements Callable<Integer> {
  /** The environment variable that fixes the admin token instead of a new random one. */
  public static final String TOKEN_ENV = "CLARQ_ADMIN_TOKEN";

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Option(names = "--studies", paramLabel = "DIR", defaultValue = "studies",
      description = "The folder holding the studies (default: ${DEFAULT-VALUE}).")
  Path studies;

  @Option(names = "--bind", paramLabel = "HOST", defaultValue = "127.0.0.1",
      description = "The address to listen on (default: ${DEFAULT-VALUE}; 0.0.0.0 for every interface).")
  String bind;

  @Option(names = "--port", paramLabel = "N", defaultValue = "7070", description = "The port (default: ${DEFAULT-VALUE}).")
  int port;

  @Override
  public Integer call() throws InterruptedException {
    String fromEnv = System.getenv(TOKEN_ENV);
    String token = fromEnv != null && !fromEnv.isBlank() ? fromEnv.strip() : StudyServer.newAdminToken();
    StudyHost host = new StudyHost(studies);
    StudyServer server = StudyServer.start(host, token, bind, port);
    CountDownLatch stopped = new CountDownLatch(1);
    Thread hook = new Thread(() -> {
      server.close();
      host.close();
      stopped.countDown();
    }, "clarq-study-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      PrintWriter out = spec.commandLine().getOut();
      out.println("studies in " + studies.toAbsolutePath() + " at http://" + bind + ":" + server.port() + "/");
      out.println("admin: http://" + bind + ":" + server.port() + "/admin/studies  token "
          + (fromEnv != null && !fromEnv.isBlank() ? "from " + TOKEN_ENV : token));
      out.flush();
      stopped.await();   // Ctrl-C; or the thread is interrupted (a program that runs the command stops it so)
      return 0;
    } finally {
      server.close();
      host.close();
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // the hook is running: it closes the server itself
      }
    }
  }
}
