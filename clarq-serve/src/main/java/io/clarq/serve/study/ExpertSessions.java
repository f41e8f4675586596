package io.clarq.serve.study;

import io.clarq.core.llm.LlmException;
import io.clarq.core.mediq.Exchange;
import io.clarq.core.mediq.Inquiry;
import io.clarq.core.mediq.MediqCase;
import io.clarq.core.mediq.Patient;
import io.clarq.eval.mediq.MediqInterview;
import io.clarq.eval.mediq.MediqOutcome;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * A person as the MediQ expert: they read what MediQ gives the expert (the patient's initial information, the
 * clinical question and its options A-D), ask the simulated patient questions, and answer with a letter whenever
 * they choose. MediQ's own loop ({@link MediqInterview#play}, through {@code ExpertReplay}) decides every step: the
 * question cap ({@code max_questions}), after which only an answer is taken, and the end at the answer.
 *
 * <p>Every move is stored before anything is shown: the question before the patient is asked, the patient's answer
 * before it is returned. The consultation is read back from the store on every call, so a restarted server resumes
 * where it stopped, and a question stored without its answer (a crash or a patient failure in between) gets its
 * answer on the next call.
 *
 * <p>What a person sees ({@link ExpertView}) holds the initial information, the question, the options and the
 * exchanges, never the answer, the case's id or the patient's record and facts.
 */
