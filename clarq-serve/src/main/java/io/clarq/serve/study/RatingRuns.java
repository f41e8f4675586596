package io.clarq.serve.study;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.cq.CqExample;
import io.clarq.core.cq.CqGeneration;
import io.clarq.core.cq.FacetRequest;
import io.clarq.core.cq.GeneratedQuestion;
import io.clarq.core.cq.Grade;
import io.clarq.core.cq.QuestionCandidate;
import io.clarq.core.cq.RubricJudge;
import io.clarq.core.cq.RubricOutcome;
import io.clarq.core.cq.RubricRating;
import io.clarq.core.cq.RubricScale;
import io.clarq.core.cq.ScaleRating;
import io.clarq.eval.cq.CqJudgeRun;
import io.clarq.eval.kernel.ItemListener;
import io.clarq.eval.kernel.RunKernel;
import io.clarq.eval.kernel.Shard;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A rating study's grades as clarifying-question judging runs, one per rater ({@code OUT/STUDY-LABEL/}), written by
 * {@link CqJudgeRun} itself with the rater as the judge ({@code judge} {@code human:STUDY/LABEL}): {@code
 * judgements.jsonl} (one rated question a line, the item's id, the question and the rater's grades), {@code
 * results.json}, {@code summary.md} and {@code report.html}. So {@code clarq compare} and {@code clarq leaderboard}
 * score each question as they score an LLM judge's rating ({@link io.clarq.eval.cq.CqOutcomeSource}: the mean of
 * the two scales with Good 1, Fair 0.5, Bad 0) and rank a person's ratings beside judge runs of the same questions
 * (their judges differ, which the board notes: {@code --allow-different-setup}).
 *
 * <p>The questions' digest is the one {@code clarq cq judge} computes (item id, question, reference): a study whose
 * items carry a data set's example ids and a generator's questions rates the same selection as a judge run of that
 * generation. A study item names no topic or facet (raters see the request, the reference and the question), so the
 * export records {@value #NOT_SHOWN} for them.
 */
final class RatingRuns {
  /** What the export records for a request's parts the raters were not shown. */
  static final String NOT_SHOWN = "(not shown to the raters)";

  private static final ObjectMapper JSON = new ObjectMapper();

  private RatingRuns() {}

  /** Writes one judging run per rater with a finished rating; returns the folders. */
  static List<Path> export(Study study, Path out) throws InterruptedException {
    StudyStore store = study.store();
    List<Path> written = new ArrayList<>();
    for (StudyStore.Participant p : store.participants()) {
      Map<String, Map<RubricScale, Grade>> grades = new LinkedHashMap<>();
      ObjectNode seconds = JSON.createObjectNode();
      List<CqGeneration> items = new ArrayList<>();
      for (StudyStore.Session s : store.sessions(p.id())) {
        if (!s.finished()) {
          continue;
        }
        Map<RubricScale, Grade> mine = new EnumMap<>(RubricScale.class);
        OptionalDouble ms = OptionalDouble.empty();
        for (StudyStore.Rating r : store.ratings(s.id())) {
          mine.put(RubricScale.valueOf(r.scale()), Grade.valueOf(r.grade()));
          ms = r.millis().map(m -> OptionalDouble.of(m / 1000.0)).orElse(ms);
        }
        grades.put(s.item(), mine);
        if (ms.isPresent()) {
          seconds.put(s.item(), ms.getAsDouble());
        } else {
          seconds.putNull(s.item());
        }
        items.add(generation(study, study.ratingItem(s.item())));
      }
      if (items.isEmpty()) {
        continue;
      }
      String judge = "human:" + study.name() + "/" + p.label();
      Path folder = StudyExport.fresh(out.resolve(study.name() + "-" + p.label()));
      CqJudgeRun.run(items, replay(judge, grades), new RunKernel.Plan(folder, Shard.ALL, 1, "clarq-study-export"),
          new ItemListener<>() {});
      ObjectNode info = JSON.createObjectNode().put("study", study.name()).put("participant", p.label());
      info.put("browser", p.userAgent().orElse(""));
      info.set("ratings", seconds);
      StudyExport.write(folder.resolve(StudyExport.PARTICIPANT), info);
      StudyExport.write(folder.resolve(StudyExport.MARKER), JSON.createObjectNode().put("study", study.name()));
      written.add(folder);
    }
    return written;
  }

  // a study item as the generated question a judge rates, against its reference
  private static CqGeneration generation(Study study, RatingItem item) {
    FacetRequest request = new FacetRequest(item.id(), NOT_SHOWN, item.request().isBlank() ? NOT_SHOWN
        : item.request(), NOT_SHOWN);
    return new CqGeneration(new CqExample(request, item.reference()), GeneratedQuestion.single(item.id(),
        "study:" + study.name(), new QuestionCandidate("as given", item.question(), 1, List.of(), List.of(),
            OptionalDouble.empty())));
  }

  // the rater's stored grades as a rubric judge
  private static RubricJudge replay(String name, Map<String, Map<RubricScale, Grade>> grades) {
    return new RubricJudge() {
      @Override
      public String name() {
        return name;
      }

      @Override
      public RubricOutcome rate(FacetRequest request, Optional<String> reference, String candidate) {
        Map<RubricScale, Grade> g = grades.get(request.id());
        if (g == null || g.size() != RubricScale.values().length) {
          throw new IllegalStateException("rating item " + request.id() + " has no grade on both scales in the study");
        }
        return new RubricRating(new ScaleRating(g.get(RubricScale.NATURALNESS), "graded by " + name),
            new ScaleRating(g.get(RubricScale.USEFULNESS), "graded by " + name));
      }
    };
  }
}
