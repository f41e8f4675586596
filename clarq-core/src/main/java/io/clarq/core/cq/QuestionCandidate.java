package io.clarq.core.cq;

import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * One candidate question a generator produced in one question form, with the record of how it got there.
 *
 * @param form the question form asked for ("are you looking for", ...; a generator's own name for it)
 * @param text the candidate as the generator returned it (after trimming quotes and whitespace)
 * @param attempts how many times the form was asked for (1 = first try accepted)
 * @param rejected earlier attempts that failed the facet constraint, in order, verbatim
 * @param missingFacetWords facet words the final text still lacks (empty = the constraint holds)
 * @param score the ranking score when the candidates were ranked (mean token log-probability, or the judge's
 *     grade points), empty otherwise
 */
public record QuestionCandidate(
    String form, String text, int attempts, List<String> rejected, List<String> missingFacetWords,
    OptionalDouble score) {
  public QuestionCandidate {
    Objects.requireNonNull(form, "form");
    Objects.requireNonNull(text, "text");
    Objects.requireNonNull(score, "score");
    rejected = List.copyOf(rejected);
    missingFacetWords = List.copyOf(missingFacetWords);
    if (attempts < 1) {
      throw new IllegalArgumentException(
          "illegal attempt count " + attempts + " for form \"" + form + "\": must be >= 1");
    }
  }

  /** Whether the text contains every facet word. */
  public boolean facetSatisfied() {
    return missingFacetWords.isEmpty();
  }

  /** The same candidate with a ranking score. */
  public QuestionCandidate withScore(double s) {
    return new QuestionCandidate(form, text, attempts, rejected, missingFacetWords, OptionalDouble.of(s));
  }

  /**
   * The facet words (from {@link FacetRequest#facetWords()}) that the text does not contain. A word is contained when
   * a token of the text ({@link OverlapTokens}) equals it or differs from it only by a plural ending "s" or "es"
   * ("car" is in "jaguar cars", "prices" in "the price"): the constraint asks for the facet, not for its inflection.
   */
  public static List<String> missingWords(List<String> facetWords, String text) {
    List<String> tokens = OverlapTokens.tokenize(text);
    return facetWords.stream().filter(w -> tokens.stream().noneMatch(t -> sameWord(w, t))).toList();
  }

  private static boolean sameWord(String a, String b) {
    return a.equals(b) || pluralOf(a, b) || pluralOf(b, a);
  }

  private static boolean pluralOf(String singular, String plural) {
    return plural.equals(singular + "s") || plural.equals(singular + "es");
  }
}
