package io.clarq.core.clariq;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * ClariQ's synthetic multi-turn conversations (§4.2 of the paper: "every combination of 2 or 3 questions with their
 * answers"), read as follows. A conversation is one facet's user: the questions are those the data asked about that
 * facet (its rows), each with the answer that user gave; {@link ClarifyingQuestion#NO_QUESTION_ID} ("ask no
 * question") is not an exchange and a question the facet has twice counts once (its first row's answer). Order
 * matters, since the multi-turn task picks the next question after a given history, so every ordered choice of k
 * distinct questions is a conversation: n!/(n-k)! for a facet with n questions.
 *
 * <p>Conversations are produced one at a time (the training split yields more than 1.4 million), in a fixed order:
 * topics and facets in file order, then length ascending, then the questions' positions in the facet's rows in
 * lexicographic order.
 */
public final class SyntheticConversations {
  private SyntheticConversations() {}

  /**
   * The exchanges of every facet, in file order: its distinct questions with the first answer recorded for each,
   * "ask no question" left out.
   */
  public static Map<Facet, List<ClariqRow>> exchangesByFacet(ClariqTopics topics) {
    Map<Facet, Map<String, ClariqRow>> byFacet = new LinkedHashMap<>();
    for (ClariqRow r : topics.rows()) {
      if (!ClarifyingQuestion.NO_QUESTION_ID.equals(r.questionId())) {
        byFacet.computeIfAbsent(r.facet(), f -> new LinkedHashMap<>()).putIfAbsent(r.questionId(), r);
      }
    }
    Map<Facet, List<ClariqRow>> out = new LinkedHashMap<>();
    byFacet.forEach((f, rows) -> out.put(f, List.copyOf(rows.values())));
    return Collections.unmodifiableMap(out);
  }

  /** How many conversations of the given length the topics yield: the sum over facets of n!/(n-k)!. */
  public static long count(ClariqTopics topics, int length) {
    checkLength(length);
    long total = 0;
    for (List<ClariqRow> rows : exchangesByFacet(topics).values()) {
      long c = 1;
      for (int i = 0; i < length; i++) {
        c *= Math.max(0, rows.size() - i);
      }
      total += c;
    }
    return total;
  }

  /**
   * Gives every conversation of the requested lengths to {@code sink}, in the order described above.
   *
   * @param split names the conversations ({@code <split>-<facet>-<question>-...})
   * @param lengths numbers of exchanges, each at least 1
   */
  public static void generate(ClariqSplit split, ClariqTopics topics, List<Integer> lengths,
      Consumer<SyntheticConversation> sink) {
    SortedSet<Integer> sorted = new TreeSet<>(lengths);
    if (sorted.isEmpty()) {
      throw new IllegalArgumentException("no conversation length given");
    }
    sorted.forEach(SyntheticConversations::checkLength);
    exchangesByFacet(topics).forEach((facet, rows) -> {
      for (int length : sorted) {
        emit(split, facet, rows, new int[length], 0, new boolean[rows.size()], sink);
      }
    });
  }

  private static void emit(ClariqSplit split, Facet facet, List<ClariqRow> rows, int[] picked, int depth,
      boolean[] used, Consumer<SyntheticConversation> sink) {
    if (depth == picked.length) {
      StringBuilder id = new StringBuilder(split.id()).append('-').append(facet.id());
      List<String> ids = new ArrayList<>(picked.length);
      List<ConversationTurn> turns = new ArrayList<>(picked.length);
      for (int p : picked) {
        ClariqRow r = rows.get(p);
        id.append('-').append(r.questionId());
        ids.add(r.questionId());
        turns.add(new ConversationTurn(r.question(), r.answer()));
      }
      ClariqRow first = rows.get(picked[0]);
      sink.accept(new SyntheticConversation(id.toString(), first.topicId(), facet, first.initialRequest(), ids, turns));
      return;
    }
    for (int i = 0; i < rows.size(); i++) {
      if (!used[i]) {
        used[i] = true;
        picked[depth] = i;
        emit(split, facet, rows, picked, depth + 1, used, sink);
        used[i] = false;
      }
    }
  }

  private static void checkLength(int length) {
    if (length < 1) {
      throw new IllegalArgumentException("illegal conversation length " + length + ": must be at least 1");
    }
  }
}
