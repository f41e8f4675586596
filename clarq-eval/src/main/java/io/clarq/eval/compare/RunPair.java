package io.clarq.eval.compare;

import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.stats.Bootstrap;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Two runs compared on the dialogues they share, language by language (A minus B), and how their setups differ.
 *
 * @param a run A
 * @param b run B
 * @param differences the setup settings that differ (empty when the runs are comparable)
 * @param languages the comparison per shared language, English first
 */
public record RunPair(ComparedRun a, ComparedRun b, List<RunSetup.Difference> differences,
    Map<Language, LanguagePair> languages) implements SetupPairs.Pair {
  public RunPair {
    Objects.requireNonNull(a, "a");
    Objects.requireNonNull(b, "b");
    differences = List.copyOf(differences);
    languages = java.util.Collections.unmodifiableMap(new EnumMap<>(languages));
    if (languages.isEmpty()) {
      throw new IllegalArgumentException("illegal run pair " + a.name() + " / " + b.name() + ": no shared language");
    }
  }
  /** Run A's name. */
  @Override
  public String nameA() {
    return a.name();
  }

  /** Run B's name. */
  @Override
  public String nameB() {
    return b.name();
  }


  /**
   * @throws IllegalArgumentException when the runs share no dialogue (same language and task), naming the languages
   *     each holds
   */
  public static RunPair of(ComparedRun a, ComparedRun b, Bootstrap bootstrap) {
    Map<Language, List<String>> shared = new EnumMap<>(Language.class);
    for (String k : a.scores().keySet()) {
      if (b.scores().containsKey(k)) {
        shared.computeIfAbsent(ComparedRun.language(k), l -> new ArrayList<>()).add(k);
      }
    }
    if (shared.isEmpty()) {
      throw new IllegalArgumentException("runs " + a.name() + " (" + languages(a) + ") and " + b.name() + " ("
          + languages(b) + ") share no dialogue of the same language and task; compare never sets one language"
          + " against another");
    }
    Map<Language, LanguagePair> out = new EnumMap<>(Language.class);
    shared.forEach((l, keys) -> out.put(l, LanguagePair.of(l, a, b, keys, bootstrap)));
    return new RunPair(a, b, a.setup().differences(b.setup()), out);
  }

  private static String languages(ComparedRun r) {
    return r.scores().keySet().stream().map(ComparedRun::language).distinct().sorted()
        .map(Language::directoryName).collect(Collectors.joining(", "));
  }

  /** Each setup difference as one line: {@code provider: A "x", B "y"}. */
  @Override
  public List<String> describeDifferences() {
    return differences.stream().map(d -> d.describe("A " + a.name(), "B " + b.name())).toList();
  }
}
