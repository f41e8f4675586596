package io.clarq.eval.toa;

import io.clarq.core.llm.LlmException;
import io.clarq.core.toa.Asker;
import io.clarq.core.toa.HotpotAnswerMetrics;
import io.clarq.core.toa.Improvability;
import io.clarq.core.toa.Oracle;
import io.clarq.core.toa.OracleAnswer;
import io.clarq.core.toa.OracleQuery;
import io.clarq.core.toa.PrimaryModel;
import io.clarq.core.toa.ToaOutcome;
import io.clarq.core.toa.flm.Fact;
import io.clarq.core.toa.flm.FlmExample;
import io.clarq.core.toa.flm.IncompleteTask;
import java.util.Objects;
import java.util.Optional;

/**
 * One example through M2 -> oracle -> M1: the primary model answers x^c and x^i, the asker asks from x^i, the oracle
 * answers from the candidates, and the primary model answers x^r (x^i with the oracle's response appended; x^i
 * itself when the oracle returned nothing). With the improvability check on, the primary model also answers x^i with
 * each candidate fact appended in turn ({@link Improvability}): one extra call per candidate
 * ({@link #extraCalls(FlmExample)}).
 */
public final class ToaPipeline {
  // the roles the calls count toward in the run's usage (io.clarq.eval.kernel.ItemUsage)
  private static final String ASKER = io.clarq.eval.results.ModelRole.ASKER.key();
  private static final String ORACLE = io.clarq.eval.results.ModelRole.ORACLE.key();
  private static final String PRIMARY = io.clarq.eval.results.ModelRole.PRIMARY.key();
  private final Asker asker;
  private final Oracle oracle;
  private final PrimaryModel primary;
  private final boolean checkImprovability;

  /** A pipeline without the improvability check. */
  public ToaPipeline(Asker asker, Oracle oracle, PrimaryModel primary) {
    this(asker, oracle, primary, false);
  }

  /**
   * @param checkImprovability also ask the primary model with every candidate fact as the response
   */
  public ToaPipeline(Asker asker, Oracle oracle, PrimaryModel primary, boolean checkImprovability) {
    this.asker = Objects.requireNonNull(asker, "asker");
    this.oracle = Objects.requireNonNull(oracle, "oracle");
    this.primary = Objects.requireNonNull(primary, "primary");
    this.checkImprovability = checkImprovability;
  }

  /** The primary-model calls the improvability check adds for an example: one per candidate, 0 when it is off. */
  public int extraCalls(FlmExample example) {
    return checkImprovability ? example.candidates().size() : 0;
  }

  /** Whether the improvability check is on. */
  public boolean checksImprovability() {
    return checkImprovability;
  }

  /** Runs one example. */
  public ToaOutcome run(FlmExample example) throws LlmException {
    String incompleteContext = example.incompleteContext();
    String complete = answer(example.question(), example.completeContext());
    String incomplete = answer(example.question(), incompleteContext);
    // the asker sees the incomplete task alone, the oracle the question and the candidates (roles untold); only
    // this scorer sees the example and its masked fact
    IncompleteTask task = example.incompleteTask();
    String question = io.clarq.eval.kernel.ItemUsage.inRole(ASKER, () -> asker.ask(task));
    OracleAnswer answer = ofExample(example, io.clarq.eval.kernel.ItemUsage.inRole(ORACLE,
        () -> oracle.answer(OracleQuery.of(task.exampleId(), question, example.candidates()))));
    String recovered = answer.response().isPresent()
        ? answer(example.question(), example.recoveredContext(answer.response().get()))
        : incomplete;
    boolean masked = answer.response().map(f -> f.sameSentence(example.maskedFact())).orElse(false);
    Optional<Improvability> improvability = checkImprovability
        ? Optional.of(improvability(example, HotpotAnswerMetrics.f1(incomplete, example.answer())))
        : Optional.empty();
    return new ToaOutcome(example.id(), question, answer, masked, example.answer(), complete, incomplete, recovered,
        improvability);
  }

  // the primary model's answer, its calls counted as the primary role's
  private String answer(String question, String context) throws LlmException {
    return io.clarq.eval.kernel.ItemUsage.inRole(PRIMARY, () -> primary.answer(question, context));
  }

  /** The oracle's answer with its response mapped back to the example's own fact (role and all). */
  private OracleAnswer ofExample(FlmExample example, OracleAnswer answer) {
    if (answer.response().isEmpty()) {
      return answer;
    }
    Fact r = answer.response().get();
    Fact own = example.candidates().stream().filter(f -> f.sameSentence(r)).findFirst().orElseThrow(
        () -> new IllegalStateException("oracle " + oracle.describe() + " answered example " + example.id()
            + " with " + r.ref() + ", which is not one of its candidates"));
    return new OracleAnswer(answer.status(), Optional.of(own), answer.raw(), answer.unparsedReplies());
  }

  private Improvability improvability(FlmExample example, double incompleteF1) throws LlmException {
    int raising = 0;
    double best = 0.0;
    for (Fact candidate : example.candidates()) {
      double f1 = HotpotAnswerMetrics.f1(
          answer(example.question(), example.recoveredContext(candidate)), example.answer());
      raising += f1 > incompleteF1 ? 1 : 0;
      best = Math.max(best, f1);
    }
    return new Improvability(example.candidates().size(), raising, best);
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
