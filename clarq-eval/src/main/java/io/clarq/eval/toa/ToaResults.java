package io.clarq.eval.toa;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.files.AtomicFiles;
import io.clarq.core.toa.RecoveryBootstrap;
import io.clarq.core.toa.ToaOutcome;
import io.clarq.core.toa.flm.FlmExample;
import io.clarq.eval.kernel.RunDeviations;
import io.clarq.eval.kernel.RunEnd;
import io.clarq.eval.results.ResultsEnvelope;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * The end of a TOA run: {@value #RESULTS} (the settings, the deviations, the figures of {@link ToaReport#json} and the
 * failure counts), {@value #SUMMARY} (the figures as text) and {@code report.html} ({@link ToaReportPage}).
 */
final class ToaResults {
  static final String RESULTS = "results.json";
  static final String SUMMARY = "summary.md";
  /** The results' format name and version in the envelope. */
  static final int FORMAT_VERSION = 1;
  private static final String FORMAT = "clarq-toa-results";
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private ToaResults() {}

  static void write(ToaRun.Result result, RunEnd<FlmExample, ToaOutcome> end, RecoveryBootstrap bootstrap,
      ResultsEnvelope.Builder envelope) {
    Path out = end.output();
    try {
      ObjectNode root = envelope.failure("unparsed_oracle", result.unparsedOracle())
          .figures(JSON.readTree(ToaReport.json(result.summary()))).build().writeInto(JSON.createObjectNode());
      root.put("wall_seconds", end.wallTime().toNanos() / 1e9);
      root.putObject("bootstrap").put("resamples", bootstrap.resamples()).put("seed", bootstrap.seed());
      root.put("comparable_with_paper", end.log().deviations().isEmpty());
      AtomicFiles.write(out.resolve(RESULTS), JSON.writeValueAsString(root) + "\n");
      StringBuilder md = new StringBuilder("# TOA run\n\n");
      RunDeviations.note(end.log().deviations()).ifPresent(n -> md.append("**").append(n).append("**\n\n"));
      md.append("```\n").append(ToaReport.text(result.summary())).append("```\n\n");
      md.append("Oracle replies that could not be parsed: ").append(result.unparsedOracle()).append(" of ")
          .append(result.outcomes().size()).append(" (kept with their raw text in ").append(ToaRun.LOG)
          .append(").\n");
      AtomicFiles.write(out.resolve(SUMMARY), md.toString());
      ToaReportPage.write(out, result.summary(), result.outcomes(), end.settings().values(), end.log().deviations());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the results of the TOA run in " + out + ": " + e.getMessage(), e);
    }
  }
}
