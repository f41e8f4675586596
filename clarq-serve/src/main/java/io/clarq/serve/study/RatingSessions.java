package io.clarq.serve.study;

import io.clarq.core.cq.Grade;
import io.clarq.core.cq.RubricScale;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A person rating clarifying questions: for each assigned item, the request, the reference question and the question
 * to rate; a grade (Good, Fair, Bad) on naturalness and on usefulness, each stored before the next page is shown. The
 * session ends when both scales are graded; a grade can be changed until then.
 */
public final class RatingSessions {
  private final Study study;

  public RatingSessions(Study study) {
    if (study.spec().mode() != StudyMode.RATING) {
      throw new IllegalArgumentException("study " + study.name() + " is a " + study.spec().mode().key()
          + " study, not rating");
    }
    this.study = Objects.requireNonNull(study, "study");
  }

  /**
   * What the rater sees: the item (not its id) and the grades given so far.
   *
   * @param position the item's place among the rater's (1-based)
   */
  public record RatingView(int position, int of, String request, String reference, String question,
      Map<RubricScale, Grade> grades, boolean finished) {}

  /** The rater's view of a session. */
  public RatingView view(StudyStore.Session session) {
    StudyStore store = study.store();
    StudyStore.Session now = store.session(session.id());
    RatingItem item = study.ratingItem(now.item());
    Map<RubricScale, Grade> grades = new EnumMap<>(RubricScale.class);
    for (StudyStore.Rating r : store.ratings(now.id())) {
      grades.put(RubricScale.valueOf(r.scale()), Grade.valueOf(r.grade()));
    }
    return new RatingView(now.position() + 1, store.sessions(now.participant()).size(), item.request(),
        item.reference(), item.question(), grades, now.finished());
  }

  /**
   * Stores the grades on both scales (on disk when this returns) and ends the session.
   *
   * @throws IllegalStateException when the session has ended
   */
  public synchronized RatingView rate(StudyStore.Session session, Grade naturalness, Grade usefulness,
      Optional<Long> millis) {
    Objects.requireNonNull(naturalness, "naturalness");
    Objects.requireNonNull(usefulness, "usefulness");
    StudyStore store = study.store();
    StudyStore.Session now = store.session(session.id());
    if (now.finished()) {
      throw new IllegalStateException("this question is rated already; go on to the next one");
    }
    store.open(now.id());
    store.rate(now.id(), RubricScale.NATURALNESS.name(), naturalness.name(), millis);
    store.rate(now.id(), RubricScale.USEFULNESS.name(), usefulness.name(), millis);
    store.finish(now.id(), "RATED");
    return view(now);
  }

  /** Every finished rating of the study on one scale: item id to the grades of its raters, in participant order. */
  public static Map<String, List<Grade>> gradesByItem(Study study, RubricScale scale) {
    Map<Long, StudyStore.Session> sessions = new java.util.HashMap<>();
    study.store().allSessions().forEach(s -> sessions.put(s.id(), s));
    Map<String, List<Grade>> out = new java.util.LinkedHashMap<>();
    study.itemIds().forEach(id -> out.put(id, new java.util.ArrayList<>()));
    for (StudyStore.Rating r : study.store().allRatings()) {
      StudyStore.Session s = sessions.get(r.session());
      if (r.scale().equals(scale.name()) && s != null && s.finished()) {
        out.get(s.item()).add(Grade.valueOf(r.grade()));
      }
    }
    return out;
  }
}
