package io.clarq.core.clarqllm.seeker.rule;

import io.clarq.core.clarqllm.provider.FixedReplies;
import io.clarq.core.clarqllm.task.Briefing;
import io.clarq.core.clarqllm.task.Language;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a provider reply gives a seeker to follow up on. English: the noun phrases after a determiner ("a toll of
 * three silver coins" gives "toll", "three silver coins") and capitalised names ("Harbour Market"). Chinese, which has
 * neither: the reply's clauses.
 */
final class FollowUpTopics {
  private static final Pattern WORD = Pattern.compile("[A-Za-z][A-Za-z'-]*|[^A-Za-z\\s]");
  private static final Set<String> DETERMINERS = Set.of("a", "an", "the", "some", "your", "its", "her", "his",
      "their", "two", "three", "four", "five", "any", "each", "every");
  private static final Set<String> BREAKS = Set.of("of", "and", "or", "to", "with", "at", "in", "on", "for", "by",
      "only", "is", "are", "was", "be", "can", "will", "not", "never", "so", "but", "that", "which", "who", "you",
      "from", "into", "when", "while", "before", "after", "because", "if", "then", "there", "it", "they", "she",
      "he", "we", "i", "first", "instead", "together", "too", "also", "just", "very", "ask", "use", "does", "do",
      "has", "have", "must", "should", "may", "cannot", "guards", "opens", "turns", "gives", "give", "lends",
      "sells", "grows", "blows", "swims", "bites", "leaks", "plays", "carries", "lets", "wants", "cracks",
      "smokes", "needs", "takes", "keeps", "makes", "goes", "comes", "says", "said");
  /** Capitalised only because they open a sentence: never the start of a name. */
  private static final Set<String> SENTENCE_OPENERS = Set.of("as", "if", "when", "while", "then", "only", "you",
      "your", "take", "use", "go", "wear", "fill", "dig", "cross", "light", "bake", "plant", "ride", "row", "play",
      "heat", "measure", "translate", "brew", "leave", "wrap", "travel", "with", "at", "in", "on", "after",
      "before", "there", "this", "that", "i");
  private static final Set<String> GENERIC = Set.of("task", "tasks", "details", "detail", "information", "way",
      "thing", "things", "jax", "game", "question", "questions", "conversation", "steps", "step", "plan",
      "mission", "time", "end", "people", "someone", "other party");
  private static final Pattern ZH_CLAUSE = Pattern.compile("[，。；：！？、,;:!?（）()“”「」《》]+");

  private FollowUpTopics() {}

  /** The topics of a reply, in order of appearance, without duplicates. */
  static List<String> of(Language language, String reply) {
    String text = stripSpeaker(reply);
    return language == Language.CHINESE ? clauses(text) : nounPhrases(text);
  }

  /** Whether a reply says anything about the seeker's world: it shares a word with the briefing. */
  static boolean informative(Language language, String reply, Briefing briefing) {
    String text = stripSpeaker(reply).toLowerCase(Locale.ROOT);
    List<String> known = new ArrayList<>(briefing.items());
    known.addAll(briefing.scenes());
    known.add(briefing.task());
    for (String k : known) {
      String lower = k.toLowerCase(Locale.ROOT);
      if (language == Language.CHINESE) {
        for (int i = 0; i + 2 <= lower.length(); i++) {
          if (text.contains(lower.substring(i, i + 2))) {
            return true;
          }
        }
      } else {
        for (String w : lower.split("[^a-z]+")) {
          if (w.length() >= 4 && !GENERIC.contains(w) && text.matches("(?s).*\\b" + Pattern.quote(w) + "\\b.*")) {
            return true;
          }
        }
      }
    }
    return false;
  }

  private static List<String> nounPhrases(String text) {
    List<String> words = new ArrayList<>();
    Matcher m = WORD.matcher(text);
    while (m.find()) {
      words.add(m.group());
    }
    Set<String> out = new LinkedHashSet<>();
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      boolean sentenceStart = i == 0 || !Character.isLetter(words.get(i - 1).charAt(0));
      if (DETERMINERS.contains(w.toLowerCase(Locale.ROOT))) {
        List<String> phrase = new ArrayList<>();
        for (int j = i + 1; j < words.size() && phrase.size() < 3; j++) {
          String n = words.get(j);
          if (!Character.isLetter(n.charAt(0)) || BREAKS.contains(n.toLowerCase(Locale.ROOT))
              || DETERMINERS.contains(n.toLowerCase(Locale.ROOT))) {
            break;
          }
          phrase.add(n);
        }
        add(out, phrase);
      } else if (Character.isUpperCase(w.charAt(0)) && !SENTENCE_OPENERS.contains(w.toLowerCase(Locale.ROOT))
          && (!sentenceStart || nextIsCapital(words, i))) {
        List<String> name = new ArrayList<>();
        int j = i;
        while (j < words.size() && Character.isUpperCase(words.get(j).charAt(0)) && !words.get(j).equals("I")) {
          name.add(words.get(j++));
        }
        add(out, name);
        i = j - 1;
      }
    }
    return List.copyOf(out);
  }

  private static boolean nextIsCapital(List<String> words, int i) {
    return i + 1 < words.size() && Character.isUpperCase(words.get(i + 1).charAt(0));
  }

  private static void add(Set<String> out, List<String> words) {
    String phrase = String.join(" ", words).replaceAll("'s$", "");
    if (!phrase.isEmpty() && !GENERIC.contains(phrase.toLowerCase(Locale.ROOT))) {
      out.add(phrase);
    }
  }

  private static List<String> clauses(String text) {
    Set<String> out = new LinkedHashSet<>();
    for (String c : ZH_CLAUSE.split(text)) {
      String clause = c.strip();
      if (clause.codePointCount(0, clause.length()) >= 4) {
        out.add(clause);
      }
    }
    return List.copyOf(out);
  }

  static String stripSpeaker(String line) {
    return FixedReplies.stripPrefix(line);
  }
}
