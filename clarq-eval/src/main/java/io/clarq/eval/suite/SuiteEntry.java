package io.clarq.eval.suite;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One run of a suite: which benchmark, on what (split, language, task types, the first {@code sampleSize} items,
 * the benchmark's seed, trials), and who plays every role but the asking agent's. Its {@code id} names the run's
 * folder in the suite's output.
 *
 * @param id the run's folder name: lower-case letters, digits, '.', '-', '_', starting with a letter or digit
 * @param benchmark the benchmark
 * @param split one of the benchmark's splits ({@link SuiteBenchmark#splits()})
 * @param language ClarQ-LLM only: en, zh or both
 * @param types ClarQ-LLM only: task types (3), type ranges (3-5) or tasks (3.2), comma-separated
 * @param sampleSize MediQ, TOA, CQ: only the first N items
 * @param seed MediQ: the random patient's seed; TOA: the seed choosing the masked facts (required for TOA)
 * @param trials how many times every item is played (above 1 only for ClarQ-LLM and MediQ)
 * @param roles role name to who plays it: a model spec or the model-free counterpart; every required role of the
 *     benchmark and no other
 * @param data where the benchmark's data are, instead of the data directory (ClarQ-LLM: the tasks folder; MediQ: the
 *     folder of the case files; TOA: the HotpotQA JSON file; CQ: the ClariQ-FKw folder)
 */
