package io.clarq.eval.clarqllm.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Optional;

/**
 * Compares a request clarq would send (its wire body) with one the reference sent, as reference-traces/README.md
 * prescribes: {@code model}, {@code temperature} (as a number), {@code seed}, {@code response_format} present exactly
 * when recorded, {@code stop} (null and absent are the same), and {@code messages}: same length, same roles, contents
 * equal byte for byte. Anything else clarq would send is a difference too.
 */
final class RequestDiff {
  private static final int EXCERPT = 40;

  private RequestDiff() {}

  /** The first difference, described; empty when the requests agree. */
  static Optional<String> first(JsonNode expected, JsonNode actual) {
    if (!expected.path("model").asText().equals(actual.path("model").asText())) {
      return Optional.of("model: expected \"" + expected.path("model").asText() + "\", got \""
          + actual.path("model").asText() + "\"");
    }
    for (String number : new String[] {"temperature", "seed"}) {
      Optional<String> d = sameNumber(number, expected.get(number), actual.get(number));
      if (d.isPresent()) {
        return d;
      }
    }
    JsonNode ef = nullToMissing(expected.get("response_format"));
    JsonNode af = nullToMissing(actual.get("response_format"));
    if (ef == null ? af != null : !ef.equals(af)) {
      return Optional.of("response_format: expected " + (ef == null ? "none" : ef) + ", got " + (af == null ? "none" : af));
    }
    JsonNode es = nullToMissing(expected.get("stop"));
    JsonNode as = nullToMissing(actual.get("stop"));
    if (es == null ? as != null : !es.equals(as)) {
      return Optional.of("stop: expected " + (es == null ? "none" : es) + ", got " + (as == null ? "none" : as));
    }
    for (Iterator<String> it = actual.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (!expected.has(f)) {
        return Optional.of("clarq sends " + f + " = " + actual.get(f) + ", which the reference does not");
      }
    }
    JsonNode em = expected.path("messages");
    JsonNode am = actual.path("messages");
    if (em.size() != am.size()) {
      return Optional.of("messages: expected " + em.size() + ", got " + am.size());
    }
    for (int i = 0; i < em.size(); i++) {
      String er = em.get(i).path("role").asText();
      String ar = am.get(i).path("role").asText();
      if (!er.equals(ar)) {
        return Optional.of("messages[" + i + "].role: expected " + er + ", got " + ar);
      }
      Optional<String> d = firstDifference(em.get(i).path("content").asText(), am.get(i).path("content").asText());
      if (d.isPresent()) {
        return Optional.of("messages[" + i + "].content " + d.get());
      }
    }
    return Optional.empty();
  }

  /**
   * Where two texts first differ: "differs at character N: expected «...» got «...»" with a short excerpt of both
   * from a little before that character; empty when equal.
   */
  static Optional<String> firstDifference(String expected, String actual) {
    if (expected.equals(actual)) {
      return Optional.empty();
    }
    int i = 0;
    int n = Math.min(expected.length(), actual.length());
    while (i < n && expected.charAt(i) == actual.charAt(i)) {
      i++;
    }
    int from = Math.max(0, i - 10);
    return Optional.of("differs at character " + i + " (of " + expected.length() + " expected, " + actual.length()
        + " got): expected «" + excerpt(expected, from) + "» got «" + excerpt(actual, from) + "»");
  }

  private static String excerpt(String s, int from) {
    if (from >= s.length()) {
      return "(end)";
    }
    String e = s.substring(from, Math.min(s.length(), from + EXCERPT));
    return e.replace("\n", "\\n").replace("\t", "\\t") + (from + EXCERPT < s.length() ? "…" : "");
  }

  private static Optional<String> sameNumber(String field, JsonNode expected, JsonNode actual) {
    JsonNode e = nullToMissing(expected);
    JsonNode a = nullToMissing(actual);
    if (e == null && a == null) {
      return Optional.empty();
    }
    if (e == null || a == null || !e.isNumber() || !a.isNumber() || e.decimalValue().compareTo(a.decimalValue()) != 0) {
      return Optional.of(field + ": expected " + (e == null ? "none" : e) + ", got " + (a == null ? "none" : a));
    }
    return Optional.empty();
  }

  private static JsonNode nullToMissing(JsonNode n) {
    return n == null || n.isNull() || n.isMissingNode() ? null : n;
  }
}
