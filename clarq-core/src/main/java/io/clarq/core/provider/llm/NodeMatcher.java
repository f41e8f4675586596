package io.clarq.core.provider.llm;

import io.clarq.core.llm.json.JsonReply;
import io.clarq.core.task.Language;
import io.clarq.core.llm.LlmException;
import io.clarq.core.tree.ResponseNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

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
    List<ResponseNode> passed = pass(1, available, prompts::clearlyResolves, !multiInfo, analyses, language, log);
    if (passed.isEmpty()) {
      passed = pass(2, new ArrayList<>(analyses.keySet()), n -> prompts.answerableGiven(n, analyses.get(n)), true,
          new LinkedHashMap<>(), language, log);
    }
    if (passed.isEmpty()) {
      passed = pass(3, available, prompts::noticedOrCorrects, true, new LinkedHashMap<>(), language, log);
    }
    return passed;
  }

  /**
   * One pass over {@code nodes}: the nodes judged answerable, stopping at the first when {@code firstOnly}; the
   * analysis of each node judged not answerable goes to {@code analyses}.
   */
  private List<ResponseNode> pass(int pass, List<ResponseNode> nodes, Function<ResponseNode, String> prompt,
      boolean firstOnly, Map<ResponseNode, String> analyses, Language language, TurnLog log) throws LlmException {
    List<ResponseNode> passed = new ArrayList<>();
    List<String> verdicts = new ArrayList<>();
    for (ResponseNode node : nodes) {
      String step = "node check (pass " + pass + ") of node " + node.id();
      JsonReply r = ask.ask(step, prompt.apply(node), language, log, "answerable");
      boolean yes = JsonAsk.yesNo(r, "answerable", step);
      verdicts.add(node.id() + (yes ? " yes" : " no"));
      if (!yes) {
        analyses.put(node, r.text("analysis").orElse(""));
        continue;
      }
      passed.add(node);
      if (firstOnly) {
        break;
      }
    }
    log.note("pass " + pass + ": " + String.join(", ", verdicts));
    return passed;
  }
}
