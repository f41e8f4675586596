package io.clarq.core.provider.llm;

import io.clarq.core.llm.LlmException;
import io.clarq.core.task.Language;
import java.util.List;
import java.util.Locale;

/**
 * Joins several nodes' lines into one multi-info reply (clarq-llm-protocol.md §4, multi-info variant). A model merges
 * them; its output is accepted only if every line, or the line without its last character, is a substring of it
 * (case-insensitive for English). Otherwise the lines are joined with connectors ("Besides, ", "Moreover, ", ...,
 * "Finally, " before the last of three or more); five or more lines, more than the connectors, are joined by
 * newlines, as the reference does.
 */
final class MultiInfoMerge {
  private static final List<String> ENGLISH_CONNECTORS =
      List.of(" Besides, ", " Moreover, ", " In addition, ", " Furthermore, ", " Finally, ");
  private static final List<String> CHINESE_CONNECTORS = List.of("此外，", "还有，", "而且，", "还需要注意的是，", "最后，");

  private final JsonAsk ask;

  MultiInfoMerge(JsonAsk ask) {
    this.ask = ask;
  }

  /** The merged text, without the "Jax: " prefix. */
  String merge(Language language, List<String> lines, TurnLog log) throws LlmException {
    String output;
    try {
      String step = "multi-info merge";
      output = JsonAsk.text(ask.ask(step, ProviderPrompts.merge(language, lines), language, log, "output"), "output", step);
    } catch (UnparsedReplyException e) {
      // the connector join is the reference's own answer to a merge it cannot use, not a guess
      log.note("merge unparsed (raw kept: " + e.raw() + "), joined with connectors");
      return connectorJoin(language, lines);
    }
    if (accepted(language, lines, output)) {
      log.note("merge accepted");
      return output;
    }
    log.note("merge refused (a line did not survive: " + output + "), joined with connectors");
    return connectorJoin(language, lines);
  }

  /** The acceptance rule: every line, or it minus its last character, occurs in the output. */
  static boolean accepted(Language language, List<String> lines, String output) {
    boolean english = language == Language.ENGLISH;
    String out = english ? output.toLowerCase(Locale.ROOT) : output;
    for (String line : lines) {
      String s = english ? line.toLowerCase(Locale.ROOT) : line;
      String shorter = s.isEmpty() ? s : s.substring(0, s.length() - 1);
      if (!out.contains(s) && !out.contains(shorter)) {
        return false;
      }
    }
    return true;
  }

  static String connectorJoin(Language language, List<String> lines) {
    boolean chinese = language == Language.CHINESE;
    List<String> connectors = chinese ? CHINESE_CONNECTORS : ENGLISH_CONNECTORS;
    if (lines.size() + 1 > connectors.size()) {
      return String.join("\n", lines);
    }
    StringBuilder sb = new StringBuilder(lines.get(0));
    for (int i = 1; i < lines.size(); i++) {
      String line = lines.get(i);
      if (!chinese && !line.isEmpty()) {
        line = Character.toLowerCase(line.charAt(0)) + line.substring(1);
      }
      boolean last = i == lines.size() - 1 && i >= 2;
      sb.append(last ? connectors.get(connectors.size() - 1) : connectors.get(i - 1)).append(line);
    }
    return sb.toString();
  }
}
