package io.clarq.eval.results;

import io.clarq.eval.kernel.ItemUsage;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What a {@link ResultsEnvelope.Builder} accepts as the names in a results file: its format and version, the
 * benchmark, setting names, failure kinds and the model roles of its usage. Each check names the bad value and says
 * what it must be.
 */
final class EnvelopeRules {
  private static final Pattern FORMAT = Pattern.compile("[a-z][a-z0-9-]*");

  private EnvelopeRules() {}

  /** Checks the envelope's head: its format name, the format's version (from 1) and the benchmark's name. */
  static void checkHeader(String format, int formatVersion, String benchmark) {
    Objects.requireNonNull(format, "format");
    Objects.requireNonNull(benchmark, "benchmark");
    if (!FORMAT.matcher(format).matches()) {
      throw new IllegalArgumentException("illegal results format '" + format + "': lower-case letters, digits and"
          + " dashes, e.g. clarq-run-results (the version goes in formatVersion)");
    }
    if (formatVersion < 1) {
      throw new IllegalArgumentException("illegal format version " + formatVersion + ": must be at least 1");
    }
    if (!ResultsEnvelope.NAME.matcher(benchmark).matches()) {
      throw new IllegalArgumentException("illegal benchmark name '" + benchmark + "': lower-case letters, digits,"
          + " _ or -, e.g. clarq-llm");
    }
  }

  /** A setting's name, when it is not blank. */
  static String settingName(String name) {
    Objects.requireNonNull(name, "name");
    if (name.isBlank()) {
      throw new IllegalArgumentException("illegal setting name: blank");
    }
    return name;
  }

  /** Checks a failure kind (non-blank, without surrounding spaces) and its count (not negative). */
  static void checkFailure(String kind, int count) {
    Objects.requireNonNull(kind, "kind");
    if (kind.isBlank() || !kind.equals(kind.strip())) {
      throw new IllegalArgumentException("illegal failure kind '" + kind + "': must be non-blank, without leading or"
          + " trailing spaces");
    }
    if (count < 0) {
      throw new IllegalArgumentException("illegal count " + count + " of failures " + kind + ": must be >= 0");
    }
  }

  /** Checks the usage by role: each role a name in files, each with its tokens. */
  static void checkUsage(Map<String, ItemUsage.RoleTokens> usage) {
    Objects.requireNonNull(usage, "usage");
    usage.forEach((role, t) -> {
      if (!ResultsEnvelope.NAME.matcher(role).matches()) {
        throw new IllegalArgumentException("illegal role name '" + role + "' in usage: lower-case letters, digits,"
            + " _ or -");
      }
      Objects.requireNonNull(t, "usage of role " + role);
    });
  }
}
