package io.clarq.core.provider.llm;

import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.provider.FixedReplies;
import io.clarq.core.provider.Intent;
import io.clarq.core.provider.ProviderAgent;
import io.clarq.core.provider.ProviderReply;
import io.clarq.core.provider.ProviderTurn;
import io.clarq.core.provider.ReplyKind;
import io.clarq.core.task.Language;
import io.clarq.core.tree.NodeId;
import io.clarq.core.tree.ResponseNode;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The reference provider agent, step by step as clarq-llm-protocol.md §4 describes it:
 *
 * <ol>
 *   <li>until the task has started, a relevance gate: a seeker line about this task gets node 0, anything else a
 *       fixed apology;
 *   <li>task analysis by an {@link IntentClassifier} into the six {@link Intent}s;
 *   <li>a detail question (type 2 or 3) with no node left gets the fixed enough-information line;
 *   <li>a repeat (type 4) is checked: if not all of the seeker's questions were answered before, it becomes type 2;
 *   <li>types 2 and 3: {@link NodeMatcher} tries the available nodes in display order in up to three passes; a match
 *       is Response I, exactly "Jax: " + the node's text; no match makes it type 3;
 *   <li>Response II: type 1 a positive reply, types 3 and 6 a reassurance, type 4 a restatement (all model-written
 *       under the constraints of the prompts), type 5 a fixed line;
 *   <li>every reply carries the "Jax: " prefix.
 * </ol>
 *
 * All model calls use JSON mode, temperature 0 and seed 8848. The multi-info variant gives every node that passes
 * the first check in one reply, merged by {@link MultiInfoMerge}. Stateless across turns and thread-safe when the
 * client is.
 */
public final class LlmProviderAgent implements ProviderAgent {
  private final String model;
  private final boolean multiInfo;
  private final JsonAsk ask;
  private final IntentClassifier classifier;
  private final NodeMatcher matcher;
  private final MultiInfoMerge merger;

  private LlmProviderAgent(Builder b) {
    this.model = b.model;
    this.multiInfo = b.multiInfo;
    this.ask = new JsonAsk(b.client, b.model);
    this.classifier = b.classifier != null ? b.classifier : new LlmIntentClassifier(b.client, b.model);
    this.matcher = new NodeMatcher(ask);
    this.merger = new MultiInfoMerge(ask);
  }

  /** A builder for a provider on this model client; defaults: the client's default model, standard (not multi-info). */
  public static Builder builder(LlmClient client) {
    return new Builder(client);
  }

  @Override
  public String name() {
    return "llm" + (model.isEmpty() ? "" : ":" + model) + (multiInfo ? "+multi-info" : "");
  }

  /** Whether this is the multi-info variant. */
  public boolean multiInfo() {
    return multiInfo;
  }

  @Override
  public ProviderReply reply(ProviderTurn turn) throws LlmException {
    Language language = turn.task().language();
    ProviderPrompts prompts = new ProviderPrompts(turn);
    TurnLog log = new TurnLog();
    if (!turn.tree().started()) {
      return relevanceGate(turn, prompts, log);
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
      return responseII(FixedReplies.enoughInformation(language), intent, log);
    }
    if (intent == Intent.REPEAT) {
      if (!JsonAsk.yesNo(ask.ask("repeat check", prompts.repeat(), language, log, "repeat"), "repeat",
          "repeat check")) {
        log.note("repeat check: not all answered before, read as type 2");
        intent = Intent.ANSWERABLE_DETAIL;
        detail = true;
      } else {
        log.note("repeat check: all answered before");
      }
    }
    if (detail) {
      List<ResponseNode> nodes = matcher.match(prompts, language, available, multiInfo, log);
      if (!nodes.isEmpty()) {
        return responseI(language, nodes, log);
      }
      intent = Intent.UNANSWERABLE_DETAIL;
    }
    switch (intent) {
      case WHOLE_TASK:
        return responseII(written(prompts.positive(), "positive reply", language, log), intent, log);
      case UNANSWERABLE_DETAIL:
      case VAGUE:
        return responseII(written(prompts.reassurance(), "reassurance", language, log), intent, log);
      case REPEAT:
        return responseII(written(prompts.restatement(), "restatement", language, log), intent, log);
      case UNRELATED:
        return responseII(FixedReplies.unrelatedChat(language), intent, log);
      default:
        throw new IllegalStateException("unreachable: type " + intent.code() + " after node matching");
    }
  }

  private ProviderReply relevanceGate(ProviderTurn turn, ProviderPrompts prompts, TurnLog log) throws LlmException {
    ResponseNode root = turn.task().tree().root();
    Language language = turn.task().language();
    if (JsonAsk.yesNo(ask.ask("relevance gate", prompts.relevance(root.text()), language, log, "related"), "related",
        "relevance gate")) {
      log.note("relevance gate: about the task");
      return new ProviderReply(FixedReplies.PREFIX + root.text(), ReplyKind.RESPONSE_I, Optional.empty(),
          List.of(NodeId.ROOT), log.calls(), log.explanation());
    }
    log.note("relevance gate: not about the task");
    return new ProviderReply(FixedReplies.notAboutTheTask(language), ReplyKind.RESPONSE_II,
        Optional.empty(), List.of(), log.calls(), log.explanation());
  }

  private ProviderReply responseI(Language language, List<ResponseNode> nodes, TurnLog log) throws LlmException {
    List<NodeId> ids = nodes.stream().map(ResponseNode::id).toList();
    String text = nodes.size() == 1
        ? FixedReplies.PREFIX + nodes.get(0).text()
        : FixedReplies.withPrefix(merger.merge(language, nodes.stream().map(ResponseNode::text).toList(), log));
    log.note("Response I: " + ids);
    return new ProviderReply(text, ReplyKind.RESPONSE_I,
        Optional.of(Intent.ANSWERABLE_DETAIL), ids, log.calls(), log.explanation());
  }

  private String written(String prompt, String what, Language language, TurnLog log) throws LlmException {
    String text = JsonAsk.text(ask.ask(what, prompt, language, log, "response"), "response", what);
    log.note(what + " written");
    return FixedReplies.withPrefix(text);
  }

  private static ProviderReply responseII(String text, Intent intent, TurnLog log) {
    return new ProviderReply(text, ReplyKind.RESPONSE_II, Optional.of(intent), List.of(), log.calls(),
        log.explanation());
  }

  /** Configures an {@link LlmProviderAgent}. */
  public static final class Builder {
    private final LlmClient client;
    private String model = "";
    private boolean multiInfo;
    private IntentClassifier classifier;

    private Builder(LlmClient client) {
      this.client = Objects.requireNonNull(client, "client");
    }

    /** The model name sent with each request; empty (the default) for the client's default model. */
    public Builder model(String model) {
      this.model = Objects.requireNonNull(model, "model");
      return this;
    }

    /** The multi-info variant: every node passing the first check is given in one merged reply. */
    public Builder multiInfo(boolean multiInfo) {
      this.multiInfo = multiInfo;
      return this;
    }

    /** Replaces the six-way task analysis; the default is an {@link LlmIntentClassifier} on the same model. */
    public Builder intentClassifier(IntentClassifier classifier) {
      this.classifier = Objects.requireNonNull(classifier, "classifier");
      return this;
    }

    public LlmProviderAgent build() {
      return new LlmProviderAgent(this);
    }
  }
}
