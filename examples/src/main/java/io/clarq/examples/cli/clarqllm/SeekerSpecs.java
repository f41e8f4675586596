package io.clarq.examples.cli.clarqllm;

import io.clarq.core.clarqllm.seeker.SeekerAgents;
import io.clarq.core.clarqllm.seeker.llm.LlmSeeker;
import io.clarq.core.llm.LlmClients;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import picocli.CommandLine;

/**
 * What {@code run --seeker SPEC} may name: clarq's own seekers ({@code rule}, {@code console}), the paper's LLM seeker
 * ({@code [comp:|chat:]MODEL-SPEC}) and plug-in seekers found on the class path. A spec that names none of them is
 * refused before anything else happens, listing all of them and the nearest name to a typo.
 */
public final class SeekerSpecs {
  /** clarq's own seekers that take no arguments. */
  private static final List<String> PLAIN = List.of("rule", "console");

  private SeekerSpecs() {}

  /**
   * Refuses a spec that names no seeker.
   *
   * @throws CommandLine.ParameterException naming the spec, the built-in seekers, the plug-in schemes found, the model
   *     schemes, and the nearest name when there is one
   */
  static void check(CommandLine cl, String option, String spec) {
    if (PLAIN.contains(spec)) {
      return;
    }
    int colon = spec.indexOf(':');
    String scheme = (colon < 0 ? spec : spec.substring(0, colon)).toLowerCase(Locale.ROOT);
    if (PLAIN.contains(scheme)) {
      throw new CommandLine.ParameterException(cl, option + " " + spec + ": the " + (scheme.equals("rule")
          ? "rule-based" : "console") + " seeker takes no arguments; give " + option + " " + scheme);
    }
    Set<String> plugins;
    try {
      plugins = SeekerAgents.providers().keySet();
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(cl, option + " " + spec + ": " + e.getMessage(), e, null, spec);
    }
    if (plugins.contains(scheme)) {
      try {
        SeekerAgents.fromSpec(spec);   // its arguments, in the provider's words
      } catch (IllegalArgumentException e) {
        throw new CommandLine.ParameterException(cl, option + ": " + e.getMessage(), e, null, spec);
      }
      return;
    }
    String model = spec;
    boolean moded = false;
    for (LlmSeeker.Mode m : LlmSeeker.Mode.values()) {
      if (spec.startsWith(m.shortName() + ":")) {
        model = spec.substring(m.shortName().length() + 1);
        moded = true;
      }
    }
    String lower = model.toLowerCase(Locale.ROOT);
    if (lower.startsWith("http://") || lower.startsWith("https://")) {
      return;
    }
    int c = model.indexOf(':');
    String modelScheme = (c < 0 ? model : model.substring(0, c)).toLowerCase(Locale.ROOT);
    Set<String> models = LlmClients.knownSchemes().keySet();
    if (models.contains(modelScheme)) {
      return;
    }
    String asked = moded ? modelScheme : scheme;
    List<String> names = new ArrayList<>(PLAIN);
    names.addAll(List.of("comp", "chat"));
    names.addAll(plugins);
    names.addAll(models);
    String nearest = nearest(asked, names);
    throw new CommandLine.ParameterException(cl, option + " " + spec + ": no seeker or model scheme '" + asked + "'"
        + (nearest == null ? "" : " (did you mean '" + nearest + "'?)") + ". Built-in seekers: rule (rule-based, no"
        + " model), console (you type), [comp:|chat:]MODEL-SPEC (the paper's LLM seeker; model schemes: "
        + String.join(", ", models) + "). Plug-in seekers found on the class path: "
        + (plugins.isEmpty() ? "none" : String.join(", ", plugins)) + "; a plug-in seeker's jar must be on the class"
        + " path (java -cp clarq.jar:your-seeker.jar io.clarq.examples.cli.ClarqCommand run --seeker SCHEME:ARGS;"
        + " see examples/plugin-seeker)", null, spec);
  }

  /** The name closest to {@code asked} by edit distance, when it is close: at most 2 edits, and fewer than its length. */
  static String nearest(String asked, List<String> names) {
    return names.stream()
        .filter(n -> !n.equals(asked))
        .min(Comparator.comparingInt((String n) -> distance(asked, n)).thenComparing(n -> n))
        .filter(n -> distance(asked, n) <= Math.min(2, Math.max(1, asked.length() - 1)))
        .orElse(null);
  }

  /** Levenshtein distance: insertions, deletions and substitutions. */
  static int distance(String a, String b) {
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        cur[j] = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}
