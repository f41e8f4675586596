package io.clarq.eval.suite;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * A benchmark a suite entry runs, with what its entries may say: the splits, which of language, types, sample size,
 * seed and trials it takes, and its roles besides the asking agent, each with the counterpart that needs no model where
 * the benchmark has one.
 */
public enum SuiteBenchmark {
  /** ClarQ-LLM ({@code clarq run}): the agent is the seeker; a provider answers, a judge decides leftover gold lines. */
  CLARQ_LLM("clarq-llm", List.of("test", "dev"), List.of(
      new Role("provider", true, Optional.of("offline")), new Role("judge", false, Optional.of("offline"))),
      Set.of(Field.LANGUAGE, Field.TYPES, Field.TRIALS)),
  /** MediQ ({@code clarq mediq run}): the agent is the expert; a patient answers from the record. */
  MEDIQ("mediq", List.of("craft_md", "dev_good"), List.of(new Role("patient", true, Optional.of("offline"))),
      Set.of(Field.SAMPLE_SIZE, Field.SEED, Field.TRIALS)),
  /**
   * Task-oriented asking ({@code clarq toa run}) on FLM examples masked from HotpotQA dev: the agent is the asker, an
   * oracle answers with a context sentence, the primary model answers the task. The primary model has no model-free
   * counterpart.
   */
  TOA("toa", List.of("dev"), List.of(new Role("oracle", true, Optional.of("offline")),
      new Role("primary", true, Optional.empty())), Set.of(Field.SAMPLE_SIZE, Field.SEED)),
  /**
   * Clarifying-question generation on ClariQ-FKw ({@code clarq cq generate}): the agent writes the questions; a judge
   * model, when the entry names one, rates them on the rubric ({@code clarq cq judge}), whose score is the headline.
   * The judge has no model-free counterpart: a rehearsal drops it and the entry stays a generation run.
   */
  CQ("cq", List.of("train", "dev"), List.of(new Role("judge", false, Optional.empty())), Set.of(Field.SAMPLE_SIZE));

  /** The optional fields of an entry that only some benchmarks take. */
  public enum Field {
    /** {@code language}: en, zh or both. */
    LANGUAGE("language"),
    /** {@code types}: task types, type ranges or tasks. */
    TYPES("types"),
    /** {@code sample_size}: the first N items. */
    SAMPLE_SIZE("sample_size"),
    /** {@code seed}: the seed of the benchmark's own draws. */
    SEED("seed"),
    /** {@code trials} above 1. */
    TRIALS("trials");

    private final String json;

    Field(String json) {
      this.json = json;
    }

    /** The field's name in the suite file. */
    public String json() {
      return json;
    }
  }

  /**
   * A role of a benchmark besides the asking agent.
   *
   * @param name the role's name in the suite file ({@code provider}, {@code judge}, {@code patient}, ...)
   * @param required whether every entry of the benchmark names it
   * @param offline the value that plays the role with no model, when the benchmark has one; an optional role without
   *     one is dropped from a model-free rehearsal ({@link SuiteEntry#offline()})
   */
  public record Role(String name, boolean required, Optional<String> offline) {
    /** Checks the name and the counterpart. */
    public Role {
      if (name == null || !name.matches("[a-z]+")) {
        throw new IllegalArgumentException("illegal role name " + name + ": lower-case letters only");
      }
      offline = offline == null ? Optional.empty() : offline;
    }
  }

  private final String id;
  private final List<String> splits;
  private final List<Role> roles;
  private final Set<Field> fields;

  SuiteBenchmark(String id, List<String> splits, List<Role> roles, Set<Field> fields) {
    this.id = id;
    this.splits = List.copyOf(splits);
    this.roles = List.copyOf(roles);
    this.fields = Set.copyOf(fields);
  }

  /** The benchmark's name in a suite file: clarq-llm, mediq, toa or cq. */
  public String id() {
    return id;
  }

  /** The splits an entry may name. */
  public List<String> splits() {
    return splits;
  }

  /** The roles besides the asking agent, in the order the suite file lists them. */
  public List<Role> roles() {
    return roles;
  }

  /** Whether entries of this benchmark may give {@code field}. */
  public boolean takes(Field field) {
    return fields.contains(field);
  }

  /**
   * The benchmark a suite file names.
   *
   * @throws IllegalArgumentException naming the text and the known benchmarks
   */
  public static SuiteBenchmark parse(String text) {
    for (SuiteBenchmark b : values()) {
      if (b.id.equals(text.toLowerCase(Locale.ROOT))) {
        return b;
      }
    }
    throw new IllegalArgumentException("unknown benchmark \"" + text + "\": expected one of clarq-llm, mediq, toa, cq");
  }

  /**
   * Refuses a role value this benchmark cannot play: a model spec, or the model-free counterpart ("offline"; ClarQ-LLM's
   * judge also "none"; MediQ's patient also "random"), MediQ's model patients as KIND:MODEL-SPEC.
   *
   * @throws IllegalArgumentException naming the role, the value and what it may be
   */
  void checkRole(String role, String value) {
    if (value.isBlank() || !value.strip().equals(value)) {
      throw new IllegalArgumentException("role " + role + " \"" + value + "\": must be non-blank, without leading"
          + " or trailing spaces");
    }
    if (value.equals("none") && !(this == CLARQ_LLM && role.equals("judge"))) {
      throw new IllegalArgumentException("role " + role + " \"none\": only ClarQ-LLM's judge may be none"
          + (this == CQ ? " (leave CQ's judge out for a generation run without the rubric score)" : ""));
    }
    if (this == CQ && value.equals("offline")) {
      throw new IllegalArgumentException("role judge \"offline\": CQ has no model-free judge; give a model spec"
          + " (openai:MODEL, with --base-url for any OpenAI-compatible server) or leave the judge out");
    }
    if (this == TOA && role.equals("primary") && value.equals("offline")) {
      throw new IllegalArgumentException("role primary \"offline\": TOA has no model-free primary model; give a"
          + " model spec");
    }
    if (this == MEDIQ && !value.equals("offline") && !value.equals("random")) {
      int colon = value.indexOf(':');
      String kind = colon < 0 ? value : value.substring(0, colon);
      if (!List.of("instruct", "fact-select", "direct").contains(kind) || colon < 0 || colon == value.length() - 1) {
        throw new IllegalArgumentException("role patient \"" + value + "\": expected offline, random, or"
            + " instruct|fact-select|direct:MODEL-SPEC (e.g. fact-select:openai:gpt-4o)");
      }
    }
  }

  /** The model spec a role value names, if any ({@code fact-select:openai:m} names {@code openai:m}). */
  Optional<String> modelSpec(String value) {
    if (value.equals("offline") || value.equals("none") || value.equals("random")) {
      return Optional.empty();
    }
    return Optional.of(this == MEDIQ ? value.substring(value.indexOf(':') + 1) : value);
  }
}
