package io.clarq.eval.toa;

import io.clarq.core.flm.FlmExample;
import io.clarq.core.llm.LlmException;
import io.clarq.core.toa.Asker;
import io.clarq.core.toa.Oracle;
import io.clarq.core.toa.OracleAnswer;
import io.clarq.core.toa.PrimaryModel;
import io.clarq.core.toa.ToaOutcome;
import java.util.Objects;

/**
 * One example through M2 -> oracle -> M1: the primary model answers x^c and x^i, the asker asks from x^i, the oracle
 * answers from the candidates, and the primary model answers x^r (x^i with the oracle's response appended; x^i
 * itself when the oracle returned nothing).
 */
public final class ToaPipeline {
  private final Asker asker;
  private final Oracle oracle;
  private final PrimaryModel primary;

  public ToaPipeline(Asker asker, Oracle oracle, PrimaryModel primary) {
    this.asker = Objects.requireNonNull(asker, "asker");
    this.oracle = Objects.requireNonNull(oracle, "oracle");
    this.primary = Objects.requireNonNull(primary, "primary");
  }

  /** Runs one example. */
  public ToaOutcome run(FlmExample example) throws LlmException {
    String incompleteContext = example.incompleteContext();
    String complete = primary.answer(example.question(), example.completeContext());
    String incomplete = primary.answer(example.question(), incompleteContext);
    String question = asker.ask(example.incompleteTask());
    OracleAnswer answer = oracle.answer(question, example);
    String recovered = answer.response().isPresent()
        ? primary.answer(example.question(), example.recoveredContext(answer.response().get()))
        : incomplete;
    boolean masked = answer.response().map(f -> f.sameSentence(example.maskedFact())).orElse(false);
    return new ToaOutcome(example.id(), question, answer, masked, example.answer(), complete, incomplete, recovered);
  }

  public Asker asker() {
    return asker;
  }

  public Oracle oracle() {
    return oracle;
  }

  public PrimaryModel primary() {
    return primary;
  }
}
