package io.clarq.examples.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.Charset;
import java.util.Locale;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.slf4j.ILoggerFactory;
import org.slf4j.IMarkerFactory;
import org.slf4j.Logger;
import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.BasicMarkerFactory;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;
import org.slf4j.helpers.NOPMDCAdapter;
import org.slf4j.spi.MDCAdapter;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * The {@code clarq} command's SLF4J provider: the libraries' log lines come out on the running command's stderr in
 * the command's own short form ({@code clarq toa run: warning: ...}), at the level {@code --log-level} chose (info
 * by default). The library modules ship no SLF4J provider; an application embedding them picks its own, and this one
 * is only in the command's jar. Found by SLF4J through {@code META-INF/services/org.slf4j.spi.SLF4JServiceProvider}.
 */
public final class CliLogging implements SLF4JServiceProvider {
  private static final String DEFAULT_PREFIX = "clarq";

  private static volatile int threshold = Level.INFO.toInt();
  private static volatile boolean off;
  private static volatile PrintWriter sink;
  private static volatile String prefix = DEFAULT_PREFIX;

  private final ConcurrentMap<String, Logger> loggers = new ConcurrentHashMap<>();
  private final ILoggerFactory factory = name -> loggers.computeIfAbsent(name, CliLogger::new);
  private final IMarkerFactory markers = new BasicMarkerFactory();
  private final MDCAdapter mdc = new NOPMDCAdapter();

  /** Sets the level from {@code --log-level}: error, warn, info, debug, trace or off (checked by the caller). */
  static void level(String level) {
    String l = level.toLowerCase(Locale.ROOT);
    off = l.equals("off");
    if (!off) {
      threshold = Level.valueOf(l.toUpperCase(Locale.ROOT)).toInt();
    }
  }

  /** Back to the defaults: info, on the process's stderr, prefixed {@code clarq}. */
  static void reset() {
    threshold = Level.INFO.toInt();
    off = false;
    route(DEFAULT_PREFIX, null);
  }

  /** Log lines go to {@code err} (the process's stderr when null), each starting {@code commandPath + ": "}. */
  static void route(String commandPath, PrintWriter err) {
    prefix = commandPath;
    sink = err;
  }

  @Override
  public ILoggerFactory getLoggerFactory() {
    return factory;
  }

  @Override
  public IMarkerFactory getMarkerFactory() {
    return markers;
  }

  @Override
  public MDCAdapter getMDCAdapter() {
    return mdc;
  }

  @Override
  public String getRequestedApiVersion() {
    return "2.0.99";
  }

  @Override
  public void initialize() {
    // nothing to set up: the level and the destination are set by the command line
  }

  private static boolean enabled(Level level) {
    return !off && level.toInt() >= threshold;
  }

  /** One logger: formats its message and writes one line (a stack trace too at debug and trace). */
  private static final class CliLogger extends LegacyAbstractLogger {
    private static final long serialVersionUID = 1L;
    private final String shortName;
    // clarq serve's web server (Javalin, Jetty) tells of its start and stop at info: shown at debug only
    private final boolean server;

    CliLogger(String name) {
      this.name = name;
      this.shortName = name.substring(name.lastIndexOf('.') + 1);
      this.server = name.startsWith("org.eclipse.jetty") || name.startsWith("io.javalin");
    }

    @Override
    public boolean isTraceEnabled() {
      return enabled(Level.TRACE);
    }

    @Override
    public boolean isDebugEnabled() {
      return enabled(Level.DEBUG);
    }

    @Override
    public boolean isInfoEnabled() {
      return enabled(Level.INFO);
    }

    @Override
    public boolean isWarnEnabled() {
      return enabled(Level.WARN);
    }

    @Override
    public boolean isErrorEnabled() {
      return enabled(Level.ERROR);
    }

    @Override
    protected String getFullyQualifiedCallerName() {
      return null;
    }

    @Override
    protected void handleNormalizedLoggingCall(Level level, Marker marker, String pattern, Object[] args,
        Throwable t) {
      if (!enabled(level) || server && level.toInt() < Level.WARN.toInt() && threshold > Level.DEBUG.toInt()) {
        return;
      }
      StringBuilder line = new StringBuilder(prefix).append(": ");
      switch (level) {
        case ERROR -> line.append("error: ");
        case WARN -> line.append("warning: ");
        case DEBUG, TRACE -> line.append(level.name().toLowerCase(Locale.ROOT)).append(' ').append(shortName)
            .append(": ");
        default -> { }
      }
      line.append(MessageFormatter.basicArrayFormat(pattern, args));
      boolean verbose = threshold <= Level.DEBUG.toInt();
      if (t != null && !verbose) {
        line.append(": ").append(ClarqCommand.describe(t));
      }
      if (t != null && verbose) {
        StringWriter trace = new StringWriter();
        t.printStackTrace(new PrintWriter(trace));
        line.append(System.lineSeparator()).append(trace.toString().stripTrailing());
      }
      PrintWriter out = sink;
      if (out == null) {
        synchronized (CliLogging.class) {
          if (sink == null) {
            sink = new PrintWriter(new java.io.OutputStreamWriter(System.err, Charset.defaultCharset()), true);
          }
          out = sink;
        }
      }
      synchronized (out) {
        out.println(line);
        out.flush();
      }
    }
  }
}
