package io.clarq.serve.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.clarq.core.cq.CqExample;
import io.clarq.core.cq.CqGeneration;
import io.clarq.core.cq.FacetRequest;
import io.clarq.core.cq.GeneratedQuestion;
import io.clarq.core.cq.Grade;
import io.clarq.core.cq.QuestionCandidate;
import io.clarq.core.cq.RubricJudge;
import io.clarq.core.cq.RubricRating;
import io.clarq.core.cq.ScaleRating;
import io.clarq.core.stats.Bootstrap;
import io.clarq.eval.compare.OutcomeRun;
import io.clarq.eval.compare.OutcomeRuns;
import io.clarq.eval.cq.CqJudgeRun;
import io.clarq.eval.kernel.ItemListener;
import io.clarq.eval.kernel.RunKernel;
import io.clarq.eval.kernel.Shard;
import io.clarq.eval.leaderboard.OutcomeLeaderboard;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A rating study's export lands on the outcome leaderboard beside an LLM judge's run of the same questions: each
 * rater's grades as a clarifying-question judging run, every question scored as the CQ outcome source scores a
 * judge's rating, (naturalness + usefulness) / 2 with Good 1, Fair 0.5, Bad 0.
 */
class RatingLeaderboardTest {
  static final ObjectMapper JSON = new ObjectMapper();
  static final String[][] ITEMS = {
      {"q1", "Tell me about the jaguar.", "Do you mean the animal or the car?", "Are you asking about the cat?"},
      {"q2", "How do I install Python?", "Which operating system are you using?", "Do you like snakes?"},
      {"q3", "Find me a cheap flight to Lisbon.", "From which city and on what dates?", "When do you want to fly?"}};
  @TempDir Path dir;

  @Test
  void testEachRatersGradesAreAJudgingRunThatTheLeaderboardRanksBesideAJudge() throws Exception {
    StringBuilder items = new StringBuilder();
    for (String[] q : ITEMS) {
      items.append(items.length() == 0 ? "" : ",").append(JSON.createObjectNode().put("id", q[0]).put("request", q[1])
          .put("reference", q[2]).put("question", q[3]));
    }
    StudySpec spec = StudySpec.parse(JSON.readTree("{\"name\":\"cq-rating\",\"mode\":\"rating\",\"participants\":2,"
        + "\"per_participant\":3,\"items\":[" + items + "]}"), null);
    // p01: q1 Good/Good (1), q2 Fair/Bad (0.25), q3 Good/Fair (0.75); p02: q1 Fair/Fair, q2 Bad/Bad, q3 Good/Good
    Grade[][][] grades = {
        {{Grade.GOOD, Grade.GOOD}, {Grade.FAIR, Grade.BAD}, {Grade.GOOD, Grade.FAIR}},
        {{Grade.FAIR, Grade.FAIR}, {Grade.BAD, Grade.BAD}, {Grade.GOOD, Grade.GOOD}}};
    try (Study study = Study.create(spec, dir.resolve("s"))) {
      RatingSessions rate = new RatingSessions(study);
      List<StudyStore.Participant> raters = study.store().participants();
      for (int p = 0; p < 2; p++) {
        for (StudyStore.Session s : study.store().sessions(raters.get(p).id())) {
          Grade[] g = grades[p][Integer.parseInt(s.item().substring(1)) - 1];
          rate.rate(s, g[0], g[1], Optional.of(2000L));
        }
      }
      List<Path> written = StudyExport.export(study, dir.resolve("out"));
      assertThat(written).extracting(f -> f.getFileName().toString())
          .containsExactly("cq-rating-ratings", "cq-rating-p01", "cq-rating-p02");
      OutcomeRun p01 = OutcomeRuns.load(written.get(1));
      OutcomeRun p02 = OutcomeRuns.load(written.get(2));
      assertThat(p01.benchmark()).isEqualTo("cq-judge");
      assertThat(p01.compared()).containsEntry("q1", 1.0).containsEntry("q2", 0.25).containsEntry("q3", 0.75);
      assertThat(p02.compared()).containsEntry("q1", 0.5).containsEntry("q2", 0.0).containsEntry("q3", 1.0);
      JsonNode results = JSON.readTree(written.get(1).resolve("results.json").toFile());
      assertThat(results.at("/settings/judge").asText()).isEqualTo("human:cq-rating/p01");
      assertThat(results.at("/figures/usefulness/good").asDouble()).isCloseTo(1.0 / 3, within(1e-12));

      // an LLM judge's run of the same questions (a fixed judge here: Fair on naturalness, Good on usefulness)
      List<CqGeneration> same = new ArrayList<>();
      for (String[] q : ITEMS) {
        same.add(new CqGeneration(new CqExample(new FacetRequest(q[0], "t", q[1], "facet"), q[2]),
            GeneratedQuestion.single(q[0], "template", new QuestionCandidate("as given", q[3], 1, List.of(),
                List.of(), OptionalDouble.empty()))));
      }
      RubricJudge fixed = new RubricJudge() {
        @Override
        public String name() {
          return "llm:fixed";
        }

        @Override
        public io.clarq.core.cq.RubricOutcome rate(FacetRequest request, Optional<String> reference, String c) {
          return new RubricRating(new ScaleRating(Grade.FAIR, "ok"), new ScaleRating(Grade.GOOD, "ok"));
        }
      };
      Path judged = dir.resolve("judged");
      CqJudgeRun.run(same, fixed, new RunKernel.Plan(judged, Shard.ALL, 1, "test"), new ItemListener<>() {});
      OutcomeRun llm = OutcomeRuns.load(judged);
      // the same questions (their digest): only the judge differs, and the board says so
      assertThat(llm.differences(p01)).extracting(d -> d.setting()).containsExactly("judge");
      assertThatThrownBy(() -> OutcomeLeaderboard.of(List.of(llm, p01), new Bootstrap(500, 7), false, false))
          .hasMessageContaining("--allow-different-setup");
      OutcomeLeaderboard board = OutcomeLeaderboard.of(List.of(llm, p01, p02), new Bootstrap(500, 7), true, false);
      assertThat(board.rows()).extracting(OutcomeLeaderboard.Row::run)
          .containsExactly("judged", "cq-rating-p01", "cq-rating-p02");
      assertThat(board.rows().get(0).mean().value()).isCloseTo(0.75, within(1e-12));
      assertThat(board.rows().get(1).mean().value()).isCloseTo(2.0 / 3, within(1e-12));
      assertThat(board.rows().get(2).mean().value()).isCloseTo(0.5, within(1e-12));
      assertThat(board.setupDifferences()).hasSize(2);
    }
  }
}
