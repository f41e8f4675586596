package io.clarq.core.clarqllm.provider.llm;

import io.clarq.core.clarqllm.provider.FixedReplies;
import io.clarq.core.clarqllm.provider.Intent;
import io.clarq.core.clarqllm.provider.ProviderAgent;
import io.clarq.core.clarqllm.provider.ProviderReply;
import io.clarq.core.clarqllm.provider.ProviderTurn;
import io.clarq.core.clarqllm.provider.ReplyKind;
import io.clarq.core.clarqllm.task.Language;
import io.clarq.core.clarqllm.task.ReferenceText;
import io.clarq.core.clarqllm.tree.NodeId;
import io.clarq.core.clarqllm.tree.ResponseNode;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.json.JsonReply;
import io.clarq.core.prompt.AgentBuilder;
import io.clarq.core.prompt.PackAgent;
import io.clarq.core.prompt.PackAsk;
import io.clarq.core.prompt.PackBehaviour;
import io.clarq.core.prompt.PromptPack;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The paper's provider agent, deciding as its code does (reference-prompts/README.md, "Provider turn"), every word
 * from a {@link PromptPack}:
 *
 * <ol>
 *   <li>until a seeker line was judged about the task, a relevance gate: yes gives "Jax: " + node 0, no the fixed
 *       apology (asked again next turn);
 *   <li>task analysis by an {@link IntentClassifier} into the six {@link Intent}s, made even when no node is
 *       available;
 *   <li>a detail question (type 2 or 3) with no node left gets the fixed "enough information" line;
 *   <li>a repeat (type 4) is checked; if not all was answered before it becomes type 2;
 *   <li>types 2 and 3: {@link NodeMatcher} tries the available nodes in order in up to three passes, each seeing only
 *       the latest seeker line; a match is Response I, the node's text; none makes it type 3;
 *   <li>Response II: type 1 a positive reply, types 3 and 6 a reassurance, type 4 a restatement (model-written),
 *       type 5 a fixed line;
 *   <li>the utterance is the reply if it starts with "jax:" (any case), else "Jax: " + the stripped reply.
 * </ol>
 *
 * All calls: one user message, JSON mode, temperature 0, seed 8848 (the turn's {@link ProviderTurn#seed()} in a run
 * with trials). The multi-info variant gives every node that passes the first check in one reply, merged by {@link MultiInfoMerge}. A reply that cannot be read stops the turn
 * with an {@link UnparsedReplyException} carrying the raw text; nothing is guessed. Stateless across turns and
 * thread-safe when the client is.
 */
public final class LlmProviderAgent extends PackAgent<LlmProviderAgent> implements ProviderAgent {
  private final Builder settings;
  private final ProviderAsk ask;
  private final IntentClassifier classifier;

  private LlmProviderAgent(Builder b) {
    super(b);
    this.settings = b.copy();
    this.ask = new ProviderAsk(new PackAsk(b.client(), b.pack()));
    this.classifier = b.classifier != null ? b.classifier
        : LlmIntentClassifier.builder(b.client()).prompts(b.pack()).build();
  }

  /**
   * A builder for a provider on this client (its model and capabilities); defaults: standard (not multi-info),
   * clarq's own prompt pack.
   */
  public static Builder builder(LlmClient client) {
    return new Builder(client);
  }

  @Override
  public String name() {
    String model = client().model();
    return "llm" + (model.isEmpty() ? "" : ":" + model) + (settings.multiInfo ? "+multi-info" : "");
  }

  /** Whether this is the multi-info variant. */
  public boolean multiInfo() {
    return settings.multiInfo;
  }

  @Override
  protected Builder toBuilder() {
    return settings.copy();
  }

  @Override
  public String opening(Language language) {
    return prompts().fixed("opening", language);
  }

  @Override
  public ProviderReply reply(ProviderTurn turn) throws LlmException {
    ProviderPrompts prompts = new ProviderPrompts(prompts(), turn);
    TurnLog log = new TurnLog();
    ProviderAsk ask = this.ask.inTrial(turn.trial());   // the turn's requests carry its trial's seed
    if (!turn.tree().started()) {
      return relevanceGate(ask, prompts, log);
    }
    IntentReading reading = classifier.classify(turn);
    log.addCalls(reading.llmCalls());
    Intent intent = reading.intent()
        .orElseThrow(() -> new UnparsedReplyException("intent classification", reading.raw()));
    log.note("classified type " + intent.code() + (reading.analysis().isEmpty() ? "" : " (" + reading.analysis() + ")"));
    List<ResponseNode> available = LlmIntentClassifier.availableNodes(turn);
    boolean detail = intent == Intent.ANSWERABLE_DETAIL || intent == Intent.UNANSWERABLE_DETAIL;
    if (available.isEmpty() && detail) {
      log.note("no node left");
      return responseII(utterance(prompts.fixed("enough_info")), intent, log);
    }
    if (intent == Intent.REPEAT) {
      JsonReply r = ask.asked("repeat check", prompts.repeatCheck(), prompts.language(), log, "repeat");
      if (!ask.yes(r, "repeat", "repeat check")) {
        log.note("repeat check: not all answered before, read as type 2");
        intent = Intent.ANSWERABLE_DETAIL;
        detail = true;
      } else {
        log.note("repeat check: all answered before");
      }
    }
    if (detail) {
      List<ResponseNode> nodes = new NodeMatcher(ask).match(prompts, available, settings.multiInfo, log);
      if (!nodes.isEmpty()) {
        return responseI(ask, prompts, nodes, log);
      }
      intent = Intent.UNANSWERABLE_DETAIL;
    }
    switch (intent) {
      case WHOLE_TASK:
        return responseII(written(ask, prompts, "provider/reply_positive", "positive reply", log), intent, log);
      case UNANSWERABLE_DETAIL:
      case VAGUE:
        return responseII(written(ask, prompts, "provider/reply_reassure", "reassurance", log), intent, log);
      case REPEAT:
        return responseII(written(ask, prompts, "provider/reply_repeat", "restatement", log), intent, log);
      case UNRELATED:
        return responseII(utterance(prompts.fixed("type5_unrelated")), intent, log);
      default:
        throw new IllegalStateException("unreachable: type " + intent.code() + " after node matching");
    }
  }

