package io.clarq.retrieval.clariq.document;

import java.util.Objects;

/**
 * The query of retrieval-based document relevance (ClariQ's document-relevance task): the user's request alone, or
 * expanded with the clarifying question asked and the user's answer, as one bag of words.
 *
 * @param request the request (or topic text)
 * @param question the clarifying question, {@code ""} for none
 * @param answer the user's answer, {@code ""} for none
 */
public record ClarifiedQuery(String request, String question, String answer) {
  public ClarifiedQuery {
    Objects.requireNonNull(request, "request");
    Objects.requireNonNull(question, "question");
    Objects.requireNonNull(answer, "answer");
  }

  /** The request alone. */
  public static ClarifiedQuery of(String request) {
    return new ClarifiedQuery(request, "", "");
  }

  /** The query text: request, question and answer separated by spaces (empty parts left out). */
  public String text() {
    StringBuilder sb = new StringBuilder(request);
    for (String part : new String[] {question, answer}) {
      if (!part.isEmpty()) {
        sb.append(' ').append(part);
      }
    }
    return sb.toString();
  }
}
