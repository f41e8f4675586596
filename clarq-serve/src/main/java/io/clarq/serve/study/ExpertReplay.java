package io.clarq.serve.study;

import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.TokenUsage;
import io.clarq.core.mediq.Exchange;
import io.clarq.core.mediq.Expert;
import io.clarq.core.mediq.ExpertTurn;
import io.clarq.core.mediq.Inquiry;
import io.clarq.core.mediq.MediqCase;
import io.clarq.core.mediq.Patient;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A human expert's stored consultation as MediQ's own agents, so that {@link io.clarq.eval.mediq.MediqInterview#play}
 * (the benchmark's loop: its question cap, its forced answer, its end) decides every consultation, live and in the
 * export alike. The expert's k-th move (k = the exchanges so far) is the k-th stored expert turn; the patient's k-th
 * answer is the k-th stored patient turn, or, live, the real patient's answer, stored before it is returned.
 *
 * <p>How a consultation is stored in the study's turns: speaker {@value #EXPERT} with kind {@value #ASK} (the text is
 * the question) or {@value #ANSWER} (the text is the letter), the letter chosen (a question's optional intermediate
 * choice, an answer's final one) in the turn's {@code intent} column; speaker {@value #PATIENT} with the answer.
 */
final class ExpertReplay {
  /** The speaker of the expert's turns. */
  static final String EXPERT = "EXPERT";
  /** The speaker of the patient's turns. */
  static final String PATIENT = "PATIENT";
  /** An expert turn that asks. */
  static final String ASK = "ASK";
  /** An expert turn that answers. */
  static final String ANSWER = "ANSWER";

  private ExpertReplay() {}

  /** The stored moves run out: the person has not made the next one yet. */
  static final class AwaitingMove extends RuntimeException {
    private static final long serialVersionUID = 1L;

    AwaitingMove() {
      super("awaiting the expert's move", null, false, false);
    }
  }

  /** Stores an answer the real patient gave before it is used. */
  interface AnswerSink {
    void store(String answer, long millis);
  }

  /** The expert's stored moves as MediQ expert turns (no confidence is measured: 0; no tokens). */
  static List<ExpertTurn> moves(List<StudyStore.Turn> turns) {
    List<ExpertTurn> out = new ArrayList<>();
    for (StudyStore.Turn t : turns) {
      if (t.speaker().equals(EXPERT)) {
        out.add(t.kind().filter(ASK::equals).isPresent()
            ? ExpertTurn.ask(Optional.of(t.text()), t.intent(), 0, TokenUsage.ZERO)
            : ExpertTurn.answer(t.intent(), 0, TokenUsage.ZERO));
      }
    }
    return out;
  }

  /** The patient's stored answers, in order. */
  static List<String> answers(List<StudyStore.Turn> turns) {
    return turns.stream().filter(t -> t.speaker().equals(PATIENT)).map(StudyStore.Turn::text).toList();
  }

  /** An expert playing the stored moves of the case asked about; {@link AwaitingMove} when they run out. */
  static Expert expert(Function<Inquiry, List<ExpertTurn>> moves) {
    return (inquiry, state) -> {
      List<ExpertTurn> mine = moves.apply(inquiry);
      int k = state.history().size();
      if (k >= mine.size()) {
        throw new AwaitingMove();
      }
      return mine.get(k);
    };
  }

  /**
   * A patient answering from the stored answers of each case; past them it asks {@code real} and stores the answer
   * through {@code sink} before returning it, or, with no sink (an export), refuses.
   */
  static Patient patient(Function<MediqCase, List<String>> answers, Function<MediqCase, Patient.Consultation> real,
      Optional<AnswerSink> sink) {
    return c -> {
      List<String> stored = answers.apply(c);
      Patient.Consultation live = real.apply(c);
      return new Patient.Consultation() {
        @Override
        public String initialInfo() {
          return live.initialInfo();
        }

        @Override
        public String respond(String question, List<Exchange> history) throws LlmException {
          int k = history.size();
          if (k < stored.size()) {
            return stored.get(k);
          }
          if (sink.isEmpty()) {
            throw new IllegalStateException("case " + c.id() + ": the stored consultation has no answer to question "
                + (k + 1));
          }
          long t0 = System.nanoTime();
          String answer = live.respond(question, history);
          sink.get().store(answer, (System.nanoTime() - t0) / 1_000_000);
          return answer;
        }

        @Override
        public Optional<List<String>> facts() {
          return live.facts();
        }
      };
    };
  }
}
