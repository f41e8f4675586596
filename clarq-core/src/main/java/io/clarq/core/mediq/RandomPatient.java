package io.clarq.core.mediq;

import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.prompt.PromptPack;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * The reference's random patient, seeded: with probability one half (or always, for a case with no record) the
 * "cannot answer" line of the prompt pack, else a sentence of the record drawn at random. Makes no model call. The
 * draws depend on the seed and the case, not on the order cases run in.
 */
public final class RandomPatient implements Patient {
  private final String cannotAnswer;
  private final long seed;

  /** @param pack a MediQ pack, for its "cannot answer" line */
  public RandomPatient(PromptPack pack, long seed) {
    this.cannotAnswer = Objects.requireNonNull(pack, "pack").fixed("cannot_answer", Language.ENGLISH);
    this.seed = seed;
  }

  @Override
  public Consultation start(MediqCase c) {
    SplittableRandom random = new SplittableRandom(seed * 1_000_003L + c.id());
    return new Consultation() {
      @Override
      public String initialInfo() {
        return ReferencePatient.initialInfo(c);
      }

      @Override
      public String respond(String question, List<Exchange> history) {
        if (random.nextDouble() < 0.5 || c.context().isEmpty()) {
          return cannotAnswer;
        }
        return c.context().get(random.nextInt(c.context().size()));
      }
    };
  }
}
