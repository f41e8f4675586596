package io.clarq.core.provider.llm;

import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.json.JsonReply;
import io.clarq.core.provider.Intent;
import io.clarq.core.provider.ProviderTurn;
import io.clarq.core.tree.NodeId;
import io.clarq.core.tree.ResponseNode;
import java.util.ArrayList;
import java.util.List;

/**
 * The six-way task analysis by a model: one JSON-mode call (temperature 0, seed 8848) showing the dialogue and the
 * available nodes with their purposes; a reply without a type 1-6 is asked once more, then reported unparsed.
 */
public final class LlmIntentClassifier implements IntentClassifier {
  private final JsonAsk ask;

  /**
   * @param client the model
   * @param model the model name sent with each request; empty for the client's default
   */
  public LlmIntentClassifier(LlmClient client, String model) {
    this.ask = new JsonAsk(client, model);
  }

  @Override
  public IntentReading classify(ProviderTurn turn) throws LlmException {
    TurnLog log = new TurnLog();
    String prompt = new ProviderPrompts(turn).intent(availableNodes(turn));
    JsonReply reply;
    try {
      reply = ask.ask("intent classification", prompt, turn.task().language(), log, "type");
    } catch (UnparsedReplyException e) {
      return IntentReading.unparsed(log.calls(), e.raw());
    }
    String type = reply.text("type").orElse("").strip();
    if (!type.matches("[1-6]")) {
      return IntentReading.unparsed(log.calls(), reply.raw());
    }
    return IntentReading.of(Intent.ofCode(Integer.parseInt(type)), log.calls(), reply.text("analysis").orElse(""));
  }

  static List<ResponseNode> availableNodes(ProviderTurn turn) {
    List<ResponseNode> out = new ArrayList<>();
    for (NodeId id : turn.tree().available()) {
      out.add(turn.task().tree().node(id));
    }
    return out;
  }
}
