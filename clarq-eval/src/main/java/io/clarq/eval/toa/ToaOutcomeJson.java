package io.clarq.eval.toa;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.toa.Improvability;
import io.clarq.core.toa.OracleAnswer;
import io.clarq.core.toa.ToaOutcome;
import io.clarq.core.toa.flm.Fact;
import io.clarq.core.toa.flm.FactRole;
import io.clarq.datasets.jsonl.JsonLines;
import java.io.IOException;
import java.util.Optional;

/**
 * One {@link ToaOutcome} as a JSON line of the results file. The scores ({@code f1}, {@code em}: complete,
 * incomplete, recovered) are written for readers; on reading they are recomputed from the answers.
 */
final class ToaOutcomeJson {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  private ToaOutcomeJson() {}

  static String toLine(ToaOutcome o) {
    ObjectNode n = MAPPER.createObjectNode();
    n.put("id", o.exampleId());
    n.put("question", o.question());
    ObjectNode oracle = n.putObject("oracle");
    oracle.put("status", o.oracleAnswer().status().name());
    o.oracleAnswer().response().ifPresentOrElse(f -> oracle.putObject("response")
        .put("title", f.title()).put("sentence", f.sentenceIndex()).put("text", f.text())
        .put("supporting", f.role() == FactRole.SUPPORTING), () -> oracle.putNull("response"));
    oracle.put("raw", o.oracleAnswer().raw());
    oracle.put("unparsed_replies", o.oracleAnswer().unparsedReplies());
    n.put("masked_fact_returned", o.maskedFactReturned());
    n.put("gold", o.goldAnswer());
    n.put("answer_complete", o.completeAnswer());
    n.put("answer_incomplete", o.incompleteAnswer());
    n.put("answer_recovered", o.recoveredAnswer());
    n.putArray("f1").add(o.f1Complete()).add(o.f1Incomplete()).add(o.f1Recovered());
    n.putArray("em").add(o.emComplete()).add(o.emIncomplete()).add(o.emRecovered());
    o.improvability().ifPresent(i -> n.putObject("improvability").put("candidates", i.candidates())
        .put("raising", i.raising()).put("best_f1", i.bestF1()));
    try {
      return MAPPER.writeValueAsString(n);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write outcome of " + o.exampleId(), e);
    }
  }

  static ToaOutcome fromLine(String line) throws IOException {
    JsonNode n = JsonLines.object(line, "outcome", "a TOA outcome");
    JsonNode oracle = JsonLines.field(n, "oracle");
    JsonNode r = oracle.get("response");
    Optional<Fact> response = r == null || r.isNull() ? Optional.empty()
        : Optional.of(new Fact(JsonLines.text(r, "title"), JsonLines.integer(r, "sentence"), JsonLines.text(r, "text"),
            JsonLines.bool(r, "supporting") ? FactRole.SUPPORTING : FactRole.DISTRACTOR));
    OracleAnswer.Status status;
    try {
      status = OracleAnswer.Status.valueOf(JsonLines.text(oracle, "status"));
    } catch (IllegalArgumentException e) {
      throw new IOException("unknown oracle status " + oracle.get("status"), e);
    }
    OracleAnswer answer = new OracleAnswer(status, response, JsonLines.text(oracle, "raw"),
        JsonLines.integer(oracle, "unparsed_replies"));
    JsonNode imp = n.get("improvability");
    Optional<Improvability> improvability = imp == null || imp.isNull() ? Optional.empty()
        : Optional.of(new Improvability(JsonLines.integer(imp, "candidates"), JsonLines.integer(imp, "raising"),
            number(imp, "best_f1")));
    return new ToaOutcome(JsonLines.text(n, "id"), JsonLines.text(n, "question"), answer,
        JsonLines.bool(n, "masked_fact_returned"), JsonLines.text(n, "gold"), JsonLines.text(n, "answer_complete"),
        JsonLines.text(n, "answer_incomplete"), JsonLines.text(n, "answer_recovered"), improvability);
  }

  private static double number(JsonNode node, String field) {
    JsonNode v = JsonLines.field(node, field);
    if (!v.isNumber()) {
      throw new IllegalArgumentException("field \"" + field + "\" must be a number, got " + v);
    }
    return v.asDouble();
  }
}
