package io.clarq.eval.toa;

import io.clarq.core.llm.LlmException;
import io.clarq.core.toa.OracleQuery;
import io.clarq.core.toa.flm.Fact;
import io.clarq.core.toa.flm.FlmExample;
import io.clarq.core.toa.flm.IncompleteTask;
import io.clarq.eval.clarqllm.RenderedCalls;
import io.clarq.eval.clarqllm.RunForecast;
import java.util.List;
import java.util.Objects;

/**
 * The forecast of a TOA run ({@code clarq toa run --dry-run}): per role (asker, oracle, primary) the calls and tokens
 * of the selected examples, in the shape every benchmark's forecast shares ({@link RunForecast}).
 *
 * <p>The calls follow from the pipeline's structure ({@link ToaPipeline#run}): per example the asker asks once, the
 * oracle answers once (the yes/no oracle once per candidate fact), and the primary model answers the complete and the
 * incomplete context, then the recovered one when the oracle returned a fact (2 or 3 calls), plus one per candidate
 * with the improvability check. The input tokens are the prompts themselves: the pipeline's own agents, built on
 * {@link RenderedCalls} clients, render each call for each example without a model. What a model would write is not
 * known before it writes it: the asker's question enters the oracle's prompt between nothing and the asker's
 * {@code max_tokens}, an asking agent may be asked again once when its reply cannot be read, the recovered context is
 * the longest candidate's at the high end, and each reply spends from 0 to its request's {@code max_tokens}
 * ({@value #UNCAPPED} where a request sets none).
 */
public final class ToaForecast {
  private ToaForecast() {}

  /** The output tokens assumed for a request that sets no {@code max_tokens}. */
  public static final int UNCAPPED = 1024;

  /** The roles of a TOA forecast. */
  public static final List<String> ROLES = List.of("asker", "oracle", "primary");

  /**
   * The models of the roles ("" where no model plays it).
   *
   * @param asker the asker's (or the asking agent's) model
   * @param oracle the oracle's model ("" for the offline oracle)
   * @param primary the primary model
   * @param agent whether an asking agent asks (a reply it cannot read is asked again once)
   */
  public record Models(String asker, String oracle, String primary, boolean agent) {
    public Models {
      Objects.requireNonNull(asker, "asker");
      Objects.requireNonNull(oracle, "oracle");
      Objects.requireNonNull(primary, "primary");
    }
  }

  /**
   * The forecast of {@code examples} (the run's part) through {@code pipeline}, whose model agents are built on
   * clients of {@code rendered}.
   *
   * @throws IllegalStateException when an agent fails even on a rendering client (naming the example)
   */
  public static RunForecast of(ToaPipeline pipeline, List<FlmExample> examples, RenderedCalls rendered,
      Models models) {
    long[][] v = new long[3][6];   // per role: calls, input and output tokens, low and high
    rendered.take();
    for (FlmExample e : examples) {
      try {
        IncompleteTask task = e.incompleteTask();
        String question = pipeline.asker().ask(task);
        List<RenderedCalls.Call> asker = rendered.take();
        long questionHigh = models.asker().isEmpty() ? 0 : asker.stream().mapToLong(ToaForecast::cap).sum();
        String known = models.asker().isEmpty() ? question : "";   // a model-free asker's question is known
        add(v[0], asker, 0, 0);
        if (models.agent()) {   // at the high end each call once more, with the reply it could not read
          v[0][1] += asker.size();
          v[0][3] += asker.stream().mapToLong(c -> c.inputTokens() + cap(c)).sum();
          v[0][5] += asker.stream().mapToLong(ToaForecast::cap).sum();
        }
        pipeline.oracle().answer(OracleQuery.of(task.exampleId(), known, e.candidates()));
        List<RenderedCalls.Call> oracle = rendered.take();
        add(v[1], oracle, 0, oracle.size() * questionHigh);
        pipeline.primary().answer(e.question(), e.completeContext());
        pipeline.primary().answer(e.question(), e.incompleteContext());
        List<RenderedCalls.Call> primary = rendered.take();
        long longest = 0;
        long capLongest = 0;
        long improvabilityIn = 0;
        long improvabilityOut = 0;
        for (Fact c : e.candidates()) {
          pipeline.primary().answer(e.question(), e.recoveredContext(c));
          List<RenderedCalls.Call> one = rendered.take();
          long in = one.stream().mapToLong(RenderedCalls.Call::inputTokens).sum();
          if (in >= longest) {
            longest = in;
            capLongest = one.stream().mapToLong(ToaForecast::cap).sum();
          }
          improvabilityIn += in;
          improvabilityOut += one.stream().mapToLong(ToaForecast::cap).sum();
        }
        add(v[2], primary, 0, 0);
        if (pipeline.checksImprovability()) {
          int n = e.candidates().size();
          v[2][0] += n;
          v[2][1] += n;
          v[2][2] += improvabilityIn;
          v[2][3] += improvabilityIn;
          v[2][5] += improvabilityOut;
        }
        if (!models.primary().isEmpty() && !e.candidates().isEmpty()) {
          v[2][1] += 1;          // the recovered context, when the oracle returned a fact
          v[2][3] += longest;
          v[2][5] += capLongest;
        }
      } catch (LlmException | RuntimeException x) {
        throw new IllegalStateException("--dry-run: example " + e.id() + " could not be rendered: " + x.getMessage(),
            x);
      }
    }
    String basis = "calls counted from the pipeline's structure (asker 1, oracle 1 or 1 per candidate for yesno,"
        + " primary 2-3 per example, plus 1 per candidate with --improvability); input tokens measured on the prompts"
        + " the run's agents render for these examples (1 token per 4 characters, 1 per CJK character), the asker's"
        + " question counted as 0 to its max_tokens in the oracle's prompt; output tokens 0 to each request's"
        + " max_tokens; an asking agent's calls as rendered, each once more at the high end (a reply it cannot read is"
        + " asked again)";
    List<String> modelOf = List.of(models.asker(), models.oracle(), models.primary());
    List<RunForecast.RoleForecast> roles = new java.util.ArrayList<>();
    for (int r = 0; r < 3; r++) {
      boolean none = modelOf.get(r).isEmpty();
      long[] w = none ? new long[6] : v[r];
      roles.add(new RunForecast.RoleForecast(ROLES.get(r), modelOf.get(r), new RunForecast.Range(w[0], w[1]),
          new RunForecast.Range(w[2], w[3]), new RunForecast.Range(w[4], w[5])));
    }
    return new RunForecast(examples.size(), 0, basis, roles);
  }

  private static long cap(RenderedCalls.Call c) {
    return c.maxTokens() == 0 ? UNCAPPED : c.maxTokens();
  }

  /** Adds {@code calls} (exact calls, their input tokens plus {@code extraLow}/{@code extraHigh}) to {@code v}. */
  private static void add(long[] v, List<RenderedCalls.Call> calls, long extraLow, long extraHigh) {
    long in = calls.stream().mapToLong(RenderedCalls.Call::inputTokens).sum();
    v[0] += calls.size();
    v[1] += calls.size();
    v[2] += in + extraLow;
    v[3] += in + extraHigh;
    v[5] += calls.stream().mapToLong(ToaForecast::cap).sum();
  }
}
