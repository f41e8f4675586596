package io.clarq.eval.clarqllm.conformance;

import java.util.Objects;
import java.util.Optional;

/**
 * How one trace record replayed.
 *
 * @param file the trace file it came from
 * @param traceId the record's id
 * @param requests the calls the record holds
 * @param matched the calls clarq asked byte-identically before any failure
 * @param failure the first failure: the call index where it happened and why; empty when the record passed
 */
public record RecordOutcome(String file, String traceId, int requests, int matched, Optional<Failure> failure) {
  /** The first difference of a record: at which call (index into the record's calls), and what. */
  public record Failure(int call, String reason) {
    public Failure {
      Objects.requireNonNull(reason, "reason");
    }
  }

  public RecordOutcome {
    Objects.requireNonNull(file, "file");
    Objects.requireNonNull(traceId, "traceId");
    Objects.requireNonNull(failure, "failure");
    if (matched < 0 || matched > requests) {
      throw new IllegalArgumentException("illegal outcome for " + traceId + ": matched " + matched + " of "
          + requests + " requests");
    }
  }

  public boolean passed() {
    return failure.isEmpty();
  }
}
