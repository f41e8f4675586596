package io.clarq.retrieval.provider;

import io.clarq.core.task.Language;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.cjk.CJKBigramFilter;
import org.apache.lucene.analysis.cjk.CJKWidthFilter;
import org.apache.lucene.analysis.en.EnglishPossessiveFilter;
import org.apache.lucene.analysis.en.PorterStemFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.WordlistLoader;
import org.apache.lucene.analysis.snowball.SnowballFilter;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.util.IOUtils;

/**
 * The offline provider's analysis chains. English: standard tokenizer, possessives removed, lower case, Snowball's
 * English stop words, Porter stemming. Chinese: standard tokenizer (one token per Han character), width folding,
 * lower case, overlapping character bigrams (a lone character stays a unigram), and the English chain's stop words and
 * stemming for the Latin words mixed in (names, units).
 *
 * <p>Analyzers are thread-safe: Lucene keeps one token-stream per thread.
 */
public final class ProviderAnalyzers {
  private static final Analyzer ENGLISH = new EnglishChain();
  private static final Analyzer CHINESE = new ChineseChain();

  private ProviderAnalyzers() {}

  /** The chain for a language. */
  public static Analyzer forLanguage(Language language) {
    return language == Language.CHINESE ? CHINESE : ENGLISH;
  }

  /** The terms of a text, in order, as the chain for {@code language} produces them. */
  public static List<String> terms(Language language, String text) {
    List<String> out = new ArrayList<>();
    try (TokenStream ts = forLanguage(language).tokenStream("text", text)) {
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

  private static TokenStream englishWords(TokenStream in) {
    TokenStream ts = new EnglishPossessiveFilter(in);
    ts = new LowerCaseFilter(ts);
    ts = new StopFilter(ts, STOP_WORDS);
    return new PorterStemFilter(ts);
  }

  /**
   * Snowball's English stop list (174 words, Lucene's copy): unlike Lucene's default 33 words it drops the pronouns
   * and question words ("i", "you", "which", "how") that every seeker question and most purposes share.
   */
  private static final CharArraySet STOP_WORDS = loadStopWords();

  private static CharArraySet loadStopWords() {
    try (var in = IOUtils.requireResourceNonNull(
        SnowballFilter.class.getResourceAsStream("english_stop.txt"), "english_stop.txt")) {
      return CharArraySet.unmodifiableSet(WordlistLoader.getSnowballWordSet(
          new InputStreamReader(in, StandardCharsets.UTF_8)));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read Lucene's Snowball English stop words: " + e.getMessage(), e);
    }
  }

  private static final class EnglishChain extends Analyzer {
    @Override
    protected TokenStreamComponents createComponents(String fieldName) {
      Tokenizer source = new StandardTokenizer();
      return new TokenStreamComponents(source, englishWords(source));
    }
  }

  private static final class ChineseChain extends Analyzer {
    @Override
    protected TokenStreamComponents createComponents(String fieldName) {
      Tokenizer source = new StandardTokenizer();
      TokenStream ts = new CJKWidthFilter(source);
      ts = new CJKBigramFilter(ts);
      return new TokenStreamComponents(source, englishWords(ts));
    }
  }
}
