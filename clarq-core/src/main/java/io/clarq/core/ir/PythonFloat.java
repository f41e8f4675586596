package io.clarq.core.ir;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;

/**
 * Prints a double the way Python's {@code repr(float)} (and {@code json.dumps}) does: the shortest decimal that
 * reads back as the same double, in fixed notation when the decimal exponent is in [-4, 16), otherwise as
 * {@code 1e-05} / {@code 1.5e+16}. Java 17's {@code Double.toString} is neither always shortest nor in this form.
 */
public final class PythonFloat {
  private PythonFloat() {}

  /** Python's {@code repr(v)}: {@code 0.1}, {@code 1.0}, {@code 1e-05}, {@code 1e+16}, {@code nan}, {@code -inf}. */
  public static String repr(double v) {
    if (Double.isNaN(v)) {
      return "nan";
    }
    if (Double.isInfinite(v)) {
      return v > 0 ? "inf" : "-inf";
    }
    if (v == 0) {
      return 1 / v < 0 ? "-0.0" : "0.0";
    }
    BigDecimal shortest = shortest(Math.abs(v)).stripTrailingZeros();
    String digits = shortest.unscaledValue().toString();
    // value = 0.<digits> x 10^decpt
    int decpt = digits.length() - shortest.scale();
    String body = decpt <= -4 || decpt > 16 ? scientific(digits, decpt - 1) : fixed(digits, decpt);
    return v < 0 ? "-" + body : body;
  }

  /** JSON's rendering of a double as Python's {@code json.dumps} writes it ({@code NaN}, {@code Infinity}). */
  public static String json(double v) {
    if (Double.isNaN(v)) {
      return "NaN";
    }
    if (Double.isInfinite(v)) {
      return v > 0 ? "Infinity" : "-Infinity";
    }
    return repr(v);
  }

  private static BigDecimal shortest(double v) {
    BigDecimal exact = new BigDecimal(v);
    for (int p = 1; p < 17; p++) {
      BigDecimal nearest = exact.round(new MathContext(p, RoundingMode.HALF_EVEN));
      if (readsBack(nearest, v)) {
        return nearest;
      }
      // near a power of two the interval that reads back is lopsided: the farther neighbour may still fit
      for (RoundingMode mode : new RoundingMode[] {RoundingMode.FLOOR, RoundingMode.CEILING}) {
        BigDecimal candidate = exact.round(new MathContext(p, mode));
        if (readsBack(candidate, v)) {
          return candidate;
        }
      }
    }
    return exact.round(new MathContext(17, RoundingMode.HALF_EVEN));
  }

  private static boolean readsBack(BigDecimal candidate, double v) {
    return Double.parseDouble(candidate.toString()) == v;
  }

  private static String fixed(String digits, int decpt) {
    if (decpt <= 0) {
      return "0." + "0".repeat(-decpt) + digits;
    }
    if (decpt >= digits.length()) {
      return digits + "0".repeat(decpt - digits.length()) + ".0";
    }
    return digits.substring(0, decpt) + "." + digits.substring(decpt);
  }

  private static String scientific(String digits, int exponent) {
    String mantissa = digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
    String exp = Integer.toString(Math.abs(exponent));
    return mantissa + "e" + (exponent < 0 ? "-" : "+") + (exp.length() < 2 ? "0" + exp : exp);
  }
}
