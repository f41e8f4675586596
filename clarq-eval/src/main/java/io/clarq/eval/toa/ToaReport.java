package io.clarq.eval.toa;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.toa.MeanInterval;
import io.clarq.core.toa.RecoveryEstimate;
import io.clarq.core.toa.ResponseFlow;
import io.clarq.core.toa.ToaSummary;
import java.util.Locale;
import java.util.OptionalDouble;

/** A TOA run's figures as text for people or as JSON for programs. */
public final class ToaReport {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private ToaReport() {}

  /**
   * Plain text: F1 and EM on x^c, x^i, x^r; both recoveries (ratios of means) with their bootstrap intervals; the
   * per-example means of ratios apart; MFRR; the response flow and hallucination rate; improvability when checked;
   * oracle failures.
   */
  public static String text(ToaSummary s) {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "examples      %d%n", s.examples()));
    sb.append(String.format(Locale.ROOT, "F1            complete %.4f  incomplete %.4f  recovered %.4f%n",
        s.f1().complete(), s.f1().incomplete(), s.f1().recovered()));
    sb.append(String.format(Locale.ROOT, "EM            complete %.4f  incomplete %.4f  recovered %.4f%n",
        s.em().complete(), s.em().incomplete(), s.em().recovered()));
    sb.append(String.format(Locale.ROOT, "F1 recovery   %s%n", s.f1Recovery()));
    sb.append(String.format(Locale.ROOT, "EM recovery   %s%n", s.emRecovery()));
    sb.append(String.format(Locale.ROOT, "              (recovered - incomplete) / (complete - incomplete) of the means"
        + " above; 95%% CI: bootstrap over examples, %d resamples, seed %d%n",
        s.f1Recovery().bootstrap().resamples(), s.f1Recovery().bootstrap().seed()));
    sb.append(String.format(Locale.ROOT, "per-example   mean of per-example recovery ratios, a different, unbounded"
        + " statistic:%n              F1 %s, %d undefined; EM %s, %d undefined%n", s.perExampleF1Recovery(),
        s.undefinedPerExampleF1(), s.perExampleEmRecovery(), s.undefinedPerExampleEm()));
    sb.append(String.format(Locale.ROOT, "MFRR          %s%n", format(s.maskedFactResponseRate())));
    ResponseFlow f = s.responseFlow();
    sb.append(String.format(Locale.ROOT, "responses     %d (%d examples without a response left out)%n",
        f.responses(), f.noResponse()));
    sb.append(flowLine("masked", f, f.masked()));
    sb.append(flowLine("distractor", f, f.distractor()));
    sb.append(String.format(Locale.ROOT, "              (%d distractor responses were another supporting fact)%n",
        f.distractorSupporting()));
    sb.append(String.format(Locale.ROOT, "hallucination %s (distractor responses that lowered F1 / distractor"
        + " responses)%n", format(f.hallucinationRate())));
    s.improvability().ifPresent(i -> sb.append(String.format(Locale.ROOT,
        "improvable    %.4f (%d of %d examples: some candidate fact raised F1)%n", i.share(), i.improvable(),
        i.checked())));
    sb.append(String.format(Locale.ROOT, "oracle        %d unparsed, %d no match, %d unparsed per-candidate replies%n",
        s.unparsed(), s.noMatch(), s.unparsedReplies()));
    return sb.toString();
  }

  private static String flowLine(String label, ResponseFlow f, ResponseFlow.Change c) {
    return String.format(Locale.ROOT, "%-13s %s  (+ %s  = %s  - %s)%n", label, format(f.share(c.total())),
        format(f.share(c.rose())), format(f.share(c.same())), format(f.share(c.fell())));
  }

  /** The same figures as one JSON object; undefined values are null. */
  public static String json(ToaSummary s) {
    ObjectNode o = MAPPER.createObjectNode();
    o.put("examples", s.examples());
    ObjectNode f1 = o.putObject("f1");
    putNumber(f1, "complete", s.f1().complete());
    putNumber(f1, "incomplete", s.f1().incomplete());
    putNumber(f1, "recovered", s.f1().recovered());
    ObjectNode em = o.putObject("em");
    putNumber(em, "complete", s.em().complete());
    putNumber(em, "incomplete", s.em().incomplete());
    putNumber(em, "recovered", s.em().recovered());
    recovery(o.putObject("f1_recovery"), s.f1Recovery());
    recovery(o.putObject("em_recovery"), s.emRecovery());
    perExample(o.putObject("f1_recovery_per_example_mean"), s.perExampleF1Recovery(), s.undefinedPerExampleF1());
    perExample(o.putObject("em_recovery_per_example_mean"), s.perExampleEmRecovery(), s.undefinedPerExampleEm());
    put(o, "mfrr", s.maskedFactResponseRate());
    ResponseFlow f = s.responseFlow();
    ObjectNode flow = o.putObject("response_flow");
    flow.put("responses", f.responses());
    flow.put("no_response", f.noResponse());
    change(flow.putObject("masked"), f, f.masked());
    change(flow.putObject("distractor"), f, f.distractor()).put("supporting_facts", f.distractorSupporting());
    put(o, "distractor_hallucination_rate", f.hallucinationRate());
    s.improvability().ifPresentOrElse(i -> o.putObject("improvability").put("checked", i.checked())
        .put("improvable", i.improvable()).put("share", i.share()), () -> o.putNull("improvability"));
    o.put("unparsed", s.unparsed());
    o.put("no_match", s.noMatch());
    o.put("unparsed_replies", s.unparsedReplies());
    try {
      return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(o);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write TOA report", e);
    }
  }

  private static void recovery(ObjectNode o, RecoveryEstimate r) {
    put(o, "value", r.value());
    if (r.ci95Low().isPresent()) {
      o.putArray("ci95").add(r.ci95Low().getAsDouble()).add(r.ci95High().getAsDouble());
    } else {
      o.putNull("ci95");
    }
    o.put("bootstrap_resamples", r.bootstrap().resamples());
    o.put("bootstrap_seed", r.bootstrap().seed());
    o.put("undefined_resamples", r.undefinedResamples());
  }

  private static void perExample(ObjectNode o, MeanInterval m, int undefined) {
    put(o, "mean", m.mean());
    put(o, "half_width_95", m.halfWidth());
    o.put("n", m.n());
    o.put("undefined", undefined);
  }

  /** Counts and shares of all responses, as Table 5 prints them. */
  private static ObjectNode change(ObjectNode o, ResponseFlow f, ResponseFlow.Change c) {
    o.put("count", c.total());
    put(o, "share", f.share(c.total()));
    put(o, "rose", f.share(c.rose()));
    put(o, "same", f.share(c.same()));
    put(o, "fell", f.share(c.fell()));
    o.putObject("counts").put("rose", c.rose()).put("same", c.same()).put("fell", c.fell());
    return o;
  }

  private static void put(ObjectNode o, String key, OptionalDouble v) {
    if (v.isPresent()) {
      o.put(key, v.getAsDouble());
    } else {
      o.putNull(key);
    }
  }

  private static void putNumber(ObjectNode o, String key, double v) {
    put(o, key, Double.isNaN(v) ? OptionalDouble.empty() : OptionalDouble.of(v));
  }

  private static String format(OptionalDouble v) {
    return v.isPresent() ? String.format(Locale.ROOT, "%.4f", v.getAsDouble()) : "undefined";
  }
}
