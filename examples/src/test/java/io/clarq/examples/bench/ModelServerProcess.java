package io.clarq.examples.bench;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A {@link SimulatedModelServer} started in a child JVM ({@code ProcessBuilder}, the same class path) and driven over
 * its standard input and output: the servers' base URLs, their call counts, and the child's CPU time, so the
 * benchmark can put the harness's CPU and the server's side by side. Closing it stops the child.
 */
public final class ModelServerProcess implements AutoCloseable {
  /** One server of the child: its base URL and latency. */
  public record Server(URI baseUrl, Duration latency) {}

  /** One server's counts: calls answered and the most answered at once. */
  public record Stats(int calls, int mostAtOnce) {}

  private final Process process;
  private final BufferedReader in;
  private final PrintStream out;
  private final List<Server> servers;

  private ModelServerProcess(Process process, BufferedReader in, PrintStream out, List<Server> servers) {
    this.process = process;
    this.in = in;
    this.out = out;
    this.servers = List.copyOf(servers);
  }

  /**
   * Starts one server per latency in a child JVM ({@code jvmOptions} first, e.g. a heap bound) and waits until they
   * all listen.
   */
  public static ModelServerProcess start(List<Duration> latencies, List<String> jvmOptions) throws IOException {
    if (latencies.isEmpty()) {
      throw new IllegalArgumentException("at least one server latency is needed");
    }
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmOptions);
    command.add("-cp");
    command.add(classPath());
    command.add(SimulatedModelServer.class.getName());
    latencies.forEach(l -> command.add(String.valueOf(l.toMillis())));
    Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    PrintStream out = new PrintStream(p.getOutputStream(), true, StandardCharsets.UTF_8);
    List<Server> servers = new ArrayList<>();
    try {
      for (String line = in.readLine(); ; line = in.readLine()) {
        if (line == null) {
          throw new IOException("the model server process ended before it was ready (exit "
              + exitOf(p) + "); its errors are above");
        }
        if (line.equals("ready")) {
          break;
        }
        String[] f = line.split(" ");
        if (f.length != 4 || !f[0].equals("server")) {
          throw new IOException("the model server process said '" + line + "', expected 'server K PORT LATENCY_MS'");
        }
        servers.add(new Server(URI.create("http://127.0.0.1:" + Integer.parseInt(f[2]) + "/v1"),
            Duration.ofMillis(Long.parseLong(f[3]))));
      }
    } catch (IOException | RuntimeException e) {
      p.destroyForcibly();
      throw e;
    }
    return new ModelServerProcess(p, in, out, servers);
  }

  /** The servers, in the order of their latencies. */
  public List<Server> servers() {
    return servers;
  }

  /** The child's process id. */
  public long pid() {
    return process.pid();
  }

  /** CPU time the child has used so far (user and system, every thread), as the operating system counts it. */
  public Duration cpuTime() {
    return process.toHandle().info().totalCpuDuration()
        .orElseThrow(() -> new IllegalStateException("the operating system does not report the CPU time of "
            + "process " + process.pid()));
  }

  /** Each server's counts since the start or the last {@link #reset()}. */
  public synchronized List<Stats> stats() {
    out.println("stats");
    List<Stats> stats = new ArrayList<>();
    for (String line = readLine(); !line.equals("end"); line = readLine()) {
      String[] f = line.split(" ");
      if (f.length != 4 || !f[0].equals("stats")) {
        throw new IllegalStateException("the model server process said '" + line + "' to 'stats'");
      }
      stats.add(new Stats(Integer.parseInt(f[2]), Integer.parseInt(f[3])));
    }
    return stats;
  }

  /** Zeroes the servers' counts. */
  public synchronized void reset() {
    out.println("reset");
    String line = readLine();
    if (!line.equals("ok")) {
      throw new IllegalStateException("the model server process said '" + line + "' to 'reset'");
    }
  }

  @Override
  public void close() {
    out.println("stop");
    out.close();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  private String readLine() {
    try {
      String line = in.readLine();
      if (line == null) {
        throw new IllegalStateException("the model server process has ended (exit " + exitOf(process) + ")");
      }
      return line;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read from the model server process", e);
    }
  }

  private static String exitOf(Process p) {
    try {
      return p.waitFor(5, TimeUnit.SECONDS) ? String.valueOf(p.exitValue()) : "still running";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "unknown";
    }
  }

  /** This JVM's class path: the URLs of its class loaders (exec:java runs in one) and java.class.path. */
  private static String classPath() {
    List<String> parts = new ArrayList<>();
    for (ClassLoader c = ModelServerProcess.class.getClassLoader(); c != null; c = c.getParent()) {
      if (c instanceof URLClassLoader u) {
        for (URL url : u.getURLs()) {
          try {
            parts.add(Path.of(url.toURI()).toString());
          } catch (URISyntaxException | IllegalArgumentException e) {
            throw new IllegalStateException("class path entry " + url + " is not a file", e);
          }
        }
      }
    }
    parts.add(System.getProperty("java.class.path"));
    return String.join(File.pathSeparator, parts);
  }
}
