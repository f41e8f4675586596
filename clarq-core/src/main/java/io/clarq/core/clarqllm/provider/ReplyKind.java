package io.clarq.core.clarqllm.provider;

/** The two kinds of provider reply the paper distinguishes. */
public enum ReplyKind {
  /** Gold content: exactly "Jax: " + a node's text (or, multi-info, several nodes merged). */
  RESPONSE_I,
  /** No gold content: reassurance, restatement, apology, enough-information or unrelated line. */
  RESPONSE_II
}
