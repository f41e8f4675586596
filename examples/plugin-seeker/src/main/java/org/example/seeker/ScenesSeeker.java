package org.example.seeker;

import io.clarq.core.clarqllm.seeker.SeekerAgent;
import io.clarq.core.clarqllm.seeker.SeekerTurn;
import java.util.List;

/**
 * A seeker that needs no model: it asks how to do the task, then about each scene of its briefing in turn, at most
 * {@code questions} questions in all, then says goodbye.
 */
public final class ScenesSeeker implements SeekerAgent {
  private final int questions;

  /** @param questions how many questions at most before saying goodbye (at least 1) */
  public ScenesSeeker(int questions) {
    if (questions < 1) {
      throw new IllegalArgumentException("illegal number of questions " + questions + ": must be at least 1");
    }
    this.questions = questions;
  }

  @Override
  public String name() {
    return "scenes-" + questions;
  }

  @Override
  public String next(SeekerTurn turn) {
    int asked = turn.seekerTurnsSoFar();
    if (asked == 0) {
      return "Hello, how do I complete the task of " + turn.briefing().task() + "?";
    }
    List<String> scenes = turn.briefing().scenes();
    if (asked < questions && asked <= scenes.size()) {
      return "Do I need to go to " + scenes.get(asked - 1) + "? What should I do there?";
    }
    return "Thanks, Goodbye!";
  }
}
