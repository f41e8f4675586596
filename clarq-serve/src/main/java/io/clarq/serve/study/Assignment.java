package io.clarq.serve.study;

import java.util.ArrayList;
import java.util.List;

/**
 * Which items each participant gets: every participant the same number, no item twice to one person, and the items
 * balanced (how often any two items are given differs by at most one). Participant {@code p} gets items {@code p·k,
 * p·k + 1, ..., p·k + k - 1} modulo the number of items, so consecutive participants continue where the previous one
 * stopped and each item's turn comes round equally often.
 */
public final class Assignment {
  private Assignment() {}

  /**
   * The item indexes of each participant, participant by participant.
   *
   * @throws IllegalArgumentException when a count is below 1 or a participant would need more items than there are
   */
  public static List<List<Integer>> balanced(int items, int participants, int perParticipant) {
    if (items < 1 || participants < 1 || perParticipant < 1) {
      throw new IllegalArgumentException("illegal assignment: " + items + " items, " + participants
          + " participants, " + perParticipant + " per participant; each must be at least 1");
    }
    if (perParticipant > items) {
      throw new IllegalArgumentException("illegal assignment: " + perParticipant + " items per participant but only "
          + items + " items; no item may be given twice to one person");
    }
    List<List<Integer>> out = new ArrayList<>();
    for (int p = 0; p < participants; p++) {
      List<Integer> mine = new ArrayList<>();
      for (int j = 0; j < perParticipant; j++) {
        mine.add((int) (((long) p * perParticipant + j) % items));
      }
      out.add(List.copyOf(mine));
    }
    return List.copyOf(out);
  }
}
