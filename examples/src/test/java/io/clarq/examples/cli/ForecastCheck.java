package io.clarq.examples.cli;

import io.clarq.core.testing.RecordedRequest;
import io.clarq.eval.clarqllm.TokenEstimate;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import picocli.CommandLine;

/**
 * What the dry-run tests share: a {@code clarq} command run in process with its output kept, and the input tokens of
 * a request the loopback server received, estimated as the forecast estimates them ({@link TokenEstimate}).
 */
abstract class ForecastCheck {
  String out;
  String err;
  CommandLine last;

  /** Runs {@code clarq ARGS} in process; its standard output and error are then in {@link #out} and {@link #err}. */
  int run(List<String> args) {
    StringWriter o = new StringWriter();
    StringWriter e = new StringWriter();
    last = ClarqCommand.commandLine();
    last.setOut(new PrintWriter(o));
    last.setErr(new PrintWriter(e));
    int code = last.execute(args.toArray(String[]::new));
    out = o.toString();
    err = e.toString();
    return code;
  }

  /** The input tokens of the request's messages, as the forecast counts them. */
  static long inputTokens(RecordedRequest r) {
    long n = 0;
    for (var m : r.json().path("messages")) {
      n += TokenEstimate.tokens(m.path("content").asText());
    }
    return n;
  }
}
