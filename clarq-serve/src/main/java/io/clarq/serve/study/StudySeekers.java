package io.clarq.serve.study;

import io.clarq.core.clarqllm.seeker.SeekerAgent;
import io.clarq.core.clarqllm.seeker.SeekerAgents;
import io.clarq.core.clarqllm.seeker.llm.LlmSeeker;
import io.clarq.core.clarqllm.seeker.rule.RuleBasedSeeker;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmClients;
import io.clarq.core.llm.LlmSpec;
import java.util.Locale;
import java.util.Optional;

/**
 * The seeker agent a human-provider study's spec names, as {@code clarq run --seeker} reads the same names:
 * {@code rule} (clarq's rule-based seeker, no model), a plug-in seeker's {@code SCHEME:ARGS} found on the class path,
 * or the paper's LLM seeker {@code [comp:|chat:]MODEL-SPEC} (Completion mode by default; the key from the environment,
 * as for {@code clarq run}). The console seeker and asking agents are refused: a study's seeker runs inside the server.
 */
public final class StudySeekers {
  private StudySeekers() {}

  /**
   * Refuses a spec no study can run, without making a client.
   *
   * @throws IllegalArgumentException naming the spec and what the study accepts
   */
  public static void check(String spec) {
    String s = spec.strip();
    String scheme = (s.indexOf(':') < 0 ? s : s.substring(0, s.indexOf(':'))).toLowerCase(Locale.ROOT);
    if (s.isEmpty() || scheme.equals("console") || scheme.equals("agent")) {
      throw new IllegalArgumentException("illegal seeker \"" + spec + "\": a study's seeker runs in the server;"
          + " give rule, a plug-in seeker SCHEME:ARGS or an LLM seeker [comp:|chat:]MODEL-SPEC");
    }
    if (scheme.equals("rule") && !s.equals("rule")) {
      throw new IllegalArgumentException("illegal seeker \"" + spec + "\": the rule-based seeker takes no arguments;"
          + " give rule");
    }
  }

  /**
   * The seeker agent for {@code spec}; a model client it opens is added to {@code closing}.
   *
   * @throws IllegalArgumentException when the spec names no seeker and no model backend (the message lists the known
   *     model schemes)
   */
  public static SeekerAgent create(String spec, java.util.List<AutoCloseable> closing) {
    check(spec);
    String s = spec.strip();
    if (s.equals(StudySpec.RULE_SEEKER)) {
      return new RuleBasedSeeker();
    }
    Optional<SeekerAgent> provided = SeekerAgents.fromSpec(s);
    if (provided.isPresent()) {
      return provided.get();
    }
    LlmSpec parsed = LlmSpec.parse(modelSpec(s));
    LlmClient client = LlmClients.fromSpec(parsed);
    closing.add(client);
    return LlmSeeker.builder(client.withModel(parsed.model())).mode(mode(s)).build();
  }

  /**
   * The model's identity (scheme, model, servers; never a key) when {@code spec} names the LLM seeker, for the run's
   * {@code seeker_model} setting; empty for the rule-based and plug-in seekers.
   */
  public static Optional<String> modelIdentity(String spec) {
    String s = spec.strip();
    if (s.equals(StudySpec.RULE_SEEKER) || SeekerAgents.providers().containsKey(scheme(s))) {
      return Optional.empty();
    }
    return Optional.of(LlmSpec.parse(modelSpec(s)).identity());
  }

  private static String scheme(String s) {
    return s.indexOf(':') < 0 ? s : s.substring(0, s.indexOf(':'));
  }

  private static LlmSeeker.Mode mode(String s) {
    for (LlmSeeker.Mode m : LlmSeeker.Mode.values()) {
      if (s.startsWith(m.shortName() + ":")) {
        return m;
      }
    }
    return LlmSeeker.Mode.COMPLETION;
  }

  private static String modelSpec(String s) {
    for (LlmSeeker.Mode m : LlmSeeker.Mode.values()) {
      if (s.startsWith(m.shortName() + ":")) {
        return s.substring(m.shortName().length() + 1);
      }
    }
    return s;
  }
}
