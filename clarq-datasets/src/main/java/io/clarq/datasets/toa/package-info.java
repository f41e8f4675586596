/**
 * HotpotQA's original JSON (streamed), fact-level-masking generation with a seed, the FLM examples' JSONL format,
 * question files for human or pre-computed askers, and the TOA paper's asker prompts read from their data file.
 * Start with {@link io.clarq.datasets.toa.HotpotQaReader} and {@link io.clarq.datasets.toa.FlmGenerator}.
 */
package io.clarq.datasets.toa;
