package io.clarq.core.llm;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One chat-completion request. Unset generation parameters are left to the server's defaults and are not sent.
 * Built with {@link #builder()}; validated on {@link Builder#build()} with messages naming the bad value.
 * Equal requests are equal objects (the response cache keys on every field). The {@link #trial() trial} is not sent to
 * the server: it keys a response cache per trial ({@link io.clarq.core.llm.cache.CacheKey}).
 */
public final class ChatRequest {
  private final String model;
  private final List<ChatMessage> messages;
  private final Double temperature;
  private final Double topP;
  private final Long seed;
  private final Integer maxTokens;
  private final List<String> stop;
  private final ResponseFormat responseFormat;
  private final String jsonSchema;
  private final boolean logprobs;
  private final Integer topLogprobs;
  private final int trial;

  private ChatRequest(Builder b) {
    this.model = b.model;
    this.messages = List.copyOf(b.messages);
    this.temperature = b.temperature;
    this.topP = b.topP;
    this.seed = b.seed;
    this.maxTokens = b.maxTokens;
    this.stop = List.copyOf(b.stop);
    this.responseFormat = b.responseFormat;
    this.jsonSchema = b.jsonSchema;
    this.logprobs = b.logprobs;
    this.topLogprobs = b.topLogprobs;
    this.trial = b.trial;
  }

  public static Builder builder() {
    return new Builder();
  }

  /** A builder holding this request's values, to derive a variant. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.model = model;
    b.messages.addAll(messages);
    b.temperature = temperature;
    b.topP = topP;
    b.seed = seed;
    b.maxTokens = maxTokens;
    b.stop.addAll(stop);
    b.responseFormat = responseFormat;
    b.jsonSchema = jsonSchema;
    b.logprobs = logprobs;
    b.topLogprobs = topLogprobs;
    b.trial = trial;
    return b;
  }

  /** The model name; empty means the client's default model. */
  public String model() {
    return model;
  }

  public List<ChatMessage> messages() {
    return messages;
  }

  public Optional<Double> temperature() {
    return Optional.ofNullable(temperature);
  }

  public Optional<Double> topP() {
    return Optional.ofNullable(topP);
  }

  public Optional<Long> seed() {
    return Optional.ofNullable(seed);
  }

  public Optional<Integer> maxTokens() {
    return Optional.ofNullable(maxTokens);
  }

  public List<String> stop() {
    return stop;
  }

  public ResponseFormat responseFormat() {
    return responseFormat;
  }

  /** The JSON schema (as JSON text) when the format is {@link ResponseFormat#JSON_SCHEMA}. */
  public Optional<String> jsonSchema() {
    return Optional.ofNullable(jsonSchema);
  }

  /** Whether per-token log-probabilities are asked for. */
  public boolean logprobs() {
    return logprobs;
  }

  public Optional<Integer> topLogprobs() {
    return Optional.ofNullable(topLogprobs);
  }

  /**
   * The trial of a run this request is made in ({@link Trials}); 1 (the default) outside a run with trials. Never
   * sent to the server; a response cache keys trials apart on it, so two trials never share a reply.
   */
  public int trial() {
    return trial;
  }

  /** Whether the reply is reproducible in principle: temperature 0 or a fixed seed. */
  public boolean deterministic() {
    return (temperature != null && temperature == 0.0) || seed != null;
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof ChatRequest r)) {
      return false;
    }
    return model.equals(r.model) && messages.equals(r.messages) && Objects.equals(temperature, r.temperature)
        && Objects.equals(topP, r.topP) && Objects.equals(seed, r.seed) && Objects.equals(maxTokens, r.maxTokens)
        && stop.equals(r.stop) && responseFormat == r.responseFormat && Objects.equals(jsonSchema, r.jsonSchema)
        && logprobs == r.logprobs && Objects.equals(topLogprobs, r.topLogprobs) && trial == r.trial;
  }

  @Override
  public int hashCode() {
    return Objects.hash(model, messages, temperature, topP, seed, maxTokens, stop, responseFormat, jsonSchema,
        logprobs, topLogprobs, trial);
  }

  @Override
  public String toString() {
    return "ChatRequest{model=" + model + ", messages=" + messages.size() + ", temperature=" + temperature
        + ", topP=" + topP + ", seed=" + seed + ", maxTokens=" + maxTokens + ", stop=" + stop
        + ", responseFormat=" + responseFormat + ", logprobs=" + logprobs + (trial == 1 ? "" : ", trial=" + trial) + "}";
  }

  /** Builds a {@link ChatRequest}. Only messages are required. */
  public static final class Builder {
    private String model = "";
    private final List<ChatMessage> messages = new ArrayList<>();
    private Double temperature;
    private Double topP;
    private Long seed;
    private Integer maxTokens;
    private final List<String> stop = new ArrayList<>();
    private ResponseFormat responseFormat = ResponseFormat.TEXT;
    private String jsonSchema;
    private boolean logprobs;
    private Integer topLogprobs;
    private int trial = 1;

    private Builder() {}

    public Builder model(String model) {
      this.model = Objects.requireNonNull(model, "model");
      return this;
    }

    public Builder messages(List<ChatMessage> messages) {
      this.messages.clear();
      this.messages.addAll(messages);
      return this;
    }

    public Builder message(ChatMessage message) {
      this.messages.add(Objects.requireNonNull(message, "message"));
      return this;
    }

    public Builder system(String content) {
      return message(ChatMessage.system(content));
    }

    public Builder user(String content) {
      return message(ChatMessage.user(content));
    }

    public Builder assistant(String content) {
      return message(ChatMessage.assistant(content));
    }

    public Builder temperature(Double temperature) {
      this.temperature = temperature;
      return this;
    }

    public Builder topP(Double topP) {
      this.topP = topP;
      return this;
    }

    public Builder seed(Long seed) {
      this.seed = seed;
      return this;
    }

    public Builder maxTokens(Integer maxTokens) {
      this.maxTokens = maxTokens;
      return this;
    }

    public Builder stop(List<String> stop) {
      this.stop.clear();
      this.stop.addAll(stop);
      return this;
    }

    public Builder responseFormat(ResponseFormat format) {
      this.responseFormat = Objects.requireNonNull(format, "responseFormat");
      return this;
    }

    /** Asks for replies following this JSON schema (JSON text); sets the format to JSON_SCHEMA. */
    public Builder jsonSchema(String schema) {
      this.jsonSchema = Objects.requireNonNull(schema, "jsonSchema");
      this.responseFormat = ResponseFormat.JSON_SCHEMA;
      return this;
    }

    public Builder logprobs(boolean logprobs) {
      this.logprobs = logprobs;
      return this;
    }

    public Builder topLogprobs(Integer topLogprobs) {
      this.topLogprobs = topLogprobs;
      return this;
    }

    /**
     * The trial the request is made in (default 1; see {@link ChatRequest#trial()}). It does not set the seed: an
     * agent sends {@link Trials#seed(int)} of it when its model takes a seed.
     *
     * @throws IllegalArgumentException when {@code trial} is below 1
     */
    public Builder trial(int trial) {
      this.trial = Trials.check(trial);
      return this;
    }

    /** @throws IllegalArgumentException naming the bad value */
    public ChatRequest build() {
      if (messages.isEmpty()) {
        throw new IllegalArgumentException("illegal chat request: no messages");
      }
      if (temperature != null && !(temperature >= 0.0 && temperature <= 2.0)) {
        throw new IllegalArgumentException("illegal temperature " + temperature + ": must be in [0, 2]");
      }
      if (topP != null && !(topP > 0.0 && topP <= 1.0)) {
        throw new IllegalArgumentException("illegal top_p " + topP + ": must be in (0, 1]");
      }
      if (maxTokens != null && maxTokens <= 0) {
        throw new IllegalArgumentException("illegal max tokens " + maxTokens + ": must be positive");
      }
      if (topLogprobs != null && (topLogprobs < 0 || topLogprobs > 20)) {
        throw new IllegalArgumentException("illegal top_logprobs " + topLogprobs + ": must be 0-20");
      }
      if (responseFormat == ResponseFormat.JSON_SCHEMA && jsonSchema == null) {
        throw new IllegalArgumentException("illegal chat request: JSON_SCHEMA format without a schema");
      }
      return new ChatRequest(this);
    }
  }
}
