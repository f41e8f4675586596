package io.clarq.core.toa.flm;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The reference's context rendering: sentences grouped by paragraph as {@code "{title}: {sentences joined by a
 * space}"}, paragraphs in order of first appearance, joined by a blank line. Sentences are trimmed first, as the
 * reference normalises whitespace.
 */
public final class ContextRendering {
  private ContextRendering() {}

  /** Renders the facts; an empty list renders as the empty string. */
  public static String render(List<Fact> facts) {
    Map<String, List<String>> byTitle = new LinkedHashMap<>();
    for (Fact f : facts) {
      byTitle.computeIfAbsent(f.title(), t -> new ArrayList<>()).add(f.text().strip());
    }
    return byTitle.entrySet().stream()
        .map(e -> e.getKey() + ": " + String.join(" ", e.getValue()))
        .collect(Collectors.joining("\n\n"));
  }

  /** The context with one more paragraph, the oracle's response, appended after a blank line. */
  public static String append(String context, Fact response) {
    return context.isEmpty() ? response.rendered() : context + "\n\n" + response.rendered();
  }
}
