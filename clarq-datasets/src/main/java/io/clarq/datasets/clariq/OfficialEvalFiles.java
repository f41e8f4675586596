package io.clarq.datasets.clariq;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.clariq.DocumentRelevanceTable;
import io.clarq.core.files.AtomicFiles;
import io.clarq.core.ir.MetricTable;
import io.clarq.core.ir.PythonFloat;
import io.clarq.datasets.jsonl.PythonJson;
import io.clarq.datasets.trec.FileFormatException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The JSON files of the official ClariQ tool: its per-topic output ({@code --out_file}, metric -> id -> value, as
 * written by Python's {@code json.dump}, e.g. sample_runs/dev_bm25.eval) and the document-relevance table exported
 * from its pickle (metric -> facet -> question -> {no_answer, with_answer}).
 */
public final class OfficialEvalFiles {
  private static final ObjectMapper JSON = new ObjectMapper();

  private OfficialEvalFiles() {}

  /** Reads a per-topic (or per-facet) result file. */
  public static MetricTable readPerTopic(Path file) {
    JsonNode root = parse(file, "result file");
    MetricTable table = new MetricTable();
    for (Iterator<Map.Entry<String, JsonNode>> m = root.fields(); m.hasNext(); ) {
      Map.Entry<String, JsonNode> metric = m.next();
      if (!metric.getValue().isObject()) {
        throw new FileFormatException("result file", file, 0, "metric " + metric.getKey() + " is not an object");
      }
      for (Iterator<Map.Entry<String, JsonNode>> i = metric.getValue().fields(); i.hasNext(); ) {
        Map.Entry<String, JsonNode> item = i.next();
        if (!item.getValue().isNumber()) {
          throw new FileFormatException("result file", file, 0,
              metric.getKey() + " of " + item.getKey() + " is not a number: " + item.getValue());
        }
        table.put(metric.getKey(), item.getKey(), item.getValue().doubleValue());
      }
    }
    return table;
  }

  /** Writes a per-topic result file byte for byte as Python's {@code json.dump} would. */
  public static void writePerTopic(Path file, MetricTable table) {
    AtomicFiles.write(file, out -> out.write(toJson(table)));
  }

  /** The JSON text of a per-topic table in {@code json.dump}'s default form ({@code ", "} and {@code ": "}). */
  public static String toJson(MetricTable table) {
    StringBuilder sb = new StringBuilder("{");
    boolean firstMetric = true;
    for (Map.Entry<String, Map<String, Double>> metric : table.values().entrySet()) {
      sb.append(firstMetric ? "" : ", ").append(PythonJson.string(metric.getKey(), true)).append(": {");
      firstMetric = false;
      boolean first = true;
      for (Map.Entry<String, Double> e : metric.getValue().entrySet()) {
        sb.append(first ? "" : ", ").append(PythonJson.string(e.getKey(), true)).append(": ")
            .append(PythonFloat.json(e.getValue()));
        first = false;
      }
      sb.append('}');
    }
    return sb.append('}').toString();
  }

  /** Reads a document-relevance table: metric -> facet -> question -> {"no_answer": x, "with_answer": y}. */
  public static DocumentRelevanceTable readDocumentRelevanceTable(Path file) {
    String kind = "document-relevance table";
    JsonNode root = parse(file, kind);
    Map<String, Map<String, Map<String, DocumentRelevanceTable.Cell>>> cells = new LinkedHashMap<>();
    root.fields().forEachRemaining(metric -> objectOf(file, kind, metric.getKey(), metric.getValue(), "facets")
        .fields().forEachRemaining(facet -> {
      Map<String, DocumentRelevanceTable.Cell> questions = new LinkedHashMap<>();
      objectOf(file, kind, metric.getKey() + " / " + facet.getKey(), facet.getValue(), "questions")
          .fields().forEachRemaining(q -> {
        JsonNode no = q.getValue().get("no_answer");
        JsonNode with = q.getValue().get("with_answer");
        if (with == null || !with.isNumber() || (no != null && !no.isNumber())) {
          throw new FileFormatException(kind, file, 0, metric.getKey() + " / " + facet.getKey() + " / " + q.getKey()
              + ": expected {\"no_answer\": number, \"with_answer\": number}, got " + q.getValue());
        }
        questions.put(q.getKey(), new DocumentRelevanceTable.Cell(
            no == null ? Double.NaN : no.doubleValue(), with.doubleValue()));
      });
      cells.computeIfAbsent(metric.getKey(), k -> new LinkedHashMap<>()).put(facet.getKey(), questions);
    }));
    return new DocumentRelevanceTable(cells);
  }

  /** The value, which must be a JSON object: a table never silently skips what it cannot read. */
  private static JsonNode objectOf(Path file, String kind, String where, JsonNode value, String holding) {
    if (!value.isObject()) {
      String text = value.toString();
      throw new FileFormatException(kind, file, 0, where + ": expected an object of " + holding + ", got "
          + (text.length() > 80 ? text.substring(0, 80) + "..." : text));
    }
    return value;
  }

  private static JsonNode parse(Path file, String kind) {
    JsonNode root;
    try {
      root = JSON.readTree(file.toFile());
    } catch (IOException e) {
      throw new FileFormatException(kind, file, 0, "not valid JSON: " + e.getMessage());
    }
    if (root == null || !root.isObject()) {
      throw new FileFormatException(kind, file, 0, "expected a JSON object of metrics");
    }
    return root;
  }
}
