package io.clarq.datasets.jsonl;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PythonJsonTest {
  private static final String TEXT = "\u00e9\u007f\u0001\"\\\n\t\b\f\r\ud83d\ude00 ~";

  @Test
  void testEnsureAsciiMatchesPythonJsonDumps() {
    // python3 -c 'import json; print(json.dumps("\u00e9\x7f\x01\"\\\n\t\b\f\r\U0001F600 ~"))'
    assertThat(PythonJson.string(TEXT, true))
        .isEqualTo("\"\\u00e9\\u007f\\u0001\\\"\\\\\\n\\t\\b\\f\\r\\ud83d\\ude00 ~\"");
  }

  @Test
  void testWithoutEnsureAsciiMatchesPythonJsonDumps() {
    // the same with ensure_ascii=False: only quote, backslash and control characters are escaped
    assertThat(PythonJson.string(TEXT, false))
        .isEqualTo("\"\u00e9\u007f\\u0001\\\"\\\\\\n\\t\\b\\f\\r\ud83d\ude00 ~\"");
    assertThat(PythonJson.appendString(new StringBuilder("x"), "a", false)).hasToString("x\"a\"");
  }
}
