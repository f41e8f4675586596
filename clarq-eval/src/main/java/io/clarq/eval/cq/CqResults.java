package io.clarq.eval.cq;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.files.AtomicFiles;
import io.clarq.eval.kernel.RunDeviations;
import io.clarq.eval.kernel.RunEnd;
import io.clarq.eval.results.ModelRole;
import io.clarq.eval.results.ResultsEnvelope;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/** The end of a CQ run: {@code results.json} (settings, deviations, figures, failure counts) and {@code summary.md}. */
final class CqResults {
  static final String RESULTS = "results.json";
  static final String SUMMARY = "summary.md";
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private CqResults() {}

  static ObjectNode newObject() {
    return JSON.createObjectNode();
  }

  /**
   * Writes the results through the envelope every run shares: the models recorded in the settings, the pack of
   * {@code agent} when it speaks from one, the settings, deviations, failures and figures.
   */
  static void write(RunEnd<?, ?> end, String benchmark, ModelRole role, Object agent, ObjectNode figures,
      Map<String, Integer> failures, String summary) {
    try {
      ObjectNode root = ResultsEnvelope.forRun("clarq-" + benchmark + "-results", 1, benchmark, end)
          .promptPackOf(role, agent).failures(failures).figures(figures).build().writeInto(JSON.createObjectNode());
      root.put("wall_seconds", end.wallTime().toNanos() / 1e9);
      root.put("comparable_with_paper", end.log().deviations().isEmpty());
      AtomicFiles.write(end.output().resolve(RESULTS), JSON.writeValueAsString(root) + "\n");
      String note = RunDeviations.note(end.log().deviations()).map(n -> "**" + n + "**\n\n").orElse("");
      AtomicFiles.write(end.output().resolve(SUMMARY), summary.replaceFirst("\n\n", "\n\n" + note));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the results in " + end.output() + ": " + e.getMessage(), e);
    }
  }

  /** A SHA-256 of the lines, in order. */
  static String digest(List<String> lines) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      for (String line : lines) {
        sha.update(line.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) '\n');
      }
      return HexFormat.of().formatHex(sha.digest()).substring(0, 16);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JVM", e);
    }
  }
}
