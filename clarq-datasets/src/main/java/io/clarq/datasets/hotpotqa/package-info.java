/**
 * HotpotQA's original JSON (streamed), fact-level-masking generation with a seed, the FLM examples' JSONL format,
 * and question files for human or pre-computed askers.
 */
package io.clarq.datasets.hotpotqa;
