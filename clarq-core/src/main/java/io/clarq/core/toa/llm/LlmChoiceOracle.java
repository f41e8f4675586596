package io.clarq.core.toa.llm;

import io.clarq.core.flm.ExampleSeed;
import io.clarq.core.flm.Fact;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.toa.Oracle;
import io.clarq.core.toa.OracleAnswer;
import io.clarq.core.toa.OracleQuery;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The seed paper's alternative oracle: the model sees the candidates numbered from 1 in a seeded shuffle (the same
 * for an example on every run and machine, {@link ExampleSeed}) and names one by number. The first integer in the
 * reply that is a valid number is taken. What happens to a reply without one is {@link Unparsed}.
 */
public final class LlmChoiceOracle implements Oracle {
  /** What to do with a reply that names no candidate. */
  public enum Unparsed {
    /** Record the answer as unparsed, raw text kept, and count it (default). */
    RECORD,
    /** The paper's behaviour: pick a seeded random candidate; the reply is still counted as unparsed. */
    RANDOM_INDEX
  }

  private static final Pattern NUMBER = Pattern.compile("\\d+");

  private final LlmClient client;
  private final String model;
  private final long seed;
  private final Unparsed unparsed;

  /**
   * @param client the model's client
   * @param model the model name, "" for the client's default
   * @param seed the shuffle's seed
   * @param unparsed what to do with a reply that names no candidate
   */
  public LlmChoiceOracle(LlmClient client, String model, long seed, Unparsed unparsed) {
    this.client = Objects.requireNonNull(client, "client");
    this.model = Objects.requireNonNull(model, "model");
    this.seed = seed;
    this.unparsed = Objects.requireNonNull(unparsed, "unparsed");
  }

  /** The candidates in the order the model sees them. */
  public List<Fact> shuffled(OracleQuery query) {
    List<Fact> order = new ArrayList<>(query.candidates());
    Collections.shuffle(order, new Random(ExampleSeed.of(seed, query.exampleId())));
    return order;
  }

  /** The prompt for a question and the shuffled candidates. */
  public static String prompt(String question, List<Fact> shuffled) {
    StringBuilder sb = new StringBuilder("Question: ").append(question).append("\n\nCandidate answers:\n");
    for (int i = 0; i < shuffled.size(); i++) {
      sb.append(i + 1).append(". ").append(shuffled.get(i).rendered()).append('\n');
    }
    return sb.append("\nWhich candidate answers the question best? Reply with its number only.").toString();
  }

  @Override
  public OracleAnswer answer(OracleQuery query) throws LlmException {
    List<Fact> order = shuffled(query);
    ChatRequest request = ChatRequest.builder().model(model).user(prompt(query.question(), order)).temperature(0.0)
        .maxTokens(8).build();
    ChatResponse response = client.chat(request);
    client.accept(request, response); // read or not, the reply is recorded in the outcome
    String reply = response.text();
    Matcher m = NUMBER.matcher(reply);
    while (m.find()) {
      String digits = m.group();
      if (digits.length() <= 6) {
        int n = Integer.parseInt(digits);
        if (n >= 1 && n <= order.size()) {
          return OracleAnswer.answered(order.get(n - 1), reply);
        }
      }
    }
    if (unparsed == Unparsed.RANDOM_INDEX) {
      int pick = new Random(ExampleSeed.of(seed ^ 0x5bd1e995L, query.exampleId())).nextInt(order.size());
      return OracleAnswer.answered(order.get(pick), "[unparsed, random index " + (pick + 1) + "] " + reply)
          .withUnparsedReplies(1);
    }
    return OracleAnswer.unparsed(reply).withUnparsedReplies(1);
  }

  @Override
  public String describe() {
    return "choice:" + (model.isEmpty() ? "default" : model) + ":seed=" + seed + ":unparsed="
        + unparsed.name().toLowerCase(java.util.Locale.ROOT);
  }
}
