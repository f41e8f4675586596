/** {@code clarq flm} and {@code clarq toa}: fact-level masking on HotpotQA and task-oriented asking: generating FLM examples and running the asker against an oracle. */
package io.clarq.examples.cli.toa;
