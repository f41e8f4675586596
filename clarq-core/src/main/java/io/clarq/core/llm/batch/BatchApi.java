package io.clarq.core.llm.batch;

import io.clarq.core.llm.LlmException;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One provider's batch API: submit request bodies as one batch, poll it, read each entry's outcome once it ended.
 * Implementations: {@link OpenAiBatchApi} (the Batch API over {@code /v1/chat/completions}),
 * {@link AnthropicBatchApi} (Message Batches).
 */
interface BatchApi {
  /** "openai" or "anthropic": what the state file records, so a resume polls the same API. */
  String protocol();

  /** Submits {@code entries} as one batch and returns its id. */
  String submit(List<Entry> entries) throws LlmException;

  /** The batch's state now. */
  Status poll(String batchId) throws LlmException;

  /** The outcome of each entry of an ended batch; entries it has no outcome for are left out. */
  List<Outcome> results(Status ended) throws LlmException;

  /**
   * One request of a batch.
   *
   * @param customId the id the results are matched by (1-64 of {@code [A-Za-z0-9_-]}, as both APIs require)
   * @param body the request body, byte for byte what the synchronous client sends
   */
  record Entry(String customId, byte[] body) {
    public Entry {
      Objects.requireNonNull(body, "body");
      if (customId == null || !customId.matches("[A-Za-z0-9_-]{1,64}")) {
        throw new IllegalArgumentException("illegal custom_id '" + customId + "': 1-64 letters, digits, _ or -");
      }
    }
  }

  /**
   * A batch as the provider reports it.
   *
   * @param id the batch id
   * @param state the provider's own word for it (OpenAI's {@code status}, Anthropic's {@code processing_status})
   * @param ended whether no entry will change any more
   * @param files where the outcomes are: OpenAI's {@code output_file_id} and {@code error_file_id}, Anthropic's
   *     {@code results_url}
   */
  record Status(String id, String state, boolean ended, Map<String, String> files) {
    public Status {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(state, "state");
      files = Map.copyOf(files);
    }
  }

  /**
   * One entry's outcome.
   *
   * @param kind succeeded, errored, expired or canceled
   * @param body the reply body when it succeeded (the synchronous endpoint's reply), else empty
   * @param reason the provider's reason when it did not
   */
  record Outcome(String customId, Kind kind, byte[] body, String reason) {
    /** What became of an entry. */
    public enum Kind { SUCCEEDED, ERRORED, EXPIRED, CANCELED }

    public Outcome {
      Objects.requireNonNull(customId, "customId");
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(body, "body");
      Objects.requireNonNull(reason, "reason");
    }
  }
}
