package io.clarq.datasets.trec;

import io.clarq.core.ir.RelevanceJudgments;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads qrels {@code <topic> <iteration> <docno> <grade>} (fields separated by whitespace, as trec_eval reads
 * them). Document ids are kept exactly as written (CACM's qrels say {@code CACM-115} where the file is
 * {@code CACM-0115}; trec_eval compares them as strings too).
 */
public final class QrelsReader {
  private static final String KIND = "qrels file";

  private QrelsReader() {}

  /** Reads the judgments; a malformed line or a document judged twice for a topic is an error naming the line. */
  public static RelevanceJudgments read(Path file) {
    List<String> lines = TrecRunReader.readLines(file);
    Map<String, Map<String, Integer>> byTopic = new LinkedHashMap<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty()) {
        continue;
      }
      String[] f = line.split("\\s+");
      if (f.length != 4) {
        throw new FileFormatException(KIND, file, i + 1,
            "expected \"<topic> 0 <docno> <grade>\", got " + f.length + " fields");
      }
      int grade;
      try {
        grade = Integer.parseInt(f[3]);
      } catch (NumberFormatException e) {
        throw new FileFormatException(KIND, file, i + 1, "grade \"" + f[3] + "\" is not an integer");
      }
      if (byTopic.computeIfAbsent(f[0], k -> new LinkedHashMap<>()).put(f[2], grade) != null) {
        throw new FileFormatException(KIND, file, i + 1, "document " + f[2] + " judged twice for topic " + f[0]);
      }
    }
    if (byTopic.isEmpty()) {
      throw new FileFormatException(KIND, file, 0, "the file holds no judgment");
    }
    return new RelevanceJudgments(byTopic);
  }
}
