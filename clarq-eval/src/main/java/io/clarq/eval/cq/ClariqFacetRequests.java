package io.clarq.eval.cq;

import io.clarq.core.clariq.ClariqTopic;
import io.clarq.core.clariq.ClariqTopics;
import io.clarq.core.clariq.Facet;
import io.clarq.core.cq.FacetRequest;
import io.clarq.core.cq.OverlapTokens;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Facet requests from the ClariQ TSVs: one per facet of every topic, id = the facet id. ClariQ describes a facet in a
 * sentence ("Find reviews of the Ritz Carlton Lake Las Vegas."), while generators are constrained by keywords as in
 * ClariQ-FKw ("reviews"), so the description is cut to its keywords: its tokens ({@link OverlapTokens}) that are
 * not in the request, not a stopword and not one of the words every request uses ({@link #STOPWORDS}), in order,
 * without repeats. A description with no such word keeps all its tokens that are not stopwords, then all of them.
 */
public final class ClariqFacetRequests {
  /** Lucene's English stopwords, pronouns and question words, and the verbs of asking for information. */
  public static final Set<String> STOPWORDS = Set.of(
      "a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "if", "in", "into", "is", "it", "no", "not",
      "of", "on", "or", "such", "that", "the", "their", "then", "there", "these", "they", "this", "to", "was", "will",
      "with", "i", "me", "my", "we", "you", "your", "what", "which", "who", "whom", "where", "when", "why", "how",
      "do", "does", "did", "can", "could", "would", "should", "am", "were", "been", "has", "have", "had", "some",
      "any", "from", "about", "find", "information", "info", "looking", "look", "want", "know", "tell", "get",
      "give", "need", "like");

  private ClariqFacetRequests() {}

  /** One request per facet of every topic, in topic then facet order. */
  public static List<FacetRequest> of(ClariqTopics topics) {
    List<FacetRequest> out = new ArrayList<>();
    for (ClariqTopic t : topics.topics()) {
      for (Facet f : t.facets()) {
        out.add(new FacetRequest(f.id(), Integer.toString(t.id()), t.initialRequest(),
            keywords(t.initialRequest(), f.description())));
      }
    }
    return out;
  }

  /** The facet description's keywords, space-separated. */
  public static String keywords(String request, String description) {
    Set<String> requestTokens = Set.copyOf(OverlapTokens.tokenize(request));
    List<String> tokens = OverlapTokens.tokenize(description);
    Set<String> kept = new LinkedHashSet<>();
    tokens.stream().filter(w -> !STOPWORDS.contains(w) && !requestTokens.contains(w)).forEach(kept::add);
    if (kept.isEmpty()) {
      tokens.stream().filter(w -> !STOPWORDS.contains(w)).forEach(kept::add);
    }
    if (kept.isEmpty()) {
      kept.addAll(tokens);
    }
    if (kept.isEmpty()) {
      throw new IllegalArgumentException("facet description \"" + description + "\" has no words");
    }
    return String.join(" ", kept);
  }
}
