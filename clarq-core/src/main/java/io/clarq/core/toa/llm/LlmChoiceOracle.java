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
import io.clarq.core.toa.flm.ExampleSeed;
import io.clarq.core.toa.flm.Fact;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The seed paper's alternative oracle: the model sees the candidates numbered from 1 (the pack's
 * {@code oracle/choice} and {@code oracle/choice_item} templates) in a seeded shuffle (the same
 * for an example on every run and machine, {@link ExampleSeed}) and names one by number. The first integer in the
 * reply that is a valid number is taken. What happens to a reply without one is {@link Unparsed}.
 */
public final class LlmChoiceOracle extends PackAgent<LlmChoiceOracle> implements Oracle {
  /** What to do with a reply that names no candidate. */
  public enum Unparsed {
    /** Record the answer as unparsed, raw text kept, and count it (default). */
    RECORD,
    /** The paper's behaviour: pick a seeded random candidate; the reply is still counted as unparsed. */
    RANDOM_INDEX
  }

  private static final Pattern NUMBER = Pattern.compile("\\d+");

  private final long seed;
  private final Unparsed unparsed;

  private LlmChoiceOracle(Builder b) {
    super(b);
    this.seed = b.seed;
    this.unparsed = b.unparsed;
  }

  /**
   * A builder for an oracle on this client (its model); defaults: seed 0, {@link Unparsed#RECORD}, clarq's own TOA
   * pack.
   */
  public static Builder builder(LlmClient client) {
    return new Builder(client);
  }

  /** The candidates in the order the model sees them. */
  public List<Fact> shuffled(OracleQuery query) {
    List<Fact> order = new ArrayList<>(query.candidates());
    Collections.shuffle(order, new Random(ExampleSeed.of(seed, query.exampleId())));
    return order;
  }

  /** The prompt for a question and the shuffled candidates, numbered from 1. */
  public String prompt(String question, List<Fact> shuffled) {
    StringBuilder items = new StringBuilder();
    for (int i = 0; i < shuffled.size(); i++) {
      items.append(prompts().render("oracle/choice_item",
          Map.of("index", String.valueOf(i + 1), "candidate", shuffled.get(i).rendered())));
    }
    return prompts().render("oracle/choice", Map.of("question", question, "candidates", items.toString()));
  }

  @Override
  protected Builder toBuilder() {
    return builder(client()).prompts(prompts()).seed(seed).unparsed(unparsed);
  }

  @Override
  public OracleAnswer answer(OracleQuery query) throws LlmException {
    List<Fact> order = shuffled(query);
    ChatRequest request = ChatRequest.builder().model(client().model()).user(prompt(query.question(), order))
        .temperature(0.0).maxTokens(8).build();
    ChatResponse response = client().chat(request);
    client().accept(request, response); // read or not, the reply is recorded in the outcome
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
    return "choice:" + modelName() + ":seed=" + seed + ":unparsed="
        + unparsed.name().toLowerCase(java.util.Locale.ROOT);
  }

  /** Makes an {@link LlmChoiceOracle}: a client and a TOA pack, the shuffle's seed and the unparsed policy. */
  public static final class Builder extends AgentBuilder<Builder, LlmChoiceOracle> {
    private long seed;
    private Unparsed unparsed = Unparsed.RECORD;

    private Builder(LlmClient client) {
      super(client, PromptPack.builtIn(PackLayout.TOA));
    }

    /** The shuffle's seed (default 0). */
    public Builder seed(long seed) {
      this.seed = seed;
      return this;
    }

    /** What to do with a reply that names no candidate (default {@link Unparsed#RECORD}). */
    public Builder unparsed(Unparsed unparsed) {
      this.unparsed = Objects.requireNonNull(unparsed, "unparsed");
      return this;
    }

    @Override
    public LlmChoiceOracle build() {
      return new LlmChoiceOracle(this);
    }
  }
}
