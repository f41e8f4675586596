package io.clarq.core.cq;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * The question-template openings removed from both the generated and the reference question before overlap is
 * scored "without template words", as Wang et al. (WWW 2023) do: most ClariQ-FKw references and most generated
 * questions open with one of a few forms, and matching those openings says nothing about whether the question asks
 * about the right facet.
 *
 * <p>Only a prefix is removed, and only the longest one that matches whole tokens (after
 * {@link OverlapTokens#tokenize}). {@link #DEFAULT} holds these openings, chosen from the forms the FKw references
 * use most ("are you looking for", "would you like to", "do you want to" and "are you interested in"
 * open 1,573 of the 2,181 train and dev references) and the forms our generators write:
 *
 * <pre>
 * are you looking for       are you interested in     are you referring to     are you searching for
 * are you talking about     are you trying to         are you asking about
 * would you like to know about   would you like to know   would you like to   would you like
 * do you want to know about      do you want to know      do you want to      do you want
 * did you want to           do you need               do you mean              did you mean
 * </pre>
 *
 * @param openings the openings, each a non-empty token sequence
 */
public record TemplateWords(List<List<String>> openings) {
  /** The openings listed in the class comment. */
  public static final TemplateWords DEFAULT = of(
      "are you looking for", "are you interested in", "are you referring to", "are you searching for",
      "are you talking about", "are you trying to", "are you asking about",
      "would you like to know about", "would you like to know", "would you like to", "would you like",
      "do you want to know about", "do you want to know", "do you want to", "do you want",
      "did you want to", "do you need", "do you mean", "did you mean");

  public TemplateWords {
    openings = openings.stream().map(List::copyOf)
        .sorted(Comparator.comparingInt((List<String> o) -> o.size()).reversed()).toList();
    for (List<String> o : openings) {
      if (o.isEmpty()) {
        throw new IllegalArgumentException("illegal template opening: empty");
      }
    }
  }

  /** Openings given as texts, tokenized with {@link OverlapTokens#tokenize}. */
  public static TemplateWords of(String... openings) {
    return new TemplateWords(List.of(openings).stream().map(OverlapTokens::tokenize).toList());
  }

  /** The tokens without the longest opening they start with (unchanged when none matches). */
  public List<String> strip(List<String> tokens) {
    return List.copyOf(tokens.subList(opening(tokens).size(), tokens.size()));
  }

  /**
   * The text after the longest opening it starts with (unchanged when none matches), for tokenizers other than
   * {@link OverlapTokens}: the opening is found on {@link OverlapTokens} tokens (each character lower-cased on its
   * own) and the text is cut where its last token ends, so that {@code tokenize(stripText(t))} equals
   * {@code strip(tokenize(t))}.
   */
  public String stripText(String text) {
    int longest = openings.isEmpty() ? 0 : openings.get(0).size();
    List<String> tokens = new java.util.ArrayList<>();
    List<Integer> ends = new java.util.ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (int i = 0; i <= text.length() && tokens.size() < longest; ) {
      int cp = i < text.length() ? Character.toLowerCase(text.codePointAt(i)) : ' ';
      if (cp == '\'' || cp == '\u2019') {
        i += Character.charCount(cp);
        continue;
      }
      if (i < text.length() && Character.isLetterOrDigit(cp)) {
        current.appendCodePoint(cp);
      } else if (current.length() > 0) {
        tokens.add(current.toString());
        ends.add(i);
        current.setLength(0);
      }
      i += i < text.length() ? Character.charCount(text.codePointAt(i)) : 1;
    }
    List<String> opening = opening(tokens);
    return opening.isEmpty() ? text : text.substring(ends.get(opening.size() - 1));
  }

  /** The longest opening the tokens start with, or an empty list. */
  public List<String> opening(List<String> tokens) {
    Objects.requireNonNull(tokens, "tokens");
    for (List<String> o : openings) {
      if (tokens.size() >= o.size() && tokens.subList(0, o.size()).equals(o)) {
        return o;
      }
    }
    return List.of();
  }
}
