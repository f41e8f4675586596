package io.clarq.core.ir;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PythonFloatTest {
  // expected strings are CPython 3.11's repr() of the same doubles
  @Test
  void testMatchesPythonRepr() {
    assertThat(PythonFloat.repr(0.1)).isEqualTo("0.1");
    assertThat(PythonFloat.repr(1.0)).isEqualTo("1.0");
    assertThat(PythonFloat.repr(100.0)).isEqualTo("100.0");
    assertThat(PythonFloat.repr(1e-05)).isEqualTo("1e-05");
    assertThat(PythonFloat.repr(1.5e-05)).isEqualTo("1.5e-05");
    assertThat(PythonFloat.repr(0.0001)).isEqualTo("0.0001");
    assertThat(PythonFloat.repr(0.000123)).isEqualTo("0.000123");
    assertThat(PythonFloat.repr(0.002)).isEqualTo("0.002");
    assertThat(PythonFloat.repr(1e16)).isEqualTo("1e+16");
    assertThat(PythonFloat.repr(1e15)).isEqualTo("1000000000000000.0");
    assertThat(PythonFloat.repr(9007199254740992.0)).isEqualTo("9007199254740992.0");
    assertThat(PythonFloat.repr(123456789012345678.0)).isEqualTo("1.2345678901234568e+17");
    assertThat(PythonFloat.repr(Math.pow(2, 60))).isEqualTo("1.152921504606847e+18");
    assertThat(PythonFloat.repr(1e22)).isEqualTo("1e+22");
    assertThat(PythonFloat.repr(1e23)).isEqualTo("1e+23");
    assertThat(PythonFloat.repr(1.0 / 3)).isEqualTo("0.3333333333333333");
    assertThat(PythonFloat.repr(2.0 / 3)).isEqualTo("0.6666666666666666");
    assertThat(PythonFloat.repr(0.1 + 0.2)).isEqualTo("0.30000000000000004");
    assertThat(PythonFloat.repr(1.0000000000000002)).isEqualTo("1.0000000000000002");
    assertThat(PythonFloat.repr(4.35)).isEqualTo("4.35");
    assertThat(PythonFloat.repr(123.456)).isEqualTo("123.456");
    assertThat(PythonFloat.repr(Double.MIN_VALUE)).isEqualTo("5e-324");
    assertThat(PythonFloat.repr(3 * Double.MIN_VALUE)).isEqualTo("1.5e-323");
    assertThat(PythonFloat.repr(Double.MAX_VALUE)).isEqualTo("1.7976931348623157e+308");
    assertThat(PythonFloat.repr(-2.5e-7)).isEqualTo("-2.5e-07");
    assertThat(PythonFloat.repr(0.3245570421150917)).isEqualTo("0.3245570421150917");
    assertThat(PythonFloat.repr(0.24845070422535212)).isEqualTo("0.24845070422535212");
  }

  @Test
  void testSpecialValues() {
    assertThat(PythonFloat.repr(0.0)).isEqualTo("0.0");
    assertThat(PythonFloat.repr(-0.0)).isEqualTo("-0.0");
    assertThat(PythonFloat.repr(Double.NaN)).isEqualTo("nan");
    assertThat(PythonFloat.repr(Double.NEGATIVE_INFINITY)).isEqualTo("-inf");
    assertThat(PythonFloat.json(Double.POSITIVE_INFINITY)).isEqualTo("Infinity");
    assertThat(PythonFloat.json(Double.NaN)).isEqualTo("NaN");
  }

  @Test
  void testJavaToStringDiffersWhereReprMatters() {
    // the reason this class exists: Java 17 prints these differently
    assertThat(Double.toString(1e-05)).isEqualTo("1.0E-5");
    assertThat(PythonFloat.repr(1e-05)).isEqualTo("1e-05");
    assertThat(Double.toString(2.0E-3)).isEqualTo("0.002");
  }

  @Test
  void testEveryReprReadsBack() {
    java.util.SplittableRandom random = new java.util.SplittableRandom(42);
    for (int i = 0; i < 20_000; i++) {
      double v = Double.longBitsToDouble(random.nextLong());
      if (Double.isFinite(v)) {
        assertThat(Double.parseDouble(PythonFloat.repr(v))).isEqualTo(v);
      }
    }
  }
}
