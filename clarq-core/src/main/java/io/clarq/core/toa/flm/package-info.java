/**
 * Fact-level masking (FLM) on HotpotQA: the HotpotQA example, its facts (supporting or distractor), and the masked
 * example with its complete and incomplete contexts and the oracle's candidate responses.
 * Start with {@link io.clarq.core.toa.flm.FlmExample}.
 */
package io.clarq.core.toa.flm;
