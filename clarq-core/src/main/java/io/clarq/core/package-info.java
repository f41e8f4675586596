/**
 * The clarq domain: immutable types for the three benchmarks, the SPIs researchers implement or plug in
 * ({@link io.clarq.core.llm.LlmClient}, {@link io.clarq.core.seeker.SeekerAgent},
 * {@link io.clarq.core.provider.ProviderAgent}, {@link io.clarq.core.judge.Judge}) and every metric as a pure function.
 * This module imports no other clarq module.
 */
package io.clarq.core;