public final class ExpertSessions {
  /** The longest question a person may type, in characters. */
  public static final int MAX_QUESTION = 2000;
  /** End reason of a consultation the expert answered. */
  public static final String ANSWERED = "ANSWERED";
  /** End reason of a consultation whose answer came at the question cap. */
  public static final String QUESTION_CAP = "QUESTION_CAP";

  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ExpertSessions.class);

  private final Study study;
  private final ConcurrentMap<Long, Object> locks = new ConcurrentHashMap<>();
  private final ConcurrentMap<Long, Patient.Consultation> consultations = new ConcurrentHashMap<>();

  /** The sessions of a human-expert study. */
  public ExpertSessions(Study study) {
    if (study.spec().mode() != StudyMode.HUMAN_EXPERT) {
      throw new IllegalArgumentException("study " + study.name() + " is a " + study.spec().mode().key()
          + " study, not human-expert");
    }
    this.study = Objects.requireNonNull(study, "study");
  }

  /**
   * What the expert sees of a consultation.
   *
   * @param position the consultation's place among the participant's (1-based), the only way it is named to them
   * @param initialInfo what MediQ gives the expert of the patient at the start
   * @param inquiry the clinical question and its options (never the answer)
   * @param exchanges the questions asked and the patient's answers
   * @param pendingQuestion a question stored whose answer could not be had yet
   * @param letter the letter the expert answered with, once finished
   * @param questionsLeft questions the expert may still ask before the cap
   */
  public record ExpertView(int position, int of, String initialInfo, Inquiry inquiry, List<Exchange> exchanges,
      Optional<String> pendingQuestion, boolean finished, Optional<String> letter, Optional<String> endReason,
      int questionsLeft, Optional<String> patientError) {
    /** Whether the cap is reached, so the expert may only answer. */
    public boolean mustAnswer() {
      return questionsLeft == 0;
    }
  }

  /** Opens the consultation if it is new and returns what the person sees. */
  public ExpertView view(StudyStore.Session session) {
    synchronized (lock(session.id())) {
      return catchUp(session);
    }
  }

  /**
   * The expert asks the patient {@code question}, with the letter they would choose now if any (MediQ's intermediate
   * choice); the question is stored, then answered by the patient, whose answer is stored before this returns.
   *
   * @param millis how long the person took (recorded, never compared)
   * @throws IllegalArgumentException when the question is blank, too long, or the cap is reached, or the letter is
   *     not A-D
   * @throws IllegalStateException when the consultation has ended, or the last question has no answer yet
   */
  public ExpertView ask(StudyStore.Session session, String question, Optional<String> letter, Optional<Long> millis) {
    String text = Objects.requireNonNull(question, "question").strip();
    if (text.isEmpty()) {
      throw new IllegalArgumentException("type a question before asking it");
    }
    if (text.length() > MAX_QUESTION) {
      throw new IllegalArgumentException("a question may have at most " + MAX_QUESTION + " characters; this one has "
          + text.length());
    }
    return move(session, ExpertReplay.ASK, text, letter, millis);
  }

  /**
   * The expert's final choice.
   *
   * @throws IllegalArgumentException when the letter is not A-D
   * @throws IllegalStateException when the consultation has ended, or the last question has no answer yet
   */
  public ExpertView answer(StudyStore.Session session, String letter, Optional<Long> millis) {
    return move(session, ExpertReplay.ANSWER, letter, Optional.of(letter), millis);
  }

  private ExpertView move(StudyStore.Session session, String kind, String text, Optional<String> letter,
      Optional<Long> millis) {
    letter.ifPresent(l -> {
      if (!MediqCase.LETTERS.contains(l)) {
        throw new IllegalArgumentException("choose one of the options " + MediqCase.LETTERS + ", not \"" + l + "\"");
      }
    });
    synchronized (lock(session.id())) {
      StudyStore store = study.store();
      StudyStore.Session now = store.session(session.id());
      if (now.finished()) {
        throw new IllegalStateException("this case has ended; go on to the next one");
      }
      ExpertView before = catchUp(now);
      if (before.pendingQuestion().isPresent()) {
        throw new IllegalStateException("the patient has not answered your last question yet; reload in a moment");
      }
      if (kind.equals(ExpertReplay.ASK) && before.mustAnswer()) {
        throw new IllegalArgumentException("you have asked the " + study.spec().cases().orElseThrow().maxQuestions()
            + " questions MediQ allows; choose an answer");
      }
      List<StudyStore.Turn> turns = store.turns(now.id());
      store.addTurn(now.id(), new StudyStore.Turn(turns.size(), ExpertReplay.EXPERT, text, Optional.of(kind), letter,
          List.of(), millis.filter(m -> m >= 0), Instant.now().toString()));
      return catchUp(store.session(now.id()));
    }
  }

  /** Brings the stored consultation up to date (a missing answer, the end) through MediQ's loop; returns the view. */
  private ExpertView catchUp(StudyStore.Session session) {
    StudyStore store = study.store();
    MediqCase c = study.mediqCase(session.item());
    if (store.turns(session.id()).isEmpty()) {
      store.open(session.id());
    }
    Patient.Consultation real = consultations.computeIfAbsent(session.id(), k -> study.patient().start(c));
    List<StudyStore.Turn> turns = store.turns(session.id());
    Optional<String> patientError = Optional.empty();
    int maxQuestions = study.spec().cases().orElseThrow().maxQuestions();
    if (!store.session(session.id()).finished()) {
      ExpertReplay.AnswerSink sink = (answer, ms) -> store.addTurn(session.id(), new StudyStore.Turn(
          store.turns(session.id()).size(), ExpertReplay.PATIENT, answer, Optional.empty(), Optional.empty(), List.of(),
          Optional.of(ms), Instant.now().toString()));
      try {
        MediqOutcome outcome = MediqInterview.play(c, ExpertReplay.expert(i -> ExpertReplay.moves(turns)),
            ExpertReplay.patient(x -> ExpertReplay.answers(turns), x -> real, Optional.of(sink)), maxQuestions);
        store.finish(session.id(), outcome.forced() ? QUESTION_CAP : ANSWERED);
      } catch (ExpertReplay.AwaitingMove e) {
        // the person moves next
      } catch (RuntimeException | LlmException e) {
        // the question stays stored; the next call asks the patient again
        LOG.warn("study {}: the patient of case {} could not answer", study.name(), session.item(), e);
        patientError = Optional.of("the patient could not answer just now; reload the page in a moment");
      }
    }
    StudyStore.Session now = store.session(session.id());
    List<StudyStore.Turn> stored = store.turns(session.id());
    List<String> answers = ExpertReplay.answers(stored);
    List<Exchange> exchanges = new ArrayList<>();
    Optional<String> pending = Optional.empty();
    Optional<String> letter = Optional.empty();
    for (StudyStore.Turn t : stored) {
      if (!t.speaker().equals(ExpertReplay.EXPERT)) {
        continue;
      }
      if (t.kind().filter(ExpertReplay.ANSWER::equals).isPresent()) {
        letter = t.intent();
      } else if (exchanges.size() < answers.size()) {
        exchanges.add(new Exchange(Optional.of(t.text()), answers.get(exchanges.size())));
      } else {
        pending = Optional.of(t.text());
      }
    }
    int asked = exchanges.size() + (pending.isPresent() ? 1 : 0);
    return new ExpertView(now.position() + 1, store.sessions(now.participant()).size(), real.initialInfo(),
        c.inquiry(), exchanges, pending, now.finished(), now.finished() ? letter : Optional.empty(), now.endReason(),
        Math.max(0, maxQuestions - asked), patientError);
  }

  private Object lock(long session) {
    return locks.computeIfAbsent(session, k -> new Object());
  }
}
