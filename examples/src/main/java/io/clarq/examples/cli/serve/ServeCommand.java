package io.clarq.examples.cli.serve;

import io.clarq.serve.ServeSettings;
import io.clarq.serve.web.Secrets;
import io.clarq.serve.web.ServeApp;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code clarq serve}: a local web server that shows every run under the given directories. */
@Command(
    name = "serve",
    mixinStandardHelpOptions = true,
    header = "Shows every run under the given directories in the browser: index, reports, comparisons.",
    description = {
      "Starts a web server (Javalin on Jetty) over the run folders under each DIR, of every benchmark (ClarQ-LLM,",
      "TOA, CQ, MediQ): an index with each run's headline figures, models by role, start, trials and status",
      "(running, finished, incomplete; failed items), sortable and filtered; each run's report; and for two or more",
      "finished ClarQ-LLM runs picked on the index, their comparison and leaderboard, rendered by the same code as",
      "clarq compare and clarq leaderboard. New runs appear when the page is loaded again. Only folders under the",
      "DIRs can be read. It listens on 127.0.0.1 unless --bind says otherwise, prints its address and a new admin",
      "token (every page needs it: enter it on the login page) and runs until stopped (Ctrl-C). See docs/serve.md."
    })
public final class ServeCommand implements Callable<Integer> {
  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Parameters(paramLabel = "DIR", arity = "1..*", description = "Directories holding run folders (searched"
      + " " + io.clarq.serve.runs.RunIndex.MAX_DEPTH + " levels deep; symbolic links are not followed).")
  List<Path> dirs;

  @Option(names = "--bind", paramLabel = "ADDRESS", defaultValue = ServeSettings.LOOPBACK, description = "The"
      + " address to listen on (default: ${DEFAULT-VALUE}, this machine only; 0.0.0.0 for every interface: then"
      + " put it behind HTTPS).")
  String bind;

  @Option(names = "--port", paramLabel = "N", defaultValue = "7070", description = "The port (default:"
      + " ${DEFAULT-VALUE}; 0 for any free one).")
  int port;

  @Option(names = "--studies", paramLabel = "DIR", description = "Also serve the human studies in DIR (made with"
      + " `clarq study create --studies DIR`): participant links and /admin/studies (docs/studies.md).")
  Path studies;

  @Override
  public Integer call() throws Exception {
    CommandLine cl = spec.commandLine();
    for (Path d : dirs) {
      if (!Files.isDirectory(d)) {
        throw new CommandLine.ParameterException(cl, "DIR " + d + ": not a directory");
      }
    }
    if (port < 0 || port > 65535) {
      throw new CommandLine.ParameterException(cl, "--port " + port + ": must be 0..65535");
    }
    String token = Secrets.token();
    ServeApp app = ServeApp.create(new ServeSettings(dirs, bind, port, token,
        ServeSettings.DEFAULT_MAX_REQUEST_BYTES));
    io.clarq.serve.study.StudyHost studyHost = studies == null ? null : new io.clarq.serve.study.StudyHost(studies);
    if (studyHost != null) {
      io.clarq.serve.study.web.StudyServer.mount(app, studyHost);
    }
    app.start();
    CountDownLatch stopped = new CountDownLatch(1);
    Thread hook = new Thread(() -> {
      app.close();
      stopped.countDown();
    }, "clarq-serve-stop");
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      PrintWriter out = cl.getOut();
      out.println("clarq serve: " + app.url() + "runs (" + String.join(", ", dirs.stream().map(Path::toString)
          .toList()) + ")");
      if (studyHost != null) {
        out.println("studies: " + app.url() + "admin/studies (" + studies + ")");
      }
      out.println("admin token: " + token);
      out.println("open the address, enter the token on the login page; Ctrl-C stops the server");
      out.flush();
      stopped.await();   // Ctrl-C; or the thread is interrupted (a program that runs the command stops it so)
      return 0;
    } finally {
      app.close();
      if (studyHost != null) {
        studyHost.close();
      }
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // the hook is running: it closes the server itself
      }
    }
  }
}
