package io.clarq.retrieval.toa;

import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.en.PorterStemFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;

/**
 * English analysis for the offline oracle: StandardTokenizer, lower case, Lucene's English stop words, Porter
 * stemming (the chain Anserini uses for English BM25 baselines).
 */
final class OracleAnalyzer extends Analyzer {
  @Override
  protected TokenStreamComponents createComponents(String fieldName) {
    StandardTokenizer source = new StandardTokenizer();
    TokenStream stream = new LowerCaseFilter(source);
    stream = new StopFilter(stream, EnglishAnalyzer.ENGLISH_STOP_WORDS_SET);
    stream = new PorterStemFilter(stream);
    return new TokenStreamComponents(source, stream);
  }

  @Override
  protected TokenStream normalize(String fieldName, TokenStream in) {
    return new LowerCaseFilter(in);
  }
}
