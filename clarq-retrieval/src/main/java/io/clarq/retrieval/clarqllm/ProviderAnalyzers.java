package io.clarq.retrieval.clarqllm;

import io.clarq.core.clarqllm.task.Language;
import io.clarq.retrieval.analysis.EnglishAnalysis;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.WordlistLoader;
import org.apache.lucene.analysis.cjk.CJKBigramFilter;
import org.apache.lucene.analysis.cjk.CJKWidthFilter;
import org.apache.lucene.analysis.snowball.SnowballFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.util.ModuleResourceLoader;

/**
 * The offline provider's analysis chains, built from {@link EnglishAnalysis}. English: the English chain with
 * Snowball's English stop words. Chinese: standard tokenizer (one token per Han character), width folding, overlapping
 * character bigrams (a lone character stays a unigram), then the English chain's filters (possessives, lower case,
 * the same stop words, Porter stemming) for the Latin words mixed in (names, units).
 *
 * <p>Analyzers are thread-safe: Lucene keeps one token-stream per thread.
 */
final class ProviderAnalyzers {
  /**
   * Snowball's English stop list (174 words, Lucene's copy): unlike Lucene's default 33 words it drops the pronouns
   * and question words ("i", "you", "which", "how") that every seeker question and most purposes share.
   */
  private static final CharArraySet STOP_WORDS = loadStopWords();

  private static final Analyzer ENGLISH = EnglishAnalysis.chain(STOP_WORDS, true);
  private static final Analyzer CHINESE = new ChineseChain();

  private ProviderAnalyzers() {}

  /** The chain for a language. */
  static Analyzer forLanguage(Language language) {
    return language == Language.CHINESE ? CHINESE : ENGLISH;
  }

  /** The terms of a text, in order, as the chain for {@code language} produces them. */
  static List<String> terms(Language language, String text) {
    return EnglishAnalysis.terms(forLanguage(language), "text", text);
  }

  private static CharArraySet loadStopWords() {
    // read through Lucene's own loader: on the module path the list's package is open to Lucene's core module only
    // (on the class path the module is the unnamed one, and the loader reads it as before)
    String resource = SnowballFilter.class.getPackageName().replace('.', '/') + "/english_stop.txt";
    try (var in = new InputStreamReader(new ModuleResourceLoader(SnowballFilter.class.getModule())
        .openResource(resource), StandardCharsets.UTF_8)) {
      return CharArraySet.unmodifiableSet(WordlistLoader.getSnowballWordSet(in));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read Lucene's Snowball English stop words: " + e.getMessage(), e);
    }
  }

  private static final class ChineseChain extends Analyzer {
    @Override
    protected TokenStreamComponents createComponents(String fieldName) {
      Tokenizer source = new StandardTokenizer();
      TokenStream ts = new CJKWidthFilter(source);
      ts = new CJKBigramFilter(ts);
      return new TokenStreamComponents(source, EnglishAnalysis.englishWords(ts, STOP_WORDS, true));
    }
  }
}
