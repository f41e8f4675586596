package io.clarq.core.toa.llm;

import io.clarq.core.flm.Fact;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.toa.Oracle;
import io.clarq.core.toa.OracleAnswer;
import io.clarq.core.toa.OracleQuery;
import java.util.Locale;
import java.util.Objects;

/**
 * The reference oracle's scoring with any chat model: every candidate is put to the model with the reference prompt
 * {@code "question: {q}\ncontext: {candidate}\nprompt: Does the context answer the question, yes or no?"}, one
 * token, top log-probabilities asked for; the candidate with the highest P(yes) ({@link YesNoScore}) wins, ties
 * going to the earlier candidate in context order. Replies that cannot be read are left out of the choice and
 * counted; when none can be read the answer is unparsed.
 */
public final class LlmYesNoOracle implements Oracle {
  /** How many alternatives per position are asked for (OpenAI's maximum). */
  public static final int TOP_LOGPROBS = 20;

  private final LlmClient client;
  private final String model;

  /**
   * @param client the model's client
   * @param model the model name, "" for the client's default
   */
  public LlmYesNoOracle(LlmClient client, String model) {
    this.client = Objects.requireNonNull(client, "client");
    this.model = Objects.requireNonNull(model, "model");
  }

  /** The reference prompt for one candidate. */
  public static String prompt(String question, Fact candidate) {
    return "question: " + question + "\ncontext: " + candidate.rendered()
        + "\nprompt: Does the context answer the question, yes or no?";
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
      ChatRequest request = ChatRequest.builder().model(model).user(prompt(question, candidate)).temperature(0.0)
          .maxTokens(1).logprobs(true).topLogprobs(TOP_LOGPROBS).build();
      ChatResponse response = client.chat(request);
      client.accept(request, response); // read or not, the reply is recorded in the outcome
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
    return "yesno:" + (model.isEmpty() ? "default" : model);
  }
}