  private ProviderReply relevanceGate(ProviderAsk ask, ProviderPrompts prompts, TurnLog log) throws LlmException {
    JsonReply r = ask.asked("relevance gate", prompts.relevance(), prompts.language(), log, "related");
    if (ask.yes(r, "related", "relevance gate")) {
      log.note("relevance gate: about the task");
      return new ProviderReply(FixedReplies.PREFIX + prompts.solution(), ReplyKind.RESPONSE_I, Optional.empty(),
          List.of(NodeId.ROOT), log.calls(), log.explanation());
    }
    log.note("relevance gate: not about the task");
    return new ProviderReply(prompts.fixed("gate_unrelated"), ReplyKind.RESPONSE_II, Optional.empty(), List.of(),
        log.calls(), log.explanation());
  }

  private ProviderReply responseI(ProviderAsk ask, ProviderPrompts prompts, List<ResponseNode> nodes, TurnLog log)
      throws LlmException {
    List<NodeId> ids = nodes.stream().map(ResponseNode::id).toList();
    String text = nodes.size() == 1
        ? nodes.get(0).text()
        : new MultiInfoMerge(ask).merge(prompts, nodes.stream().map(ResponseNode::text).toList(), log);
    log.note("Response I: " + ids);
    return new ProviderReply(utterance(text), ReplyKind.RESPONSE_I, Optional.of(Intent.ANSWERABLE_DETAIL), ids,
        log.calls(), log.explanation());
  }

  private String written(ProviderAsk ask, ProviderPrompts prompts, String template, String what, TurnLog log)
      throws LlmException {
    JsonReply r = ask.asked(what, prompts.reply(template), prompts.language(), log, "response");
    String text = ask.pack().text(r, "response").orElseThrow(() -> new UnparsedReplyException(what, r.raw()));
    log.note(what + " written");
    return utterance(text);
  }

  /**
   * The final utterance: with the reference behaviour, the reply as it is when it starts with "jax:" (any case),
   * else "Jax: " + the stripped reply (so " Jax: x" becomes "Jax: Jax: x", as in the reference); clarq's behaviour
   * strips first.
   */
  String utterance(String reply) {
    if (prompts().behaviour() == PackBehaviour.REFERENCE) {
      return ReferenceText.hasSpeaker(reply) ? reply : FixedReplies.PREFIX + ReferenceText.strip(reply);
    }
    return FixedReplies.withPrefix(reply);
  }

  private static ProviderReply responseII(String text, Intent intent, TurnLog log) {
    return new ProviderReply(text, ReplyKind.RESPONSE_II, Optional.of(intent), List.of(), log.calls(),
        log.explanation());
  }

  /** Makes an {@link LlmProviderAgent}: a client, a pack, and the variant. */
  public static final class Builder extends AgentBuilder<Builder, LlmProviderAgent> {
    private boolean multiInfo;
    private IntentClassifier classifier;

    private Builder(LlmClient client) {
      super(client, PromptPack.clarq());
    }

    private Builder copy() {
      Builder b = new Builder(client()).prompts(pack());
      b.multiInfo = multiInfo;
      b.classifier = classifier;
      return b;
    }

    /** The multi-info variant: every node passing the first check is given in one merged reply. */
    public Builder multiInfo(boolean multiInfo) {
      this.multiInfo = multiInfo;
      return this;
    }

    /**
     * Replaces the six-way task analysis; the default is an {@link LlmIntentClassifier} on the same client and pack
     * (a replacement makes the run's requests differ from the reference's).
     */
    public Builder intentClassifier(IntentClassifier classifier) {
      this.classifier = Objects.requireNonNull(classifier, "classifier");
      return this;
    }

    @Override
    public LlmProviderAgent build() {
      return new LlmProviderAgent(this);
    }
  }
}
