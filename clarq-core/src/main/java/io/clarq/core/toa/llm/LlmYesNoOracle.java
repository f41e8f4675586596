package io.clarq.core.toa.llm;

import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.prompt.AgentBuilder;
import io.clarq.core.prompt.PackAgent;
import io.clarq.core.prompt.PackLayout;
import io.clarq.core.prompt.PromptPack;
import io.clarq.core.toa.Oracle;
import io.clarq.core.toa.OracleAnswer;
import io.clarq.core.toa.OracleQuery;
import io.clarq.core.toa.flm.Fact;
import java.util.Locale;
import java.util.Map;

/**
 * The reference oracle's scoring with any chat model: every candidate is put to the model with the pack's
 * {@code oracle/yes_no} prompt (the question, the candidate, and whether the one answers the other, yes or no), one
 * token, top log-probabilities asked for when the client's {@link LlmClient#capabilities() capabilities} allow; the
 * candidate with the highest P(yes) ({@link YesNoScore}) wins, ties going to the earlier candidate in context order.
 * Replies that cannot be read are left out of the choice and counted; when none can be read the answer is unparsed.
 */
public final class LlmYesNoOracle extends PackAgent<LlmYesNoOracle> implements Oracle {
  /** How many alternatives per position are asked for (OpenAI's maximum). */
  public static final int TOP_LOGPROBS = 20;

  private LlmYesNoOracle(Builder b) {
    super(b);
  }

  /** A builder for an oracle on this client (its model); default pack clarq's own TOA pack. */
  public static Builder builder(LlmClient client) {
    return new Builder(client);
  }

  /** The prompt for one candidate. */
  public String prompt(String question, Fact candidate) {
    return prompts().render("oracle/yes_no", Map.of("question", question, "candidate", candidate.rendered()));
  }

  @Override
  protected Builder toBuilder() {
    return builder(client()).prompts(prompts());
  }

  @Override
  public OracleAnswer answer(OracleQuery query) throws LlmException {
    String question = query.question();
    Fact best = null;
    double bestP = Double.NEGATIVE_INFINITY;
    String bestReply = "";
    boolean bestFromLogprobs = false;
    int unparsed = 0;
    String firstUnparsed = null;
    for (Fact candidate : query.candidates()) {
      boolean logprobs = client().capabilities().logprobs();
      ChatRequest request = ChatRequest.builder().model(client().model()).user(prompt(question, candidate))
          .temperature(0.0).maxTokens(1).logprobs(logprobs).topLogprobs(logprobs ? TOP_LOGPROBS : null).build();
      ChatResponse response = client().chat(request);
      client().accept(request, response); // read or not, the reply is recorded in the outcome
      YesNoScore.Score score = YesNoScore.of(response);
      if (score.pYes().isEmpty()) {
        unparsed++;
        firstUnparsed = firstUnparsed == null ? response.text() : firstUnparsed;
      } else if (score.pYes().getAsDouble() > bestP) {
        best = candidate;
        bestP = score.pYes().getAsDouble();
        bestReply = response.text();
        bestFromLogprobs = score.fromLogprobs();
      }
    }
    if (best == null) {
      return OracleAnswer.unparsed("no reply read as yes/no (" + unparsed + " unparsed); first: " + firstUnparsed)
          .withUnparsedReplies(unparsed);
    }
    String raw = String.format(Locale.ROOT, "P(yes)=%.4f from %s; reply \"%s\"", bestP,
        bestFromLogprobs ? "logprobs" : "text", bestReply);
    return OracleAnswer.answered(best, raw).withUnparsedReplies(unparsed);
  }

  @Override
  public String describe() {
    return "yesno:" + modelName();
  }

  /** Makes an {@link LlmYesNoOracle}: a client and a TOA pack. */
  public static final class Builder extends AgentBuilder<Builder, LlmYesNoOracle> {
    private Builder(LlmClient client) {
      super(client, PromptPack.builtIn(PackLayout.TOA));
    }

    @Override
    public LlmYesNoOracle build() {
      return new LlmYesNoOracle(this);
    }
  }
}
