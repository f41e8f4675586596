package io.clarq.core.clarqllm.provider.llm;

import io.clarq.core.clarqllm.provider.Intent;
import io.clarq.core.clarqllm.provider.ProviderTurn;
import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.clarqllm.tree.ResponseNode;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.json.JsonReply;
import io.clarq.core.prompt.AgentBuilder;
import io.clarq.core.prompt.PackAgent;
import io.clarq.core.prompt.PackAsk;
import io.clarq.core.prompt.PromptPack;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The six-way task analysis by a model: one JSON-mode call (temperature 0, seed 8848) with the pack's
 * {@code provider/classify} prompt, showing the dialogue and the available nodes with their purposes (with an empty
 * list when no node is left, the model is asked all the same, as in the reference). A reply without a type 1-6 is reported unparsed.
 */
public final class LlmIntentClassifier extends PackAgent<LlmIntentClassifier> implements IntentClassifier {
  private final PackAsk ask;

  private LlmIntentClassifier(Builder b) {
    super(b);
    this.ask = new PackAsk(b.client(), b.pack());
  }

  /** A builder for a classifier on this client (its model); default pack clarq's own. */
  public static Builder builder(LlmClient client) {
    return new Builder(client);
  }

  @Override
  protected Builder toBuilder() {
    return builder(client()).prompts(prompts());
  }

  @Override
  public IntentReading classify(ProviderTurn turn) throws LlmException {
    ProviderPrompts prompts = new ProviderPrompts(prompts(), turn);
    JsonReply reply = ask.inTrial(turn.trial()).ask(prompts.classify(availableNodes(turn)), prompts.language(),
        List.of("type"));
    int calls = reply.raws().size();
    if (!reply.isParsed()) {
      return IntentReading.unparsed(calls, String.join("\n---\n", reply.raws()));
    }
    Optional<Integer> type = ask.type(reply);
    if (type.isEmpty()) {
      return IntentReading.unparsed(calls, reply.raw());
    }
    return IntentReading.of(Intent.ofCode(type.get()), calls, reply.text("analysis").orElse(""));
  }

  static List<ResponseNode> availableNodes(ProviderTurn turn) {
    List<ResponseNode> out = new ArrayList<>();
    for (NodeId id : turn.tree().available()) {
      out.add(turn.task().tree().node(id));
    }
    return out;
  }

  /** Makes an {@link LlmIntentClassifier}: a client and a pack. */
  public static final class Builder extends AgentBuilder<Builder, LlmIntentClassifier> {
    private Builder(LlmClient client) {
      super(client, PromptPack.clarq());
    }

    @Override
    public LlmIntentClassifier build() {
      return new LlmIntentClassifier(this);
    }
  }
}
