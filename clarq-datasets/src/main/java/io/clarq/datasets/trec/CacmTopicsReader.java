package io.clarq.datasets.trec;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads CACM's topic file: {@code <DOC>}, {@code <DOCNO> n </DOCNO>}, the query text on the following lines,
 * {@code </DOC>}. The whole text is the query, as Anserini's CACM topic reader takes it.
 */
public final class CacmTopicsReader {
  private static final String KIND = "topics file";
  private static final Pattern DOCNO = Pattern.compile("<DOCNO>\\s*(.*?)\\s*</DOCNO>");

  private CacmTopicsReader() {}

  /** Topic id to query text, in file order. */
  public static Map<String, String> read(Path file) {
    List<String> lines = TrecRunReader.readLines(file);
    Map<String, String> topics = new LinkedHashMap<>();
    String id = null;
    StringBuilder text = null;
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (line.startsWith("<DOCNO>")) {
        Matcher m = DOCNO.matcher(line);
        if (!m.find() || m.group(1).isEmpty()) {
          throw new FileFormatException(KIND, file, i + 1, "malformed <DOCNO> line");
        }
        id = m.group(1);
        text = new StringBuilder();
      } else if (line.startsWith("</DOC>")) {
        if (id == null) {
          throw new FileFormatException(KIND, file, i + 1, "</DOC> without a <DOCNO>");
        }
        if (topics.put(id, text.toString()) != null) {
          throw new FileFormatException(KIND, file, i + 1, "topic " + id + " appears twice");
        }
        id = null;
      } else if (id != null) {
        text.append(line).append('\n');
      }
    }
    if (id != null) {
      throw new FileFormatException(KIND, file, lines.size(), "topic " + id + " has no closing </DOC> (truncated?)");
    }
    if (topics.isEmpty()) {
      throw new FileFormatException(KIND, file, 0, "no topic found");
    }
    return topics;
  }
}
