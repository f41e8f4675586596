package io.clarq.datasets.clariq;

import io.clarq.core.clariq.ClariqRequest;
import io.clarq.core.clariq.ClariqSplit;
import io.clarq.core.clariq.ClariqTopics;
import io.clarq.core.clariq.HumanConversation;
import io.clarq.core.clariq.QuestionBank;
import io.clarq.core.ir.RelevanceJudgments;
import io.clarq.datasets.trec.QrelsReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A ClariQ data directory as the official repository lays it out ({@code data/}): train.tsv, dev.tsv, test.tsv,
 * test_with_labels.tsv, question_bank.tsv, multi_turn_human_generated_data.tsv, dev.qrel, test.qrel.
 *
 * @param dir the directory
 */
public record ClariqDataDir(Path dir) {
  public ClariqDataDir {
    if (!Files.isDirectory(dir)) {
      throw new IllegalArgumentException("ClariQ data directory " + dir + " does not exist");
    }
  }

  /** The labelled topics of a split (train.tsv, dev.tsv or test_with_labels.tsv). */
  public ClariqTopics topics(ClariqSplit split) {
    return ClariqReader.readTopics(file(split.labelFile()));
  }

  /** The requests of test.tsv (no labels). */
  public List<ClariqRequest> testRequests() {
    return ClariqReader.readRequests(file("test.tsv"));
  }

  /** The question bank. */
  public QuestionBank questionBank() {
    return ClariqReader.readQuestionBank(file("question_bank.tsv"));
  }

  /** The human-generated multi-turn conversations. */
  public List<HumanConversation> humanConversations() {
    return ClariqReader.readHumanConversations(file("multi_turn_human_generated_data.tsv"));
  }

  /** The document judgments per facet of a split (dev.qrel, test.qrel; train.qrel is not published). */
  public RelevanceJudgments qrels(ClariqSplit split) {
    return QrelsReader.read(file(split.id() + ".qrel"));
  }

  /** A file of the directory; the error names it when missing. */
  public Path file(String name) {
    Path p = dir.resolve(name);
    if (!Files.isRegularFile(p)) {
      throw new IllegalArgumentException("ClariQ file " + p + " does not exist");
    }
    return p;
  }
}
