package io.clarq.eval.cq;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.clarq.core.cq.CqExample;
import io.clarq.core.cq.CqGeneration;
import io.clarq.core.cq.FacetRequest;
import io.clarq.core.cq.GeneratedQuestion;
import io.clarq.core.cq.Grade;
import io.clarq.core.cq.QuestionCandidate;
import io.clarq.core.cq.RubricJudge;
import io.clarq.core.cq.RubricOutcome;
import io.clarq.core.cq.RubricRating;
import io.clarq.core.cq.ScaleRating;
import io.clarq.core.cq.UnparsedRating;
import io.clarq.core.stats.Bootstrap;
import io.clarq.eval.compare.OutcomeComparison;
import io.clarq.eval.compare.OutcomePair;
import io.clarq.eval.compare.OutcomeRun;
import io.clarq.eval.compare.OutcomeRuns;
import io.clarq.eval.kernel.ItemListener;
import io.clarq.eval.kernel.RunKernel;
import io.clarq.eval.kernel.Shard;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Compare on two CQ judging runs, rated by a model-free judge, worked by hand. */
class CqCompareTest {
  @TempDir Path dir;

  /** Good on both scales for the reference word for word, Fair/Bad for a question, unreadable for "??". */
  private static final class ExactJudge implements RubricJudge {
    @Override
    public String name() {
      return "exact";
    }

    @Override
    public RubricOutcome rate(FacetRequest request, Optional<String> reference, String candidate) {
      if (candidate.equals("??")) {
        return new UnparsedRating("??", "no grade");
      }
      Grade g = candidate.equals(reference.orElse("")) ? Grade.GOOD : Grade.FAIR;
      return new RubricRating(new ScaleRating(g, ""), new ScaleRating(candidate.endsWith("?") ? g : Grade.BAD, ""));
    }
  }

  private static List<CqGeneration> generations(List<String> questions) {
    List<CqGeneration> out = new ArrayList<>();
    for (int i = 0; i < questions.size(); i++) {
      String id = String.valueOf(i);
      CqExample example = new CqExample(new FacetRequest(id, "t" + id, "request " + i, "facet " + i), "ref " + i + "?");
      QuestionCandidate c = new QuestionCandidate("hand", questions.get(i), 1, List.of(),
          QuestionCandidate.missingWords(example.request().facetWords(), questions.get(i)),
          java.util.OptionalDouble.empty());
      out.add(new CqGeneration(example, GeneratedQuestion.single(id, "hand", c)));
    }
    return out;
  }

  private OutcomeRun judged(String name, List<String> questions) throws Exception {
    CqJudgeRun.run(generations(questions), new ExactJudge(), new RunKernel.Plan(dir.resolve(name), Shard.ALL, 1, "t"),
        new ItemListener<>() {});
    return OutcomeRuns.load(dir.resolve(name));
  }

  @Test
  void testTwoGeneratorsAreComparedOnRubricScores() throws Exception {
    // A: reference, reference, a question, a statement, unreadable; B: a question on every one
    OutcomeRun a = judged("a", List.of("ref 0?", "ref 1?", "what?", "tell me", "??"));
    OutcomeRun b = judged("b", List.of("what?", "what?", "what?", "what?", "what?"));
    assertThat(a.benchmark()).isEqualTo("cq-judge");
    // by hand: A 1, 1, 0.5 (Fair, Fair), 0.25 (Fair, Bad); item 4 unreadable, not scored; B 0.5 on each
    assertThat(a.compared()).containsExactly(java.util.Map.entry("0", 1.0), java.util.Map.entry("1", 1.0),
        java.util.Map.entry("2", 0.5), java.util.Map.entry("3", 0.25));
    assertThat(a.notScored()).hasValueSatisfying(n -> assertThat(n).startsWith("4 items, 1 line(s) not scored (1 item(s) with no"
        + " outcome (failed, or a reply that could not be read) in "));
    OutcomePair p = OutcomeComparison.of(List.of(a, b), Bootstrap.DEFAULT, false).pairs().get(0);
    assertThat(p.shared()).containsExactly("0", "1", "2", "3");
    assertThat(p.meanA()).isCloseTo(2.75 / 4, within(1e-12));
    assertThat(p.meanB()).isCloseTo(0.5, within(1e-12));
    assertThat(p.aBetter()).containsExactly("0", "1");
    assertThat(p.bBetter()).containsExactly("3");
  }
}
