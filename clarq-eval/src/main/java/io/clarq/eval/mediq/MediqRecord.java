package io.clarq.eval.mediq;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.llm.TokenUsage;
import io.clarq.core.mediq.ExpertTurn;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One line of a MediQ run's item log ({@value #LOG}): the data set and the case's {@link MediqOutcome}, with the
 * reference's field names where it has them ({@code letter_choice}, {@code questions}, {@code answers},
 * {@code intermediate_choices}).
 */
public record MediqRecord(String dataset, MediqOutcome outcome, int trial) {
  /** The item log's file name. */
  public static final String LOG = "consultations.jsonl";

  private static final ObjectMapper JSON = new ObjectMapper();

  public MediqRecord {
    Objects.requireNonNull(dataset, "dataset");
    Objects.requireNonNull(outcome, "outcome");
    io.clarq.core.llm.Trials.check(trial);
  }

  /** A record of trial 1. */
  public MediqRecord(String dataset, MediqOutcome outcome) {
    this(dataset, outcome, 1);
  }

  /** The key of the item it was played from. */
  public String key() {
    return MediqItem.key(dataset, outcome.caseId(), trial);
  }

  /** The record as one JSON line. */
  public String toLine() {
    ObjectNode o = JSON.createObjectNode();
    o.put("dataset", dataset).put("id", outcome.caseId());
    if (trial > 1) {
      o.put("trial", trial);   // a run of one trial writes what it wrote before trials
    }
    o.put("answer_idx", outcome.answerLetter());
    o.put("letter_choice", outcome.letter().orElse(null)).put("correct", outcome.correct());
    strings(o.putArray("questions"), outcome.questions());
    ArrayNode answers = o.putArray("answers");
    outcome.answers().forEach(answers::add);
    strings(o.putArray("intermediate_choices"), outcome.intermediateChoices());
    o.put("forced", outcome.forced()).put("max_questions", outcome.maxQuestions()).put("timeout", outcome.timeout());
    ArrayNode turns = o.putArray("turns");
    for (ExpertTurn t : outcome.turns()) {
      turns.addObject().put("asks", t.asks()).put("question", t.question().orElse(null))
          .put("letter", t.letter().orElse(null)).put("confidence", t.confidence())
          .put("input_tokens", t.usage().promptTokens()).put("output_tokens", t.usage().completionTokens())
          .put("unparsed", t.unparsed());
    }
    if (outcome.facts().isPresent()) {
      ArrayNode facts = o.putArray("facts");
      outcome.facts().get().forEach(facts::add);
    } else {
      o.putNull("facts");
    }
    try {
      return JSON.writeValueAsString(o);
    } catch (IOException e) {
      throw new IllegalStateException("cannot write a JSON tree", e);
    }
  }

  /**
   * Reads one line.
   *
   * @throws IllegalArgumentException starting with {@code where} when the line is not a record
   */
  public static MediqRecord fromLine(String line, String where) {
    try {
      JsonNode o = JSON.readTree(line);
      List<ExpertTurn> turns = new ArrayList<>();
      for (JsonNode t : required(o, "turns")) {
        turns.add(new ExpertTurn(t.path("asks").asBoolean(), text(t.get("question")), text(t.get("letter")),
            t.path("confidence").asDouble(), new TokenUsage(t.path("input_tokens").asLong(),
            t.path("output_tokens").asLong()), t.path("unparsed").asInt()));
      }
      List<String> answers = new ArrayList<>();
      required(o, "answers").forEach(a -> answers.add(a.asText()));
      Optional<List<String>> facts = Optional.empty();
      if (o.hasNonNull("facts")) {
        List<String> f = new ArrayList<>();
        o.get("facts").forEach(x -> f.add(x.asText()));
        facts = Optional.of(f);
      }
      MediqOutcome outcome = new MediqOutcome(required(o, "id").asInt(), required(o, "answer_idx").asText(),
          text(o.get("letter_choice")), texts(required(o, "questions")), answers,
          texts(required(o, "intermediate_choices")), turns, o.path("forced").asBoolean(),
          required(o, "max_questions").asInt(), facts);
      return new MediqRecord(required(o, "dataset").asText(), outcome, o.path("trial").asInt(1));
    } catch (IOException | IllegalArgumentException | NullPointerException e) {
      throw new IllegalArgumentException(where + ": not a MediQ record: " + e.getMessage(), e);
    }
  }

  /** The field, refused when absent or null ("missing field ..."). */
  static JsonNode required(JsonNode o, String field) {
    JsonNode v = o.get(field);
    if (v == null || v.isNull()) {
      throw new IllegalArgumentException("missing field \"" + field + "\"");
    }
    return v;
  }

  /** The text of a value, empty for an absent or null one. */
  static Optional<String> text(JsonNode v) {
    return v == null || v.isNull() ? Optional.empty() : Optional.of(v.asText());
  }

  /** The texts of an array's values, each empty where the value is null. */
  static List<Optional<String>> texts(JsonNode array) {
    List<Optional<String>> out = new ArrayList<>();
    array.forEach(v -> out.add(text(v)));
    return out;
  }

  private static void strings(ArrayNode a, List<Optional<String>> values) {
    values.forEach(v -> {
      if (v.isPresent()) {
        a.add(v.get());
      } else {
        a.addNull();
      }
    });
  }
}
