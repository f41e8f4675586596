package io.clarq.examples.cli.clariq;

import io.clarq.retrieval.clariq.document.Rm3;
import io.clarq.retrieval.clariq.question.QuestionRankerConfig;
import picocli.CommandLine.Option;

/** The question ranker's options, shared by {@code clariq rank} and {@code clariq multi-turn}. */
public final class QuestionRankerOptions {
  private static final QuestionRankerConfig D = QuestionRankerConfig.DEFAULT;

  @Option(names = "--k1", paramLabel = "K1", description = "BM25 k1 (default: ${DEFAULT-VALUE})", defaultValue = "2.0")
  float k1;

  @Option(names = "--b", paramLabel = "B", description = "BM25 b (default: ${DEFAULT-VALUE})", defaultValue = "1.0")
  float b;

  @Option(names = "--no-rm3", description = "rank with BM25 alone, without RM3 feedback over the bank")
  boolean noRm3;

  @Option(names = "--fb-docs", paramLabel = "N", description = "RM3 feedback questions (default: ${DEFAULT-VALUE})", defaultValue = "10")
  int fbDocs;

  @Option(names = "--fb-terms", paramLabel = "N", description = "RM3 feedback terms (default: ${DEFAULT-VALUE})", defaultValue = "10")
  int fbTerms;

  @Option(names = "--original-weight", paramLabel = "WEIGHT", description = "RM3 weight of the original query (default: ${DEFAULT-VALUE})",
      defaultValue = "0.3")
  float originalWeight;

  @Option(names = "--keep-stopwords", description = "do not remove Lucene's English stopwords")
  boolean keepStopwords;

  @Option(names = "--include-no-question", description = "rank the empty question Q00001 (\"ask nothing\") first")
  boolean includeNoQuestion;

  /** The configuration these options describe. */
  QuestionRankerConfig config() {
    Rm3 rm3 = noRm3 ? null : new Rm3(Math.max(D.rm3().firstPassHits(), fbDocs), fbDocs, fbTerms, originalWeight,
        D.rm3().maxDocumentFrequencyRatio());
    return D.withBm25(k1, b).withRm3(rm3).withStopwords(!keepStopwords).withNoQuestion(includeNoQuestion);
  }
}
