package io.clarq.core.mediq;

import io.clarq.core.llm.ChatMessage;
import io.clarq.core.llm.ChatRequest;
import io.clarq.core.llm.ChatResponse;
import io.clarq.core.llm.LlmClient;
import io.clarq.core.llm.LlmException;
import io.clarq.core.llm.TokenUsage;
import io.clarq.core.llm.Trials;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Where the MediQ agents' requests go, and with which settings. The reference keeps one model object per model
 * name, made with the settings of its first caller, and every later call to that name reuses them: the expert
 * calls first, so the question generator and the patient get the expert's temperature, {@code max_tokens} (not the
 * patient's 50, nor 1000 for decomposition) and {@code top_logprobs} whenever they share its model name. With
 * {@code keyedByName} (the reference's behaviour, the default) this class does the same; without it every call
 * keeps the settings its caller asked for (a named deviation).
 */
public final class MediqModels {
  private final Function<String, LlmClient> clients;
  private final boolean keyedByName;
  private final Map<String, MediqSampling> firstSettings;
  private final int trial;

  /** A reply as the reference reads it: the text stripped, and the tokens it reports. */
  public record Reply(String text, TokenUsage usage) {}

  /**
   * @param clients the client serving each model name
   * @param keyedByName whether settings are kept per model name from the first call, as the reference does
   */
  public MediqModels(Function<String, LlmClient> clients, boolean keyedByName) {
    this(clients, keyedByName, new ConcurrentHashMap<>(), 1);
  }

  private MediqModels(Function<String, LlmClient> clients, boolean keyedByName, Map<String, MediqSampling> first,
      int trial) {
    this.clients = Objects.requireNonNull(clients, "clients");
    this.keyedByName = keyedByName;
    this.firstSettings = first;
    this.trial = Trials.check(trial);
  }

  /**
   * These models in trial {@code trial} of a run ({@link Trials}): the same clients and settings per model name,
   * and every request carries the trial ({@link ChatRequest#trial()}, which keys a response cache per trial). Trial
   * 1 sends the reference's requests, which carry no seed; trial {@code t > 1} sends seed {@code 8848 + t - 1}.
   *
   * @throws IllegalArgumentException when {@code trial} is below 1
   */
  public MediqModels forTrial(int trial) {
    return new MediqModels(clients, keyedByName, firstSettings, trial);
  }

  /** The trial the requests are made in (1 unless {@link #forTrial} said otherwise). */
  public int trial() {
    return trial;
  }

  /** Every model name served by one client, with the reference's behaviour. */
  public static MediqModels of(LlmClient client) {
    Objects.requireNonNull(client, "client");
    return new MediqModels(name -> client, true);
  }

  /** Whether settings are kept per model name from the first call (the reference's behaviour). */
  public boolean keyedByName() {
    return keyedByName;
  }

  /**
   * Sends {@code messages} to the model of {@code asked} and returns the stripped reply.
   *
   * @throws LlmException when the model gave no usable reply
   */
  public Reply generate(MediqSampling asked, List<ChatMessage> messages) throws LlmException {
    MediqSampling s = keyedByName ? firstSettings.computeIfAbsent(asked.model(), k -> asked) : asked;
    ChatRequest.Builder b = ChatRequest.builder().model(s.model()).messages(messages).temperature(s.temperature())
        .maxTokens(s.maxTokens()).topP(s.topP()).trial(trial);
    if (trial > 1) {
      b.seed(Trials.seed(trial));
    }
    if (s.topLogprobs() > 0) {
      b.logprobs(true).topLogprobs(s.topLogprobs());
    }
    ChatRequest request = b.build();
    LlmClient client = clients.apply(s.model());
    ChatResponse response = client.chat(request);
    client.accept(request, response);   // the reference reads every reply, whatever it says
    return new Reply(PyText.strip(response.text()), response.usage());
  }
}
