package io.clarq.retrieval.analysis;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.en.EnglishPossessiveFilter;
import org.apache.lucene.analysis.en.PorterStemFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

/**
 * The English analysis chain used for documents, queries and feedback alike: StandardTokenizer, English possessive
 * filter, lower case, Lucene's English stopwords, Porter stemmer (what Anserini's default English analyzer does).
 */
public final class EnglishAnalysis {
  private EnglishAnalysis() {}

  /** The chain with Lucene's English stopwords and Porter stemming. */
  public static Analyzer porter() {
    return chain(EnglishAnalyzer.ENGLISH_STOP_WORDS_SET, true);
  }

  /** A chain with the given stopwords (empty: keep all words) and with or without Porter stemming. */
  public static Analyzer chain(CharArraySet stopwords, boolean stem) {
    CharArraySet stops = CharArraySet.unmodifiableSet(CharArraySet.copy(stopwords));
    return new Analyzer() {
      @Override
      protected TokenStreamComponents createComponents(String fieldName) {
        StandardTokenizer source = new StandardTokenizer();
        return new TokenStreamComponents(source, englishWords(source, stops, stem));
      }

      @Override
      protected TokenStream normalize(String fieldName, TokenStream in) {
        return new LowerCaseFilter(in);
      }
    };
  }

  /**
   * The chain's filters after the tokenizer, for chains that tokenize differently but treat English words the same
   * (the offline provider's Chinese chain): possessives removed, lower case, {@code stopwords} removed (none when
   * empty), Porter stemming when {@code stem}.
   */
  public static TokenStream englishWords(TokenStream in, CharArraySet stopwords, boolean stem) {
    TokenStream result = new EnglishPossessiveFilter(in);
    result = new LowerCaseFilter(result);
    if (!stopwords.isEmpty()) {
      result = new StopFilter(result, stopwords);
    }
    if (stem) {
      result = new PorterStemFilter(result);
    }
    return result;
  }

  /** The terms the analyzer makes of a text, in order, repeats included. */
  public static List<String> terms(Analyzer analyzer, String field, String text) {
    List<String> out = new ArrayList<>();
    try (TokenStream ts = analyzer.tokenStream(field, text)) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      ts.reset();
      while (ts.incrementToken()) {
        out.add(term.toString());
      }
      ts.end();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot analyse text: " + e.getMessage(), e);
    }
    return out;
  }
}
