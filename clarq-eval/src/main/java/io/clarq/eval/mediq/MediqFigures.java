package io.clarq.eval.mediq;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.clarq.core.stats.Estimate;
import io.clarq.core.stats.Wilson;
import java.util.List;
import java.util.Locale;

/**
 * MediQ's figures over a set of outcomes, with the reference's definitions: accuracy (the final letter is the
 * answer; an unreadable letter is wrong) with its 95% Wilson interval, the timeout rate (cases that reached the
 * question cap, whatever their forced answer), and average turns (intermediate choices per case, i.e. questions
 * plus one); also the average number of questions and the expert replies that could not be read.
 *
 * @param cases how many cases
 * @param correct how many were answered correctly
 * @param accuracy correct / cases, with its Wilson interval
 * @param timeouts how many reached the question cap
 * @param averageTurns mean intermediate choices per case
 * @param averageQuestions mean questions per case
 * @param unparsed expert replies that could not be read (the reference's fallback was used)
 * @param byTurn the accuracy of the intermediate choice at turn 1, 2, ... over the cases that reached that turn,
 *     with its Wilson interval
 */
public record MediqFigures(int cases, int correct, Estimate accuracy, int timeouts, double averageTurns,
    double averageQuestions, int unparsed, List<TurnAccuracy> byTurn) {
  /** The intermediate choices' accuracy at one turn (1-based) over the cases that reached it. */
  public record TurnAccuracy(int turn, int cases, int correct, Estimate accuracy) {}

  public MediqFigures {
    byTurn = List.copyOf(byTurn);
  }

  /** The figures of {@code outcomes}. */
  public static MediqFigures of(List<MediqOutcome> outcomes) {
    int n = outcomes.size();
    int correct = (int) outcomes.stream().filter(MediqOutcome::correct).count();
    int timeouts = (int) outcomes.stream().filter(MediqOutcome::timeout).count();
    double turns = outcomes.stream().mapToInt(MediqOutcome::turnCount).average().orElse(Double.NaN);
    double questions = outcomes.stream().mapToInt(o -> o.questions().size()).average().orElse(Double.NaN);
    int unparsed = outcomes.stream().mapToInt(MediqOutcome::unparsed).sum();
    List<TurnAccuracy> byTurn = new java.util.ArrayList<>();
    int longest = outcomes.stream().mapToInt(MediqOutcome::turnCount).max().orElse(0);
    for (int t = 0; t < longest; t++) {
      int reached = 0;
      int right = 0;
      for (MediqOutcome o : outcomes) {
        if (o.intermediateChoices().size() > t) {
          reached++;
          if (o.intermediateChoices().get(t).filter(o.answerLetter()::equals).isPresent()) {
            right++;
          }
        }
      }
      byTurn.add(new TurnAccuracy(t + 1, reached, right, Wilson.rate(right, reached)));
    }
    return new MediqFigures(n, correct, Wilson.rate(correct, n), timeouts, turns, questions, unparsed, byTurn);
  }

  /** The timeout rate, NaN for no cases. */
  public double timeoutRate() {
    return cases == 0 ? Double.NaN : (double) timeouts / cases;
  }

  void writeInto(ObjectNode o) {
    o.put("cases", cases).put("correct", correct).put("accuracy", accuracy.value())
        .put("accuracy_low", accuracy.interval().lower()).put("accuracy_high", accuracy.interval().upper())
        .put("timeouts", timeouts).put("timeout_rate", timeoutRate()).put("average_turns", averageTurns)
        .put("average_questions", averageQuestions).put("unparsed_expert_replies", unparsed);
    com.fasterxml.jackson.databind.node.ArrayNode turns = o.putArray("intermediate_accuracy_by_turn");
    for (TurnAccuracy t : byTurn) {
      turns.addObject().put("turn", t.turn()).put("cases", t.cases()).put("correct", t.correct())
          .put("accuracy", t.accuracy().value()).put("accuracy_low", t.accuracy().interval().lower())
          .put("accuracy_high", t.accuracy().interval().upper());
    }
  }

  /** One Markdown table row: name, cases, accuracy [interval], timeout rate, turns, questions, unparsed. */
  String row(String name) {
    return String.format(Locale.ROOT, "| %s | %d | %.4f [%.4f, %.4f] | %.4f | %.2f | %.2f | %d |%n", name, cases,
        accuracy.value(), accuracy.interval().lower(), accuracy.interval().upper(), timeoutRate(), averageTurns,
        averageQuestions, unparsed);
  }
}
