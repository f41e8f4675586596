package io.clarq.core.toa.flm;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A HotpotQA example in the distractor setting, as the original JSON holds it.
 *
 * <p>The constructor checks that every supporting fact indexes a real sentence; the error names the example id and
 * the fact. A supporting fact listed twice counts once.
 *
 * @param id the {@code _id}
 * @param question the question
 * @param answer the gold answer (a span, or "yes"/"no")
 * @param type "bridge" or "comparison" (empty when the file does not say)
 * @param level "easy", "medium" or "hard" (empty when the file does not say)
 * @param supportingFacts the {@code supporting_facts}, in file order, without repeats
 * @param context the paragraphs, in file order
 */
public record HotpotExample(
    String id,
    String question,
    String answer,
    String type,
    String level,
    List<SupportingFact> supportingFacts,
    List<Paragraph> context) {
  public HotpotExample {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(question, "question");
    Objects.requireNonNull(answer, "answer");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(level, "level");
    supportingFacts = List.copyOf(new LinkedHashSet<>(supportingFacts));
    context = List.copyOf(context);
    for (SupportingFact f : supportingFacts) {
      boolean found = context.stream()
          .anyMatch(p -> p.title().equals(f.title()) && f.sentenceIndex() < p.sentences().size());
      if (!found) {
        throw new IllegalArgumentException("example " + id + ": supporting fact " + f
            + " indexes no sentence (" + describeTitle(context, f.title()) + ")");
      }
    }
  }

  private static String describeTitle(List<Paragraph> context, String title) {
    return context.stream()
        .filter(p -> p.title().equals(title))
        .findFirst()
        .map(p -> "paragraph \"" + title + "\" has " + p.sentences().size() + " sentences")
        .orElse("no paragraph is titled \"" + title + "\"");
  }

  /** Every context sentence as a fact, in context order (paragraph by paragraph, sentence by sentence). */
  public List<Fact> facts() {
    Set<SupportingFact> supporting = Set.copyOf(supportingFacts);
    List<Fact> facts = new ArrayList<>();
    for (Paragraph p : context) {
      for (int i = 0; i < p.sentences().size(); i++) {
        FactRole role = supporting.contains(new SupportingFact(p.title(), i)) ? FactRole.SUPPORTING : FactRole.DISTRACTOR;
        facts.add(new Fact(p.title(), i, p.sentences().get(i), role));
      }
    }
    return facts;
  }
}
