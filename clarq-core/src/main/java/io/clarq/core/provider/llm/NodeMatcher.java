package io.clarq.core.provider.llm;

import io.clarq.core.llm.json.JsonReply;
import io.clarq.core.task.Language;
import io.clarq.core.llm.LlmException;
import io.clarq.core.tree.ResponseNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Tree-gated node matching (clarq-llm-protocol.md §4 step 5): the available nodes are tried in display order, one
 * model call per node per pass, in up to three passes. Pass 1: does the line clearly resolve part of the question?
 * Pass 2: given that analysis, is part of the question answerable by it? Pass 3: did the seeker notice the
 * ambiguity the line resolves, or hold a wrong assumption it corrects? The first node judged answerable wins; in
 * the multi-info variant every node passing pass 1 is used together.
 */
final class NodeMatcher {
  private final JsonAsk ask;

  NodeMatcher(JsonAsk ask) {
    this.ask = ask;
  }

  /** @return the nodes to give, in display order; empty when no pass found one */
  List<ResponseNode> match(ProviderPrompts prompts, Language language, List<ResponseNode> available, boolean multiInfo,
      TurnLog log) throws LlmException {
    Map<ResponseNode, String> analyses = new LinkedHashMap<>();
    List<ResponseNode> passed = new ArrayList<>();
    List<String> verdicts = new ArrayList<>();
    for (ResponseNode node : available) {
      String step = "node check (pass 1) of node " + node.id();
      JsonReply r = ask.ask(step, prompts.clearlyResolves(node), language, log, "answerable");
      boolean yes = JsonAsk.yesNo(r, "answerable", step);
      verdicts.add(node.id() + (yes ? " yes" : " no"));
      if (yes) {
        passed.add(node);
        if (!multiInfo) {
          break;
        }
      } else {
        analyses.put(node, r.text("analysis").orElse(""));
      }
    }
    log.note("pass 1: " + String.join(", ", verdicts));
    if (!passed.isEmpty()) {
      return passed;
    }
    verdicts.clear();
    for (Map.Entry<ResponseNode, String> e : analyses.entrySet()) {
      ResponseNode node = e.getKey();
      String step = "node check (pass 2) of node " + node.id();
      JsonReply r = ask.ask(step, prompts.answerableGiven(node, e.getValue()), language, log, "answerable");
      boolean yes = JsonAsk.yesNo(r, "answerable", step);
      verdicts.add(node.id() + (yes ? " yes" : " no"));
      if (yes) {
        log.note("pass 2: " + String.join(", ", verdicts));
        return List.of(node);
      }
    }
    log.note("pass 2: " + String.join(", ", verdicts));
    verdicts.clear();
    for (ResponseNode node : available) {
      String step = "node check (pass 3) of node " + node.id();
      JsonReply r = ask.ask(step, prompts.noticedOrCorrects(node), language, log, "answerable");
      boolean yes = JsonAsk.yesNo(r, "answerable", step);
      verdicts.add(node.id() + (yes ? " yes" : " no"));
      if (yes) {
        log.note("pass 3: " + String.join(", ", verdicts));
        return List.of(node);
      }
    }
    log.note("pass 3: " + String.join(", ", verdicts));
    return List.of();
  }
}
