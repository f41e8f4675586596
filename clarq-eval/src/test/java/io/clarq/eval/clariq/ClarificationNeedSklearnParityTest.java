package io.clarq.eval.clariq;

import static org.assertj.core.api.Assertions.assertThat;

import io.clarq.core.clariq.ClariqSplit;
import io.clarq.core.clariq.ClariqTopic;
import io.clarq.core.clariq.ClariqTopics;
import io.clarq.core.ir.FScoreFormula;
import io.clarq.core.testing.Regressions;
import io.clarq.core.testing.SharedData;
import io.clarq.datasets.clariq.ClarificationNeedRun;
import io.clarq.datasets.clariq.ClariqDataDir;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every clarification-need case we hold, against scikit-learn itself. The expected numbers are in
 * {@code sklearn-clarification-need.tsv} beside this class's resources, written by {@code
 * sklearn_clarification_need.py} (same folder; its docstring has the command) under Debian's scikit-learn 1.2.1:
 * {@code f1_pr} is what 1.2 prints, {@code f1_counts} 1.3+'s F line over 1.2's confusion counts. The runs are built
 * here by the same rules as in the script (gold labels, constant labels, topics left out, every label wrong).
 */
class ClarificationNeedSklearnParityTest {
  private record Expected(String split, String run, double precision, double recall, double f1Pr, double f1Counts) {}

  @Test
  void testEveryCaseMatchesScikitLearn12And13() throws IOException {
    ClariqDataDir dir = new ClariqDataDir(SharedData.require("clariq"));
    Map<String, ClariqTopics> gold = Map.of("dev", dir.topics(ClariqSplit.DEV), "test", dir.topics(ClariqSplit.TEST));
    List<Expected> expected = expected();
    assertThat(expected).hasSize(18);
    int differing = 0;
    for (Expected e : expected) {
      ClariqTopics topics = gold.get(e.split());
      ClarificationNeedRun run = run(e.run(), topics);
      ClariqReport counts = ClariqEvaluator.clarificationNeed(topics, run, false, FScoreFormula.COUNTS);
      ClariqReport pr = ClariqEvaluator.clarificationNeed(topics, run, false, FScoreFormula.PRECISION_RECALL);
      String what = e.split() + " " + e.run();
      assertThat(counts.means()).as(what).containsExactly(
          Map.entry("Precision", e.precision()), Map.entry("Recall", e.recall()), Map.entry("F1", e.f1Counts()));
      assertThat(pr.means()).as(what).containsExactly(
          Map.entry("Precision", e.precision()), Map.entry("Recall", e.recall()), Map.entry("F1", e.f1Pr()));
      if (e.f1Pr() != e.f1Counts()) {
        differing++;
      }
    }
    assertThat(differing).as("cases where the two scikit-learn versions print different F1").isEqualTo(3);
  }

  @Test
  void testDocumentedExampleWhereTheFormulasDiffer() {
    ClariqTopics test = new ClariqDataDir(SharedData.require("clariq")).topics(ClariqSplit.TEST);
    ClarificationNeedRun all2 = run("const2", test);
    Regressions expected = Regressions.of("clariq").table("clarification_need_test_all2");
    String pr = "Precision:  " + expected.printed("const2", "Precision");
    String r = "Recall:  " + expected.printed("const2", "Recall");
    assertThat(ClariqEvaluator.clarificationNeed(test, all2, false, FScoreFormula.COUNTS).officialLines())
        .containsExactly(pr, r, "F1: " + expected.printed("const2", "F1 (counts)"));
    assertThat(ClariqEvaluator.clarificationNeed(test, all2, false, FScoreFormula.PRECISION_RECALL).officialLines())
        .containsExactly(pr, r, "F1: " + expected.printed("const2", "F1 (P and R)"));
  }

  /** The run named as in the script: topics by ascending id, "first half" = the first floor(n/2) of them. */
  private static ClarificationNeedRun run(String name, ClariqTopics topics) {
    List<ClariqTopic> ids = new ArrayList<>(topics.topicsById().values());
    Map<Integer, Integer> labels = new LinkedHashMap<>();
    for (int i = 0; i < ids.size(); i++) {
      int gold = ids.get(i).need().level();
      boolean firstHalf = i < ids.size() / 2;
      Integer label = switch (name) {
        case "gold" -> gold;
        case "const1", "const2", "const3", "const4" -> Integer.parseInt(name.substring(5));
        case "gold_first_half" -> firstHalf ? gold : null;
        case "gold_every_other" -> i % 2 == 0 ? gold : null;
        case "shifted" -> gold % 4 + 1;
        case "const2_first_half" -> firstHalf ? 2 : null;
        default -> throw new IllegalArgumentException("unknown case " + name);
      };
      if (label != null) {
        labels.put(ids.get(i).id(), label);
      }
    }
    Map<Integer, Integer> lines = new LinkedHashMap<>();
    labels.keySet().forEach(t -> lines.put(t, lines.size() + 1));
    return new ClarificationNeedRun(Path.of(name), labels, lines, List.of());
  }

  private static List<Expected> expected() throws IOException {
    List<Expected> out = new ArrayList<>();
    try (InputStream in = ClarificationNeedSklearnParityTest.class.getResourceAsStream("sklearn-clarification-need.tsv")) {
      String[] lines = new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n");
      for (int i = 1; i < lines.length; i++) {
        String[] f = lines[i].split("\t");
        out.add(new Expected(f[0], f[1], Double.parseDouble(f[2]), Double.parseDouble(f[3]),
            Double.parseDouble(f[4]), Double.parseDouble(f[5])));
      }
    }
    return out;
  }
}
