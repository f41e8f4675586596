package io.clarq.eval.cq;

import java.util.List;
import java.util.Locale;

/**
 * The subject of a ClariQ request without its conversational opening: "Tell me about Obama family tree." becomes
 * "obama family tree". Templates put the facet in front of it. The openings are the ones ClariQ's requests use
 * ("tell me about", "i'm looking for information on", "find information about", ...), longest first; only one is
 * removed, then trailing punctuation. A request that is nothing but an opening is kept whole.
 */
final class RequestTopic {
  private static final List<String> OPENINGS = List.of(
      "i'm looking for information about", "i'm looking for information on", "looking for information about",
      "looking for information on", "i am looking for information about", "i am looking for information on",
      "tell me information about", "give me information about", "give me information on",
      "find me information about", "find me information on", "find information about", "find information on",
      "i need information about", "i need information on", "i want to know about", "i'd like to learn about",
      "i'd like to know about", "tell me more about", "tell me about", "tell about", "information about",
      "information on", "i'm interested in", "i am interested in", "i'm looking for", "i am looking for",
      "looking for", "find me", "find", "let's see", "what is", "what are", "who is", "how to", "how can i",
      "how do i", "how do you", "how should i", "where can i", "where to");

  private RequestTopic() {}

  static String of(String request) {
    String t = request.toLowerCase(Locale.ROOT).replace('\u2019', '\'').strip();
    for (String o : OPENINGS.stream().sorted((a, b) -> b.length() - a.length()).toList()) {
      if (t.startsWith(o + " ") && t.length() > o.length() + 1) {
        t = t.substring(o.length() + 1).strip();
        break;
      }
    }
    int end = t.length();
    while (end > 0 && ".?!,;: ".indexOf(t.charAt(end - 1)) >= 0) {
      end--;
    }
    return end == 0 ? request.strip() : t.substring(0, end);
  }
}
