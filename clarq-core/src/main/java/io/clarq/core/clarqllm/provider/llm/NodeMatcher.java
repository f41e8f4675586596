package io.clarq.core.clarqllm.provider.llm;

import io.clarq.core.clarqllm.tree.ResponseNode;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.json.JsonReply;
import java.util.ArrayList;
import java.util.List;

/**
 * Tree-gated node matching (reference-prompts/README.md, provider turn step 6): the available nodes are tried in
 * order, one model call per node per pass, each prompt seeing only the latest seeker line.
 *
 * <ul>
 *   <li>Pass 1 per node ("multiple" variant for English purposes about several objects), reading
 *       {@code answerable}; a "no" keeps the node's {@code analysis}.
 *   <li>Pass 2 per node when pass 1 found no node, with that node's pass-1 analysis.
 *   <li>Pass 3 per node when pass 2 found no node either: "multiple" purposes read {@code answerable}, the others
 *       {@code correct}.
 * </ul>
 *
 * The first yes in any pass wins; the multi-info variant asks every node in pass 1 and uses all that said yes.
 */
final class NodeMatcher {
  private final ProviderAsk ask;

  NodeMatcher(ProviderAsk ask) {
    this.ask = ask;
  }

  /** @return the nodes to give, in available order; empty when no pass found one */
  List<ResponseNode> match(ProviderPrompts prompts, List<ResponseNode> available, boolean multiInfo, TurnLog log)
      throws LlmException {
    List<String> analyses = new ArrayList<>();
    List<ResponseNode> passed = new ArrayList<>();
    List<String> verdicts = new ArrayList<>();
    for (ResponseNode node : available) {
      ProviderPrompts.Prompt p = prompts.pass1(node);
      String step = "node check (pass 1) of node " + node.id();
      JsonReply r = ask.asked(step, p.text(), prompts.language(), log, "answerable");
      boolean yes = ask.yes(r, "answerable", step);
      verdicts.add(node.id() + (yes ? " yes" : " no"));
      if (yes) {
        passed.add(node);
        if (!multiInfo) {
          break;
        }
      } else {
        analyses.add(ask.pack().text(r, "analysis").or(() -> r.string("analysis"))
            .orElseThrow(() -> new UnparsedReplyException(step + ": no analysis for pass 2", r.raw())));
      }
    }
    log.note("pass 1: " + String.join(", ", verdicts));
    if (!passed.isEmpty()) {
      return passed;
    }
    verdicts.clear();
    for (int i = 0; i < available.size(); i++) {
      ResponseNode node = available.get(i);
      String step = "node check (pass 2) of node " + node.id();
      JsonReply r = ask.asked(step, prompts.pass2(node, analyses.get(i)).text(), prompts.language(), log,
          "answerable");
      boolean yes = ask.yes(r, "answerable", step);
      verdicts.add(node.id() + (yes ? " yes" : " no"));
      if (yes) {
        log.note("pass 2: " + String.join(", ", verdicts));
        return List.of(node);
      }
    }
    log.note("pass 2: " + String.join(", ", verdicts));
    verdicts.clear();
    for (ResponseNode node : available) {
      ProviderPrompts.Prompt p = prompts.pass3(node);
      String field = p.template().endsWith("pass3_correct") ? "correct" : "answerable";
      String step = "node check (pass 3) of node " + node.id();
      JsonReply r = ask.asked(step, p.text(), prompts.language(), log, field);
      boolean yes = ask.yes(r, field, step);
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
