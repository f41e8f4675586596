package io.clarq.eval.toa;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.toa.MeanInterval;
import io.clarq.core.toa.ToaSummary;
import java.util.Locale;
import java.util.OptionalDouble;

/** A TOA run's figures as text for people or as JSON for programs. */
public final class ToaReport {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private ToaReport() {}

  /** Plain text: F1 and EM on x^c, x^i, x^r; both recoveries with their 95% intervals; MFRR; oracle failures. */
  public static String text(ToaSummary s) {
    StringBuilder sb = new StringBuilder();
    sb.append(String.format(Locale.ROOT, "examples      %d%n", s.examples()));
    sb.append(String.format(Locale.ROOT, "F1            complete %.4f  incomplete %.4f  recovered %.4f%n",
        s.f1().complete(), s.f1().incomplete(), s.f1().recovered()));
    sb.append(String.format(Locale.ROOT, "EM            complete %.4f  incomplete %.4f  recovered %.4f%n",
        s.em().complete(), s.em().incomplete(), s.em().recovered()));
    sb.append(String.format(Locale.ROOT, "F1 recovery   %s, dropped %d (F1 complete = incomplete)%n",
        s.f1Recovery(), s.droppedF1()));
    sb.append(String.format(Locale.ROOT, "EM recovery   %s, dropped %d (EM complete = incomplete)%n",
        s.emRecovery(), s.droppedEm()));
    sb.append(String.format(Locale.ROOT, "MFRR          %s%n", format(s.maskedFactResponseRate())));
    sb.append(String.format(Locale.ROOT, "oracle        %d unparsed, %d no match, %d unparsed per-candidate replies%n",
        s.unparsed(), s.noMatch(), s.unparsedReplies()));
    return sb.toString();
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
    interval(o.putObject("f1_recovery"), s.f1Recovery(), s.droppedF1());
    interval(o.putObject("em_recovery"), s.emRecovery(), s.droppedEm());
    put(o, "mfrr", s.maskedFactResponseRate());
    o.put("unparsed", s.unparsed());
    o.put("no_match", s.noMatch());
    o.put("unparsed_replies", s.unparsedReplies());
    try {
      return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(o);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write TOA report", e);
    }
  }

  private static void interval(ObjectNode o, MeanInterval m, int dropped) {
    put(o, "mean", m.mean());
    put(o, "half_width_95", m.halfWidth());
    o.put("n", m.n());
    o.put("dropped", dropped);
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
