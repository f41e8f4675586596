package io.clarq.core.llm;

import java.util.List;
import java.util.Objects;

/**
 * The log-probability of one generated token and, when asked for, the most likely alternatives at that position.
 *
 * @param token the generated token
 * @param logprob its natural-log probability
 * @param top the alternatives (token and logprob each), most likely first; empty when not requested
 */
public record TokenLogprob(String token, double logprob, List<Alternative> top) {
  /** One alternative token at a position. */
  public record Alternative(String token, double logprob) {
    public Alternative {
      Objects.requireNonNull(token, "token");
    }
  }

  public TokenLogprob {
    Objects.requireNonNull(token, "token");
    top = List.copyOf(top);
  }
}
