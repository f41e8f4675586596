package io.clarq.examples.cli.toa;

import io.clarq.core.toa.flm.FlmExample;
import io.clarq.eval.clarqllm.ForecastTable;
import io.clarq.eval.clarqllm.RenderedCalls;
import io.clarq.eval.clarqllm.RunForecast;
import io.clarq.eval.results.ModelRef;
import io.clarq.eval.results.ModelRole;
import io.clarq.eval.toa.ToaForecast;
import io.clarq.eval.toa.ToaPipeline;
import io.clarq.examples.cli.LlmOptions;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** {@code clarq toa run --dry-run}: the run's forecast ({@link ToaForecast}), printed as every dry run prints one. */
final class ToaDryRun {
  private ToaDryRun() {}

  /** Makes every client {@code llm} opens from now on render into the returned calls, calling no model. */
  static RenderedCalls rendering(LlmOptions llm) {
    RenderedCalls rendered = new RenderedCalls();
    llm.renderInto(rendered);
    return rendered;
  }

  /**
   * Forecasts {@code part} through {@code pipeline} (its agents built on {@code rendered}'s clients), prints the table
   * with the cost at {@code llm}'s prices (the batch price with {@code batch}) and returns the forecast.
   */
  static RunForecast print(ToaPipeline pipeline, List<FlmExample> part, RenderedCalls rendered,
      Map<ModelRole, ModelRef> models, boolean agent, boolean batch, LlmOptions llm, PrintWriter out) {
    RunForecast f = ToaForecast.of(pipeline, part, rendered, new ToaForecast.Models(name(models, ModelRole.ASKER),
        name(models, ModelRole.ORACLE), name(models, ModelRole.PRIMARY), agent));
    if (batch) {
      f = f.inBatch(Set.copyOf(ToaForecast.ROLES));
    }
    out.print(ForecastTable.table(f, llm.prices(), "examples"));
    out.flush();
    return f;
  }

  // the model's name as --prices names it: the spec's model without its scheme
  private static String name(Map<ModelRole, ModelRef> models, ModelRole role) {
    ModelRef m = models.get(role);
    return m == null ? "" : m.name().substring(m.name().indexOf(':') + 1);
  }
}