public record SuiteEntry(String id, SuiteBenchmark benchmark, String split, Optional<String> language,
    Optional<String> types, Optional<Integer> sampleSize, Optional<Long> seed, int trials, Map<String, String> roles,
    Optional<Path> data) {
  private static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9._-]{0,63}");
  /** Names of the files beside the entries' folders in a suite's output: suite.json and the scorecard's. */
  private static final java.util.Set<String> RESERVED = java.util.Set.of("suite.json", "scorecard.json",
      "scorecard.html");

  /** Checks every field against what the benchmark takes; a message names the entry and the field. */
  public SuiteEntry {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(benchmark, "benchmark");
    Objects.requireNonNull(split, "split");
    language = Objects.requireNonNull(language, "language");
    types = Objects.requireNonNull(types, "types");
    sampleSize = Objects.requireNonNull(sampleSize, "sampleSize");
    seed = Objects.requireNonNull(seed, "seed");
    data = Objects.requireNonNull(data, "data");
    roles = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(roles));
    if (!ID.matcher(id).matches()) {
      throw new IllegalArgumentException("illegal entry id \"" + id + "\": lower-case letters, digits, '.', '-', '_'"
          + " only, starting with a letter or digit, at most 64 characters (it names the run's folder)");
    }
    if (RESERVED.contains(id)) {
      throw new IllegalArgumentException("illegal entry id \"" + id + "\": the suite's folder holds a file of that"
          + " name (reserved: " + RESERVED.stream().sorted().toList() + ")");
    }
    String where = "entry \"" + id + "\" (" + benchmark.id() + "): ";
    if (!benchmark.splits().contains(split)) {
      throw new IllegalArgumentException(where + "split \"" + split + "\": expected one of " + benchmark.splits());
    }
    refuseUnless(where, benchmark, SuiteBenchmark.Field.LANGUAGE, language.isPresent());
    refuseUnless(where, benchmark, SuiteBenchmark.Field.TYPES, types.isPresent());
    refuseUnless(where, benchmark, SuiteBenchmark.Field.SAMPLE_SIZE, sampleSize.isPresent());
    refuseUnless(where, benchmark, SuiteBenchmark.Field.SEED, seed.isPresent());
    refuseUnless(where, benchmark, SuiteBenchmark.Field.TRIALS, trials != 1);
    if (benchmark == SuiteBenchmark.CLARQ_LLM && language.isEmpty()) {
      throw new IllegalArgumentException(where + "no \"language\": give en, zh or both");
    }
    if (language.isPresent() && !List.of("en", "zh", "both").contains(language.get())) {
      throw new IllegalArgumentException(where + "language \"" + language.get() + "\": expected en, zh or both");
    }
    if (types.isPresent() && !types.get().matches("[0-9]+(\\.[0-9]+|-[0-9]+)?(,[0-9]+(\\.[0-9]+|-[0-9]+)?)*")) {
      throw new IllegalArgumentException(where + "types \"" + types.get() + "\": expected task types (3), type"
          + " ranges (3-5) or tasks (3.2), comma-separated, no spaces");
    }
    if (sampleSize.isPresent() && sampleSize.get() < 1) {
      throw new IllegalArgumentException(where + "sample_size " + sampleSize.get() + ": must be at least 1");
    }
    if (benchmark == SuiteBenchmark.TOA && seed.isEmpty()) {
      throw new IllegalArgumentException(where + "no \"seed\": TOA masks the facts with it (e.g. 42)");
    }
    if (trials < 1 || trials > 1000) {
      throw new IllegalArgumentException(where + "trials " + trials + ": must be 1-1000");
    }
    for (SuiteBenchmark.Role r : benchmark.roles()) {
      if (r.required() && !roles.containsKey(r.name())) {
        throw new IllegalArgumentException(where + "no role \"" + r.name() + "\" in \"roles\": give a model spec"
            + r.offline().map(o -> " or \"" + o + "\"").orElse(""));
      }
    }
    for (Map.Entry<String, String> e : roles.entrySet()) {
      if (benchmark.roles().stream().noneMatch(r -> r.name().equals(e.getKey()))) {
        throw new IllegalArgumentException(where + "role \"" + e.getKey() + "\": " + benchmark.id() + " has "
            + (benchmark.roles().isEmpty() ? "no role but the agent's"
                : "the roles " + benchmark.roles().stream().map(SuiteBenchmark.Role::name).toList()));
      }
      try {
        benchmark.checkRole(e.getKey(), Objects.requireNonNull(e.getValue(), "role " + e.getKey()));
      } catch (IllegalArgumentException x) {
        throw new IllegalArgumentException(where + x.getMessage(), x);
      }
    }
  }

  private static void refuseUnless(String where, SuiteBenchmark b, SuiteBenchmark.Field f, boolean given) {
    if (given && !b.takes(f)) {
      throw new IllegalArgumentException(where + "\"" + f.json() + "\" is not taken by " + b.id()
          + (f == SuiteBenchmark.Field.TRIALS ? " (trials must be 1)" : ""));
    }
  }

  /** The CQ judge's model spec: the rubric judge that rates the generated questions, when the entry names one. */
  public Optional<String> cqJudge() {
    return benchmark == SuiteBenchmark.CQ ? Optional.ofNullable(roles.get("judge")) : Optional.empty();
  }

  /** The model specs the roles name, by role (model-free roles left out). */
  public Map<String, String> modelSpecs() {
    Map<String, String> out = new LinkedHashMap<>();
    roles.forEach((r, v) -> benchmark.modelSpec(v).ifPresent(m -> out.put(r, m)));
    return out;
  }

  /**
   * This entry with every role played by its model-free counterpart, or empty when a required role has none (TOA's
   * primary model). An optional role without one (CQ's judge) is dropped: a CQ entry rehearses as a generation run.
   */
  public Optional<SuiteEntry> offline() {
    Map<String, String> offline = new LinkedHashMap<>();
    for (SuiteBenchmark.Role r : benchmark.roles()) {
      if (roles.containsKey(r.name())) {
        if (r.offline().isEmpty() && !r.required()) {
          continue;
        }
        if (r.offline().isEmpty()) {
          return Optional.empty();
        }
        offline.put(r.name(), r.offline().get());
      }
    }
    return Optional.of(new SuiteEntry(id, benchmark, split, language, types, sampleSize, seed, trials, offline, data));
  }

  /** The roles that have no model-free counterpart, for saying why {@link #offline()} is empty. */
  public List<String> rolesWithoutOffline() {
    return benchmark.roles().stream().filter(r -> roles.containsKey(r.name()) && r.required()
            && r.offline().isEmpty())
        .map(SuiteBenchmark.Role::name).toList();
  }
}
