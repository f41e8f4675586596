package io.clarq.core.toa.flm;

import java.util.List;
import java.util.Objects;

/**
 * A fact-level-masked example: one supporting fact f* of a HotpotQA example is removed.
 *
 * <ul>
 *   <li>complete example x^c: the question and every supporting fact;
 *   <li>incomplete example x^i: the question and the supporting facts except f*;
 *   <li>candidate responses: every context sentence (f*, the distractors, the other supporting facts).
 * </ul>
 *
 * Candidates are kept in context order, not with f* first, so that a position-based tie-break gives the masked fact
 * no advantage.
 *
 * @param id this masked example's id: {@code <_id>/<k>}, k the masked fact's position among the supporting facts
 * @param sourceId the HotpotQA {@code _id}
 * @param question the question
 * @param answer the gold answer
 * @param facts every context sentence, in context order
 * @param maskedFact f*, one of the supporting facts
 */
public record FlmExample(String id, String sourceId, String question, String answer, List<Fact> facts, Fact maskedFact) {
  public FlmExample {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(sourceId, "sourceId");
    Objects.requireNonNull(question, "question");
    Objects.requireNonNull(answer, "answer");
    Objects.requireNonNull(maskedFact, "maskedFact");
    facts = List.copyOf(facts);
    if (!facts.contains(maskedFact) || maskedFact.role() != FactRole.SUPPORTING) {
      throw new IllegalArgumentException(
          "FLM example " + id + ": masked fact " + maskedFact.ref() + " is not one of its supporting facts");
    }
  }

  /**
   * Masks the k-th supporting fact (context order) of a HotpotQA example.
   *
   * @throws IllegalArgumentException when k is not the index of a supporting fact
   */
  public static FlmExample mask(HotpotExample example, int k) {
    List<Fact> facts = example.facts();
    List<Fact> supporting = facts.stream().filter(f -> f.role() == FactRole.SUPPORTING).toList();
    if (k < 0 || k >= supporting.size()) {
      throw new IllegalArgumentException("example " + example.id() + ": cannot mask supporting fact " + k
          + ", it has " + supporting.size());
    }
    return new FlmExample(example.id() + "/" + k, example.id(), example.question(), example.answer(), facts,
        supporting.get(k));
  }

  /** The supporting facts, in context order: the complete example's context. */
  public List<Fact> supportingFacts() {
    return facts.stream().filter(f -> f.role() == FactRole.SUPPORTING).toList();
  }

  /** The supporting facts without f*: the incomplete example's context. */
  public List<Fact> remainingFacts() {
    return facts.stream().filter(f -> f.role() == FactRole.SUPPORTING && !f.equals(maskedFact)).toList();
  }

  /** The number of distractor sentences. */
  public long distractorCount() {
    return facts.stream().filter(f -> f.role() == FactRole.DISTRACTOR).count();
  }

  /** The rendered context of x^c. */
  public String completeContext() {
    return ContextRendering.render(supportingFacts());
  }

  /** The rendered context of x^i. */
  public String incompleteContext() {
    return ContextRendering.render(remainingFacts());
  }

  /** The rendered context of x^r: x^i with the oracle's response appended. */
  public String recoveredContext(Fact response) {
    return ContextRendering.append(incompleteContext(), response);
  }

  /** The oracle's candidate responses, in context order. */
  public List<Fact> candidates() {
    return facts;
  }

  /**
   * What an asker may see: the question and the incomplete context, with an opaque id derived from them; never the
   * masked fact, its index or the HotpotQA id.
   */
  public IncompleteTask incompleteTask() {
    return new IncompleteTask(question, incompleteContext());
  }
}
