package io.clarq.eval.clarqllm;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.zip.GZIPInputStream;

/**
 * Measures a reference-trace file ({@code clarq-llm/reference-traces/*.jsonl.gz}, format in its README) as the
 * forecast needs it: the {@link CallStatistics} of one role. The forecast itself reads the figures shipped with clarq
 * ({@link ForecastCallStatistics}); this is how they are derived, and how a test checks them.
 */
final class ReferenceTraceStatistics {
  private ReferenceTraceStatistics() {}

  /** Streams only (jackson-core): no JSON tree is made. */
  private static final JsonFactory JSON = new JsonFactory();

  /**
   * The statistics of {@code role} (seeker, provider or judge) in one trace file: calls per turn (lowest and highest
   * per-dialogue rate; judge: calls per judged dialogue) and estimated tokens per call (10th and 90th percentile).
   */
static CallStatistics read(Path file, String role) {
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException("no reference trace " + file + ": the forecast's call statistics are "
          + "derived from the reference traces (clarq-llm/reference-traces)");
    }
    List<Double> rates = new ArrayList<>();
    List<Double> in = new ArrayList<>();
    List<Double> out = new ArrayList<>();
    // the records are read as a sequence of JSON values straight from the bytes (one per line in the file)
    try (JsonParser p = JSON.createParser(new GZIPInputStream(Files.newInputStream(file)))) {
      for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
        if (t != JsonToken.START_OBJECT) {
          throw new IllegalArgumentException(file + " line " + p.currentLocation().getLineNr() + ": not a trace "
              + "record (a JSON object)");
        }
        record(p, role, rates, in, out);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
    }
    if (rates.isEmpty() || in.isEmpty()) {
      throw new IllegalArgumentException(file + ": no " + role + " calls in the trace");
    }
    ToDoubleFunction<List<Double>> min = l -> l.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    ToDoubleFunction<List<Double>> max = l -> l.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    return new CallStatistics(min.applyAsDouble(rates), max.applyAsDouble(rates), NearestRank.percentile(in, 0.10),
        NearestRank.percentile(in, 0.90), NearestRank.percentile(out, 0.10), NearestRank.percentile(out, 0.90));
  }

  /**
   * One record, read as a stream (no tree: a cold start would spend a quarter second making a JSON mapper): the
   * judge's {@code calls}, or the {@code calls} of the {@code turns} whose {@code role} is {@code role} (the
   * provider's opening turn left out); adds the record's calls per turn to {@code rates} and each counted call's
   * input and output tokens to {@code in} and {@code out}.
   */
  private static void record(JsonParser p, String role, List<Double> rates, List<Double> in, List<Double> out)
      throws IOException {
    List<long[]> calls = new ArrayList<>();
    boolean judge = role.equals("judge");
    int[] turns = {0};
    boolean[] first = {true};
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      JsonToken value = p.nextToken();
      if (judge && name.equals("calls") && value == JsonToken.START_ARRAY) {
        items(p, q -> calls.add(call(q)));
      } else if (!judge && name.equals("turns") && value == JsonToken.START_ARRAY) {
        items(p, q -> {
          String[] turnRole = {""};
          List<long[]> turnCalls = new ArrayList<>();
          fields(q, (field, v) -> {
            if (field.equals("role")) {
              turnRole[0] = text(q, v);
            } else if (field.equals("calls") && v == JsonToken.START_ARRAY) {
              items(q, r -> turnCalls.add(call(r)));
            } else {
              q.skipChildren();
            }
          });
          boolean opening = first[0] && role.equals("provider");
          first[0] = false;
          if (turnRole[0].equals(role) && !opening) {
            turns[0]++;
            calls.addAll(turnCalls);
          }
        });
      } else {
        p.skipChildren();
      }
    }
    if (judge) {
      rates.add((double) calls.size());
    } else if (turns[0] > 0) {
      rates.add(calls.size() / (double) turns[0]);
    }
    for (long[] c : calls) {
      in.add((double) c[0]);
      out.add((double) c[1]);
    }
  }

  /** One call (the parser at its first token): its input tokens (its messages' content) and output tokens. */
  private static long[] call(JsonParser p) throws IOException {
    long[] tokens = new long[2];
    fields(p, (name, value) -> {
      if (name.equals("response")) {
        tokens[1] = TokenEstimate.tokens(text(p, value));
      } else if (name.equals("request") && value == JsonToken.START_OBJECT) {
        fields(p, (field, v) -> {
          if (field.equals("messages") && v == JsonToken.START_ARRAY) {
            items(p, q -> fields(q, (key, c) -> {
              if (key.equals("content")) {
                tokens[0] += TokenEstimate.tokens(text(q, c));
              } else {
                q.skipChildren();
              }
            }));
          } else {
            p.skipChildren();
          }
        });
      } else {
        p.skipChildren();
      }
    });
    return tokens;
  }

  private interface Item {
    void read(JsonParser p) throws IOException;
  }

  private interface Field {
    void read(String name, JsonToken value) throws IOException;
  }

  /** Each item of a list (the parser at its start), the parser at the item's first token. */
  private static void items(JsonParser p, Item item) throws IOException {
    for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
      item.read(p);
    }
  }

  /**
   * Each field of an object (the parser at its first token), the parser at the field's value; a value that is not
   * an object has no fields (as a tree's {@code path} finds none), and is skipped whole.
   */
  private static void fields(JsonParser p, Field field) throws IOException {
    if (p.currentToken() != JsonToken.START_OBJECT) {
      p.skipChildren();
      return;
    }
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      field.read(name, p.nextToken());
    }
  }

  /** A value's text as a tree would give it: a scalar's text, "" for a list or an object. */
  private static String text(JsonParser p, JsonToken value) throws IOException {
    if (value == JsonToken.START_ARRAY || value == JsonToken.START_OBJECT) {
      p.skipChildren();
      return "";
    }
    return p.getText();
  }
}
