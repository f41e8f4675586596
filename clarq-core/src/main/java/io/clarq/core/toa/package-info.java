/**
 * Task-oriented asking (TOA): the asker -> oracle -> primary model SPIs, the Repeater baseline, HotpotQA's official
 * answer scoring, recovery as the paper defines it (a ratio of means) with a seeded bootstrap interval, the
 * masked-fact response rate, the response flow and improvability. Metrics are pure functions.
 * Start with {@link io.clarq.core.toa.Asker}, the SPI, and {@link io.clarq.core.toa.AskingAsker}, an asking agent as an
 * asker.
 */
package io.clarq.core.toa;
