package io.clarq.core.clarqllm.provider.llm;

import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.ReferenceText;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.json.JsonReply;
import io.clarq.core.prompt.PackAsk;
import io.clarq.core.prompt.PackBehaviour;
import java.util.List;

/**
 * Joins several nodes' lines into one multi-info reply (reference-prompts/README.md, "Multi-info merge"): a model
 * merges them; its output is accepted only if every line, or the line without its last character, is a substring of
 * it (after lower-casing both, in English); order and extra words are not checked. Otherwise the lines are joined
 * with connectors: " Besides, " then " Moreover, ", " Finally, " before the last of three or more (Chinese
 * 此外，/还有，/最后，), the joined line's first character lower-cased in English; five or more lines are joined by
 * newlines, as the reference does.
 */
final class MultiInfoMerge {
  // the reference's five connectors; the middle two are never reached (four lines use slots 0, 1 and the last)
  private static final List<String> ENGLISH_CONNECTORS =
      List.of(" Besides, ", " Moreover, ", " In addition, ", " Furthermore, ", " Finally, ");
  private static final List<String> CHINESE_CONNECTORS = List.of("此外，", "还有，", "而且，", "还需要注意的是，", "最后，");

  private final PackAsk ask;

  MultiInfoMerge(ProviderAsk ask) {
    this.ask = ask.pack();
  }

  /** The merged text, as the model or the connector join gives it (before the "Jax: " rule). */
  String merge(ProviderPrompts prompts, List<String> lines, TurnLog log) throws LlmException {
    Language language = prompts.language();
    String step = "multi-info merge";
    JsonReply reply = ask.ask(prompts.merge(lines), language, List.of("output"));
    log.addCalls(reply.raws().size());
    String output = reply.isParsed() ? ask.text(reply, "output").orElse(null) : null;
    if (output == null) {
      if (ask.behaviour() == PackBehaviour.REFERENCE) {
        throw new UnparsedReplyException(step, String.join("\n---\n", reply.raws()));
      }
      log.note("merge unparsed (raw kept: " + reply.raw() + "), joined with connectors");
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
    String out = english ? ReferenceText.lower(output) : output;
    for (String line : lines) {
      String shorter = line.isEmpty() ? line : line.substring(0, line.offsetByCodePoints(line.length(), -1));
      String s = english ? ReferenceText.lower(line) : line;
      String t = english ? ReferenceText.lower(shorter) : shorter;
      if (!out.contains(s) && !out.contains(t)) {
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
        int first = line.offsetByCodePoints(0, 1);
        line = ReferenceText.lower(line.substring(0, first)) + line.substring(first);
      }
      boolean last = i == lines.size() - 1 && i >= 2;
      sb.append(last ? connectors.get(connectors.size() - 1) : connectors.get(i - 1)).append(line);
    }
    return sb.toString();
  }
}
