package io.clarq.core.files;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JSON parse error in words a person can act on: where (line and column) and what, without Jackson's description
 * of its input ("[Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled); line: 1, column: 9]"),
 * which names no file and tells the reader nothing.
 */
public final class JsonErrors {
  /** Jackson's location text, also found inside a message ("start marker at [Source: ...; line: 1, column: 1]"). */
  private static final Pattern SOURCE = Pattern.compile("\\[Source: [^\\]]*?; line: (\\d+), column: (\\d+)\\]");

  private JsonErrors() {}

  /** "line 3, column 7: Unexpected end-of-input: ..." (no line when the parser knows none). */
  public static String describe(JsonProcessingException e) {
    JsonLocation at = e.getLocation();
    String what = clean(e.getOriginalMessage() == null ? e.getClass().getSimpleName() : e.getOriginalMessage());
    return at == null || at.getLineNr() < 1 ? what : "line " + at.getLineNr() + ", column " + at.getColumnNr()
        + ": " + what;
  }

  /** For one line of JSON Lines, whose line the caller names: "Unexpected character ... (column 7)". */
  public static String inLine(JsonProcessingException e) {
    JsonLocation at = e.getLocation();
    String what = clean(e.getOriginalMessage() == null ? e.getClass().getSimpleName() : e.getOriginalMessage());
    return at == null || at.getColumnNr() < 1 ? what : what + " (column " + at.getColumnNr() + ")";
  }

  /** {@code message} with each of Jackson's location texts replaced by "line L, column C". */
  public static String clean(String message) {
    Matcher m = SOURCE.matcher(message);
    StringBuilder sb = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(sb, "line " + m.group(1) + ", column " + m.group(2));
    }
    m.appendTail(sb);
    return sb.toString().replaceAll("\\s*\\[Source: [^\\]]*\\]?", "").strip();
  }
}
