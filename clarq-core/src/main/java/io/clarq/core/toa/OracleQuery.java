package io.clarq.core.toa;

import io.clarq.core.toa.flm.Fact;
import io.clarq.core.toa.flm.FactRole;
import java.util.List;
import java.util.Objects;

/**
 * What an {@link Oracle} is handed: the asker's question and the candidate responses, every context sentence of the
 * example in context order, with their roles not told ({@link FactRole#UNTOLD}). Which candidate was masked, which
 * are supporting facts and which HotpotQA example they come from are not reachable from here.
 *
 * @param exampleId the asker's opaque id of the example ({@link io.clarq.core.toa.flm.IncompleteTask#exampleId()}), e.g.
 *     to seed a per-example shuffle
 * @param question the asker's question
 * @param candidates the candidate responses, roles untold
 */
public record OracleQuery(String exampleId, String question, List<Fact> candidates) {
  public OracleQuery {
    Objects.requireNonNull(exampleId, "exampleId");
    Objects.requireNonNull(question, "question");
    candidates = List.copyOf(candidates);
    for (Fact f : candidates) {
      if (f.role() != FactRole.UNTOLD) {
        throw new IllegalArgumentException("oracle query " + exampleId + ": candidate " + f.ref() + " tells its role ("
            + f.role() + "); an oracle sees candidates with roles untold (use OracleQuery.of)");
      }
    }
  }

  /** A query over the given facts, their roles dropped. */
  public static OracleQuery of(String exampleId, String question, List<Fact> facts) {
    return new OracleQuery(exampleId, question,
        facts.stream().map(f -> new Fact(f.title(), f.sentenceIndex(), f.text(), FactRole.UNTOLD)).toList());
  }
}
