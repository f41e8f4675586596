package io.clarq.eval.toa;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.testing.SharedData;
import io.clarq.core.toa.Asker;
import io.clarq.core.toa.Oracle;
import io.clarq.core.toa.OracleAnswer;
import io.clarq.core.toa.OracleQuery;
import io.clarq.core.toa.PrimaryModel;
import io.clarq.core.toa.flm.Fact;
import io.clarq.core.toa.flm.FactRole;
import io.clarq.core.toa.flm.FlmExample;
import io.clarq.core.toa.flm.HotpotExample;
import io.clarq.core.toa.flm.IncompleteTask;
import io.clarq.core.toa.flm.Paragraph;
import io.clarq.core.toa.flm.SupportingFact;
import io.clarq.datasets.toa.FactMasker;
import io.clarq.datasets.toa.HotpotQaReader;
import io.clarq.retrieval.toa.Bm25Oracle;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What the asker and the oracle are handed carries nothing about which supporting fact was masked: the asker gets
 * the question and the incomplete context with an id derived from them alone, the oracle the question and the
 * candidates with their roles untold; only the pipeline (the scorer) holds the example.
 */
class ToaLeakTest {
  /** Records what it is handed; asks the task's question. */
  static final class RecordingAsker implements Asker {
    final List<IncompleteTask> seen = new ArrayList<>();

    @Override
    public synchronized String ask(IncompleteTask task) {
      seen.add(task);
      return task.question();
    }

    @Override
    public String describe() {
      return "recording";
    }
  }

  /** Records what it is handed; answers with BM25. */
  static final class RecordingOracle implements Oracle {
    final List<OracleQuery> seen = new ArrayList<>();
    private final Bm25Oracle bm25 = new Bm25Oracle();

    @Override
    public synchronized OracleAnswer answer(OracleQuery query) {
      seen.add(query);
      return bm25.answer(query);
    }

    @Override
    public String describe() {
      return "recording";
    }
  }

  static final PrimaryModel SILENT = new PrimaryModel() {
    @Override
    public String answer(String question, String context) {
      return "unknown";
    }

    @Override
    public String describe() {
      return "silent";
    }
  };

  @Test
  void testTheAskerIsHandedTheQuestionAndTheContextAlone() {
    assertThat(IncompleteTask.class.getRecordComponents()).extracting(RecordComponent::getName)
        .containsExactly("question", "context");
  }

  @Test
  void testDifferentMaskedFactsShowingTheSameThingGiveTheSameInput() throws Exception {
    // two HotpotQA examples; masking fact 0 of the first and fact 1 of the second leaves the same visible context
    HotpotExample a = new HotpotExample("5a8b57f25542995d1e6f1371", "Who built the bridge?", "Ann", "bridge", "easy",
        List.of(new SupportingFact("Bridge", 0), new SupportingFact("Town", 0)),
        List.of(new Paragraph("Bridge", List.of("The bridge was built by Ann.")),
            new Paragraph("Town", List.of("The town has a bridge.")), new Paragraph("Lake", List.of("A lake."))));
    HotpotExample b = new HotpotExample("5ae2070a5542994d89d5b313", "Who built the bridge?", "Bob", "bridge", "easy",
        List.of(new SupportingFact("Town", 0), new SupportingFact("River", 0)),
        List.of(new Paragraph("Town", List.of("The town has a bridge.")),
            new Paragraph("River", List.of("Bob built it over the river.")), new Paragraph("Hill", List.of("A hill."))));
    FlmExample first = FlmExample.mask(a, 0);
    FlmExample second = FlmExample.mask(b, 1);
    assertThat(first.id()).isNotEqualTo(second.id());
    RecordingAsker asker = new RecordingAsker();
    ToaPipeline pipeline = new ToaPipeline(asker, new Bm25Oracle(), SILENT);
    pipeline.run(first);
    pipeline.run(second);
    // the asker's two inputs are equal, so whatever it does it cannot tell k = 0 from k = 1 (nor a from b)
    assertThat(asker.seen).hasSize(2);
    assertThat(asker.seen.get(0)).isEqualTo(asker.seen.get(1));
    assertThat(asker.seen.get(0).exampleId()).isEqualTo(asker.seen.get(1).exampleId());
  }

  @Test
  void testOnTheDevExamplesNothingHandedOutNamesTheExampleOrTheMaskedFact() throws Exception {
    List<FlmExample> all = new ArrayList<>();
    FactMasker masker = new FactMasker(1, FactMasker.Masks.ALL);
    for (HotpotExample e : HotpotQaReader.readAll(SharedData.require("hotpotqa/hotpot_dev_distractor_first53.json"))) {
      all.addAll(masker.mask(e));
    }
    assertThat(all.stream().map(FlmExample::sourceId).distinct()).hasSize(53);
    RecordingAsker asker = new RecordingAsker();
    RecordingOracle oracle = new RecordingOracle();
    ToaPipeline pipeline = new ToaPipeline(asker, oracle, SILENT);
    Set<String> ids = new HashSet<>();
    for (FlmExample e : all) {
      pipeline.run(e);
      IncompleteTask t = asker.seen.get(asker.seen.size() - 1);
      OracleQuery q = oracle.seen.get(oracle.seen.size() - 1);
      assertThat(t.question()).isEqualTo(e.question());
      assertThat(t.context()).isEqualTo(e.incompleteContext());
      // the id is opaque: neither the HotpotQA id nor the fact index, and derived from the visible input alone
      assertThat(t.exampleId()).matches("x[0-9a-f]{16}").doesNotContain(e.sourceId());
      assertThat(t.exampleId()).isEqualTo(new IncompleteTask(e.question(), e.incompleteContext()).exampleId());
      ids.add(t.exampleId());
      // the oracle: the asked question and every context sentence in context order, no roles, the asker's id
      assertThat(q.exampleId()).isEqualTo(t.exampleId());
      assertThat(q.question()).isEqualTo(e.question());
      assertThat(q.candidates()).extracting(Fact::ref).containsExactlyElementsOf(
          e.candidates().stream().map(Fact::ref).toList());
      assertThat(q.candidates()).extracting(Fact::role).containsOnly(FactRole.UNTOLD);
    }
    assertThat(ids).hasSize(all.size());
  }
}
