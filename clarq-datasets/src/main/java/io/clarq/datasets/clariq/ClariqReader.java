package io.clarq.datasets.clariq;

import io.clarq.core.clariq.ClarificationNeed;
import io.clarq.core.clariq.ClarifyingQuestion;
import io.clarq.core.clariq.ClariqRequest;
import io.clarq.core.clariq.ClariqRow;
import io.clarq.core.clariq.ClariqTopics;
import io.clarq.core.clariq.ConversationTurn;
import io.clarq.core.clariq.Facet;
import io.clarq.core.clariq.HumanConversation;
import io.clarq.core.clariq.QuestionBank;
import io.clarq.datasets.trec.FileFormatException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads ClariQ's files (see {@link ClariqTsv} for the dialect); errors name the file and line. */
public final class ClariqReader {
  /** Header of train.tsv, dev.tsv and test_with_labels.tsv. */
  public static final List<String> LABELLED_HEADER = List.of("topic_id", "initial_request", "topic_desc",
      "clarification_need", "facet_id", "facet_desc", "question_id", "question", "answer");
  /** Header of test.tsv (with a space in "initial request"). */
  public static final List<String> TEST_HEADER = List.of("topic_id", "initial request");
  /** Header of question_bank.tsv. */
  public static final List<String> BANK_HEADER = List.of("question_id", "question");
  /** Header of multi_turn_human_generated_data.tsv (first cell empty, second pandas' "Unnamed: 0"). */
  public static final List<String> HUMAN_MULTI_TURN_HEADER = List.of("", "Unnamed: 0", "topic_id", "facet_id",
      "facet", "initial_request", "question1", "answer1", "question2", "answer2", "question3", "answer3");

  private ClariqReader() {}

  /** Reads a labelled file (train.tsv, dev.tsv, test_with_labels.tsv). */
  public static ClariqTopics readTopics(Path file) {
    String kind = "ClariQ file";
    List<ClariqRow> rows = new ArrayList<>();
    for (ClariqTsv.Line l : ClariqTsv.read(file, kind, LABELLED_HEADER)) {
      List<String> c = l.cells();
      int topic = ClariqTsv.integer(file, kind, l, 0, "topic_id");
      int need = ClariqTsv.integer(file, kind, l, 3, "clarification_need");
      try {
        rows.add(new ClariqRow(topic, c.get(1), c.get(2), new ClarificationNeed(need), new Facet(c.get(4), c.get(5)),
            c.get(6), c.get(7), c.get(8)));
      } catch (IllegalArgumentException e) {
        throw new FileFormatException(kind, file, l.number(), e.getMessage());
      }
    }
    return new ClariqTopics(rows);
  }

  /** Reads the requests of test.tsv (topic id and initial request). */
  public static List<ClariqRequest> readRequests(Path file) {
    String kind = "ClariQ file";
    List<ClariqRequest> out = new ArrayList<>();
    for (ClariqTsv.Line l : ClariqTsv.read(file, kind, TEST_HEADER)) {
      out.add(new ClariqRequest(ClariqTsv.integer(file, kind, l, 0, "topic_id"), l.cells().get(1)));
    }
    return out;
  }

  /** Reads question_bank.tsv; Q00001's empty text is kept as {@code ""}. */
  public static QuestionBank readQuestionBank(Path file) {
    String kind = "question bank";
    List<ClarifyingQuestion> out = new ArrayList<>();
    for (ClariqTsv.Line l : ClariqTsv.read(file, kind, BANK_HEADER)) {
      try {
        out.add(new ClarifyingQuestion(l.cells().get(0), l.cells().get(1)));
      } catch (IllegalArgumentException e) {
        throw new FileFormatException(kind, file, l.number(), e.getMessage());
      }
    }
    try {
      return new QuestionBank(out);
    } catch (IllegalArgumentException e) {
      throw new FileFormatException(kind, file, 0, e.getMessage());
    }
  }

  /** Reads multi_turn_human_generated_data.tsv; an exchange whose question and answer are both empty ends it. */
  public static List<HumanConversation> readHumanConversations(Path file) {
    String kind = "multi-turn file";
    List<HumanConversation> out = new ArrayList<>();
    for (ClariqTsv.Line l : ClariqTsv.read(file, kind, HUMAN_MULTI_TURN_HEADER)) {
      List<String> c = l.cells();
      List<ConversationTurn> turns = new ArrayList<>();
      for (int q = 6; q < 12; q += 2) {
        if (c.get(q).isEmpty() && c.get(q + 1).isEmpty()) {
          break;
        }
        turns.add(new ConversationTurn(c.get(q), c.get(q + 1)));
      }
      out.add(new HumanConversation(ClariqTsv.integer(file, kind, l, 0, "row index"),
          ClariqTsv.integer(file, kind, l, 2, "topic_id"), c.get(3), c.get(4), c.get(5), turns));
    }
    return out;
  }
}
